import type { FastifyInstance } from 'fastify';
import { HttpError, msg } from './errors.js';

const UTF8 = new Set(['utf-8', 'utf8']);
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The `charset` parameter of a Content-Type header, lower-cased, or undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** A body as text, if it is UTF-8 as sent: 415 when it declares another charset, 400 when its bytes are not UTF-8. */
function utf8Text(contentType: string | undefined, body: Buffer): string {
  const charset = charsetOf(contentType);
  if (charset !== undefined && !UTF8.has(charset))
    throw new HttpError(415, msg('errors.charset', { charset: charset.slice(0, 40) }));
  try {
    return decoder.decode(body);
  } catch {
    throw new HttpError(400, msg('errors.invalidUtf8'));
  }
}

/**
 * JSON bodies are UTF-8 (RFC 8259 §8.1). Fastify's own parser decodes with replacement characters, so
 * broken bytes would be stored as U+FFFD and a body in another charset would be misread; here a body
 * that declares another charset answers 415 and one that is not valid UTF-8 answers 400.
 */
export function registerStrictJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8Text(request.headers['content-type'], body as Buffer);
    } catch (error) {
      done(error as HttpError, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

/** The same rule for HTML form posts (the embedded provider's sign-in page); fields become strings (the last of a repeated one). */
export function registerStrictFormParser(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, Object.fromEntries(new URLSearchParams(utf8Text(request.headers['content-type'], body as Buffer))));
    } catch (error) {
      done(error as HttpError, undefined);
    }
  });
}
