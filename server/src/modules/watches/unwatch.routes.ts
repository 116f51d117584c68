import { escapeHtml } from '../../idp/views.js';
import { renderMessage, type MessageKey, type MessageLanguage } from '@dp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.js';
import * as service from './watches.service.js';
import { verifyUnwatch } from './unwatch-link.js';

function page(language: MessageLanguage, body: string) {
  const title = escapeHtml(renderMessage('unwatch.title', {}, language));
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/**
 * The page a mail's unwatch link opens (issue 42). A GET only shows the question with one button, so a
 * mail scanner that follows links changes nothing; the button, and a mail client's RFC 8058 one-click
 * POST (`List-Unsubscribe=One-Click`) to the same link, end the watches.
 */
export async function unwatchPageRoutes(app: FastifyInstance, { db, linkSecret }: { db: Db; linkSecret: string }) {
  await app.register(async (scope) => {
    // RFC 8058 posts a form (urlencoded or multipart) whose content does not matter: the link says it all.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) => done(null, null));
    const message = (language: MessageLanguage, key: MessageKey, params = {}) =>
      `<p>${escapeHtml(renderMessage(key, params, language))}</p>`;
    /** The link's grant; without a valid one the page says so (400) and the route ends there. */
    const grantOr400 = (req: FastifyRequest, res: FastifyReply) => {
      res.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const token = (req.query as { t?: unknown }).t;
      const grant = typeof token === 'string' ? verifyUnwatch(linkSecret, token) : null;
      if (!grant) void res.code(400).send(page('en', message('en', 'unwatch.invalid')));
      return grant;
    };

    // Pages for people, not API operations: left out of the OpenAPI document.
    scope.get('/unwatch', { schema: { hide: true } }, async (req, res) => {
      const grant = grantOr400(req, res);
      if (!grant) return res;
      const labels = await service.versionLabels(db, grant.versionIds);
      const question = escapeHtml(renderMessage('unwatch.question', { versions: labels.join(', ') }, grant.language));
      const token = escapeHtml(String((req.query as { t: string }).t));
      return res.send(
        page(
          grant.language,
          `<p>${question}</p><form method="post" action="/unwatch?t=${token}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(renderMessage('unwatch.button', {}, grant.language))}</button></form>`,
        ),
      );
    });

    scope.post('/unwatch', { schema: { hide: true } }, async (req, res) => {
      const grant = grantOr400(req, res);
      if (!grant) return res;
      const labels = await service.versionLabels(db, grant.versionIds);
      await service.unwatchVersions(db, grant.username, grant.versionIds);
      const html = page(grant.language, message(grant.language, 'unwatch.done', { versions: labels.join(', ') }));
      return res.send(html);
    });
  });
}
