import { vi, type Mock } from 'vitest';

/** A request as the fake API sees it. */
export interface FakeRequest {
  method: string;
  /** The path without the query, e.g. /api/systems. */
  path: string;
  url: URL;
  /** The parsed JSON body, or undefined without one (or when it is no JSON text, e.g. an upload). */
  body: unknown;
  /** The body as sent (a File for an upload). */
  rawBody: BodyInit | null | undefined;
  headers: Headers;
}

export type FakeAnswer = (request: FakeRequest) => Response | Promise<Response>;

/** A JSON answer as the API sends it; a 204 has no body. */
export function json(status: number, body: unknown, init: ResponseInit = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    ...init,
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The API's error answer: `{ statusCode, error, message }`. */
export function apiError(status: number, error: string, message: string): Response {
  return json(status, { statusCode: status, error, message });
}

function requestOf(input: RequestInfo | URL, init?: RequestInit): FakeRequest {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    window.location.href,
  );
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    url,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    rawBody: init?.body,
    headers: new Headers(init?.headers),
  };
}

/**
 * The one fetch stub of the web tests: replaces the global fetch (undone after each test by setup.ts)
 * with a mock that hands each request to `answer`. Without `answer` the test sets the mock's answers
 * itself (mockResolvedValue and the like).
 */
export function stubFetch(answer?: FakeAnswer): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) =>
    answer ? answer(requestOf(input, init)) : apiError(501, 'Not Implemented', 'The test gave no answer.'),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Answers like the API from a table: keys are 'METHOD /path' or '/path' (GET); a value is sent as
 * JSON, a function is asked. Anything else is the API's 404.
 */
export function routeTable(routes: Record<string, unknown>): FakeAnswer {
  return (request) => {
    const route =
      routes[`${request.method} ${request.path}`] ?? (request.method === 'GET' ? routes[request.path] : undefined);
    if (route === undefined) return apiError(404, 'Not Found', `No route ${request.method} ${request.path}`);
    return typeof route === 'function' ? (route as FakeAnswer)(request) : json(200, route);
  };
}

/** The JSON bodies sent to `path`, in order. */
export function bodiesSentTo(fetchMock: Mock<typeof fetch>, path: string): unknown[] {
  return fetchMock.mock.calls
    .map(([input, init]) => requestOf(input, init))
    .filter((r) => r.path === path)
    .map((r) => r.body);
}
