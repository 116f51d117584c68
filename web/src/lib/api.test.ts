import { READ_AFTER_HEADER, WRITE_POSITION_HEADER } from '@dp/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiFailure } from './api-failure';
import { api, apiFetch, isOwnApiUrl, setAccessTokenSource, TIMEOUT_MESSAGE } from './api';
import { i18n } from './i18n';
import { json, stubFetch } from '../test/fetch-stub';

let fetchMock: Mock<typeof fetch>;

/** Like fetch on a server that never answers: settles only when the request is aborted. */
function fetchThatWaitsForAbort(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (init?.signal?.aborted) abort();
    init?.signal?.addEventListener('abort', abort);
  });
}

/** The Authorization header of the n-th fetch call. */
function authorizationOf(call = 0): string | null {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers).get('Authorization');
}

beforeEach(() => {
  fetchMock = stubFetch();
  setAccessTokenSource(async () => 'token-123');
});

afterEach(() => {
  vi.useRealTimers();
  setAccessTokenSource(async () => null);
});

describe('isOwnApiUrl', () => {
  it.each([
    ['/api/me', true],
    ['/api', true],
    [`${window.location.origin}/api/systems?x=1`, true],
    ['/apix/me', false],
    ['/idp/token', false],
    ['/home', false],
    ['https://gitlab.example.com/api/v4/issues', false],
    ['//evil.example.com/api/me', false],
  ])('%s → %s', (url, expected) => {
    expect(isOwnApiUrl(url)).toBe(expected);
  });
});

describe('apiFetch', () => {
  it('sends the bearer token to the own API', async () => {
    fetchMock.mockResolvedValue(json(200, { username: 'admin', role: 'admin' }));
    await expect(api.get('/api/me')).resolves.toEqual({ username: 'admin', role: 'admin' });
    expect(authorizationOf()).toBe('Bearer token-123');
  });

  it('sends no token anywhere else', async () => {
    fetchMock.mockImplementation(async () => json(200, []));
    await api.get('https://gitlab.example.com/api/v4/issues', { query: { labels: 'v.2.6.0', per_page: 100 } });
    await api.get('/assets/i18n/de.json');
    expect(authorizationOf(0)).toBeNull();
    expect(authorizationOf(1)).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://gitlab.example.com/api/v4/issues?labels=v.2.6.0&per_page=100');
  });

  it("sends this tab's last save position with its reads for a minute after the save, then no more", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const readAfter = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get(READ_AFTER_HEADER);
    fetchMock.mockResolvedValueOnce(
      new Response(null, { status: 204, headers: { [WRITE_POSITION_HEADER]: '0/16B3748' } }),
    );
    await api.put('/api/systems/1', { name: 'x' });
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.get('/api/systems');
    expect(readAfter(1)).toBe('0/16B3748');
    vi.setSystemTime(new Date('2026-01-01T00:00:59Z'));
    await api.get('/api/systems');
    expect(readAfter(2)).toBe('0/16B3748');
    vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
    await api.get('/api/systems');
    expect(readAfter(3)).toBeNull();
  });

  it('sends no header when nobody is signed in', async () => {
    setAccessTokenSource(async () => null);
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/api/config');
    expect(authorizationOf()).toBeNull();
  });

  it('sends bodies as JSON and returns nothing for 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/api/references', { reference: 'R1', description: 'd' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"reference":"R1","description":"d"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('reduces an API error to status, statusText, error and message', async () => {
    fetchMock.mockResolvedValue(
      json(403, { statusCode: 403, error: 'Forbidden', message: 'Not for you.' }, { statusText: 'Forbidden' }),
    );
    const failure = await apiFetch('/api/systems').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 403,
      statusText: 'Forbidden',
      error: 'Forbidden',
      message: 'Not for you.',
    });
  });

  it("takes the reason phrase from the body's error when the response has none (HTTP/2)", async () => {
    fetchMock.mockResolvedValue(json(404, { statusCode: 404, error: 'Not Found', message: 'There is no system 9.' }));
    await expect(apiFetch('/api/systems/9')).rejects.toMatchObject({
      status: 404,
      statusText: 'Not Found',
      message: 'There is no system 9.',
    });
  });

  it('copes with an error body that is not JSON', async () => {
    fetchMock.mockResolvedValue(
      new Response('Bad Gateway', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    await expect(apiFetch('/api/systems')).rejects.toMatchObject({
      status: 502,
      statusText: 'Bad Gateway',
      message: 'Bad Gateway',
    });
  });

  it('reports an unreachable server with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/systems')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it("gives up after the time-out with 'Timeout has occurred'", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(fetchThatWaitsForAbort);
    const result = apiFetch('/api/dumps', { timeoutMs: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ status: 0, statusText: 'Timeout', message: TIMEOUT_MESSAGE });
  });

  it('says the time-out in the language of the UI', async () => {
    await i18n.changeLanguage('de');
    vi.useFakeTimers();
    fetchMock.mockImplementation(fetchThatWaitsForAbort);
    const result = apiFetch('/api/dumps', { timeoutMs: 5000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ status: 0, message: 'Es ist eine Zeitüberschreitung aufgetreten' });
  });

  it('asks the API to answer in the language of the UI', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiFetch('/api/systems');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('en');
    await i18n.changeLanguage('fr');
    await apiFetch('/api/systems');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Accept-Language')).toBe('fr');
  });

  it('uses 120 s as the default time-out', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(fetchThatWaitsForAbort);
    let settled = false;
    const result = apiFetch('/api/dumps')
      .finally(() => (settled = true))
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ message: TIMEOUT_MESSAGE });
  });

  it('passes a cancellation by the caller on untouched', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(fetchThatWaitsForAbort);
    const result = apiFetch('/api/systems', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await result).toMatchObject({ name: 'AbortError' });
  });
});
