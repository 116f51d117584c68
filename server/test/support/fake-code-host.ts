import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An issue as GitLab's issues API lists it (the fields the product reads, and a few it ignores). */
export interface FakeIssue {
  iid: number;
  title: string;
  state: 'opened' | 'closed';
  labels: string[];
  web_url: string;
}

/**
 * How the fake answers: `ok` lists issues page by page (`X-Next-Page` or only a `Link` header);
 * `refuse` answers 401 whatever the token; `slow` waits `delayMs` before answering; `garbage`
 * answers 200 with something that is not a list of issues; `error` answers 502.
 */
export type FakeMode = 'ok' | 'refuse' | 'slow' | 'garbage' | 'error';

export interface FakeRequest {
  url: string;
  authorization: string | undefined;
  privateToken: string | undefined;
}

const PROJECT_PATH = '/api/v4/projects/7/';

/** Issues for `version`, `count` of them, iid counting down from `firstIid`. */
export function makeIssues(
  version: string,
  count: number,
  firstIid: number,
  baseUrl = 'https://code.example/portfolio',
): FakeIssue[] {
  return Array.from({ length: count }, (_, i) => ({
    iid: firstIid - i,
    title: `Issue ${firstIid - i} of ${version}`,
    state: i % 3 === 0 ? 'opened' : 'closed',
    labels: [`v.${version}`, i % 2 === 0 ? 'bug' : 'feature'],
    web_url: `${baseUrl}/-/issues/${firstIid - i}`,
  }));
}

/**
 * A real HTTP server on loopback that plays the code host's issues API
 * (`GET {api}issues?labels=v.{version}&per_page=…&page=…`, GitLab's pagination headers), for the
 * API tests and the browser journeys. Only requests with the right token get issues.
 */
export async function startFakeCodeHost({
  token = 'glpat-fake-code-host-token-0123456789',
  issues = {},
}: { token?: string; issues?: Record<string, FakeIssue[]> } = {}) {
  const state = {
    mode: 'ok' as FakeMode,
    pagination: 'x-next-page' as 'x-next-page' | 'link',
    delayMs: 0,
    /** Issues per label value ('v.2.6.0' → issues). */
    issues: new Map(Object.entries(issues).map(([version, list]) => [`v.${version}`, list])),
    /** A Link header pointing here is sent instead of the real next page (to test that it is not followed). */
    foreignNextPage: null as string | null,
  };
  const requests: FakeRequest[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      url: req.url ?? '',
      authorization: req.headers.authorization,
      privateToken: req.headers['private-token'] as string | undefined,
    });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(text);
    };
    const answer = () => {
      if (url.pathname !== `${PROJECT_PATH}issues`) return send(404, { message: '404 Not Found' });
      const given = req.headers.authorization === `Bearer ${token}` || req.headers['private-token'] === token;
      if (state.mode === 'refuse' || !given) return send(401, { message: '401 Unauthorized' });
      if (state.mode === 'error')
        return send(502, '<html><body>Bad gateway</body></html>', { 'Content-Type': 'text/html' });
      if (state.mode === 'garbage') return send(200, { message: 'this is not a list', issues: 'no' });
      const list = state.issues.get(url.searchParams.get('labels') ?? '') ?? [];
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 20));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const slice = list.slice((page - 1) * perPage, page * perPage);
      const more = page * perPage < list.length;
      const next = new URL(url.href.replace('http://fake', `http://${req.headers.host}`));
      next.searchParams.set('page', String(page + 1));
      const headers: Record<string, string> = {
        'X-Page': String(page),
        'X-Per-Page': String(perPage),
        'X-Total': String(list.length),
      };
      if (state.foreignNextPage) headers.Link = `<${state.foreignNextPage}>; rel="next"`;
      else if (state.pagination === 'x-next-page') headers['X-Next-Page'] = more ? String(page + 1) : '';
      else if (more) headers.Link = `<${next.href}>; rel="next", <${next.href}>; rel="last"`;
      send(200, slice, headers);
    };
    if (state.mode === 'slow') setTimeout(answer, state.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    token,
    apiUrl: `http://127.0.0.1:${port}${PROJECT_PATH}`,
    state,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The issues the browser journeys' code host lists: two pages for 2.6.0, one hostile title for 2.5.0. */
export function journeyIssues(): Record<string, FakeIssue[]> {
  const older = makeIssues('2.5.0', 3, 41);
  older[0] = {
    ...older[0]!,
    title: '<img src=x onerror="window.__hacked=1"> Matrix limit raised to 15 & 20',
    labels: ['v.2.5.0', 'feature'],
  };
  return { '2.6.0': makeIssues('2.6.0', 120, 180), '2.5.0': older };
}
