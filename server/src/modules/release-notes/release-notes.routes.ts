import {
  apiError,
  internalReleaseNotes,
  internalReleaseNotesQuery,
  messageLanguageOf,
  releaseNotes,
  type CodeHostIssues as Issues,
} from '@dp/contract';
import { requireRole } from '../../auth/plugin.js';
import type { AppContext, ZodApp } from '../../http/types.js';
import { CodeHostIssues, type IssuesOutcome } from './code-host.js';
import { loadHistory } from './release-history.js';

const errors = { 400: apiError, 401: apiError, 403: apiError };

/** What the page gets of the code host's issues, the reason in the user's language. */
function issuesAnswer(outcome: IssuesOutcome | null, acceptLanguage: string | undefined): Issues {
  if (outcome === null) return { status: 'pending', message: null, code: null, fetched_at: null, versions: [] };
  if (outcome.ok)
    return {
      status: 'ok',
      message: null,
      code: null,
      fetched_at: outcome.fetchedAt.toISOString(),
      versions: outcome.versions,
    };
  return {
    status: 'unavailable',
    message: outcome.reason.render(messageLanguageOf(acceptLanguage)),
    code: outcome.reason.key,
    fetched_at: null,
    versions: [],
  };
}

/**
 * The release notes (SPEC 2 'Release-notes pages', SPEC 7 'Release notes'): the version histories
 * kept in server/release-notes/, and for intern and admin the code host's issues, fetched here with
 * the token that never leaves the server.
 */
export function releaseNotesRoutes(app: ZodApp, { config }: AppContext) {
  const external = loadHistory('external');
  const internal = loadHistory('internal');
  const issues = new CodeHostIssues({ apiUrl: config.codeHost.apiUrl, token: config.codeHost.token, log: app.log });

  app.get('/api/release-notes', {
    schema: {
      tags: ['release notes'],
      summary: 'The version history every signed-in user sees (German)',
      response: { 200: releaseNotes, ...errors },
    },
    onRequest: requireRole('extern'),
    handler: () => ({ history: external }),
  });

  app.get('/api/release-notes/internal', {
    schema: {
      tags: ['release notes'],
      summary: "The internal (English) version history and the code host's issues of 2.6.0 and 2.5.0",
      description:
        'The issues are fetched by the server and cached for a few minutes. When the code host cannot be asked (not configured, down, slow, refusing the token), `issues.status` is `unavailable` and `issues.message` says why; the history is there all the same. With `issues=cached` the answer never waits for the code host.',
      querystring: internalReleaseNotesQuery,
      response: { 200: internalReleaseNotes, ...errors },
    },
    onRequest: requireRole('intern'),
    handler: async (req) => ({
      history: internal,
      issues: issuesAnswer(await issues.get(req.query.issues), req.headers['accept-language']),
    }),
  });
}
