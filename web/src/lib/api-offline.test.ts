import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, isServerReachable, onReachabilityChange, setOfflineReader } from './api';
import { json, stubFetch } from '../test/fetch-stub';

let fetchMock: Mock<typeof fetch>;
const saved = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock = stubFetch();
});

afterEach(() => {
  setOfflineReader(null);
  vi.restoreAllMocks();
});

describe('the API client without network', () => {
  it('reads from the saved data while the browser is offline, without trying the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reader = vi.fn(async () => saved({ modification_time: 't1' }));
    setOfflineReader(reader);
    await expect(api.get('/api/infos')).resolves.toEqual({ modification_time: 't1' });
    expect(reader).toHaveBeenCalledWith('GET', '/api/infos', undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says plainly that the network is needed when nothing is saved', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setOfflineReader(async () => null);
    await expect(api.get('/api/matrix')).rejects.toMatchObject({
      status: 0,
      message: 'Offline: this needs the network, or was not saved for offline use.',
    });
  });

  it('falls back to the saved data when the server is not reached, then answers from it at once until a probe reaches the server', async () => {
    setOfflineReader(async (_method, url) =>
      url === '/api/me' ? saved({ username: 'intern' }) : saved({ error: 'Offline' }, 503),
    );
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/me')).resolves.toEqual({ username: 'intern' });
    expect(isServerReachable()).toBe(false);

    const back = new Promise<void>((resolve) => onReachabilityChange(resolve));
    fetchMock.mockResolvedValueOnce(json(200, { status: 'ok' }));
    await expect(api.get('/api/me')).resolves.toEqual({ username: 'intern' });
    // The second call did not wait for the network: the only request it made is the probe.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/health');
    await back;
    expect(isServerReachable()).toBe(true);

    fetchMock.mockResolvedValueOnce(json(200, { username: 'from the server' }));
    await expect(api.get('/api/me')).resolves.toEqual({ username: 'from the server' });
  });

  it('sends what the saved data does not hold to the network even while the server was unreachable', async () => {
    setOfflineReader(async () => saved({ error: 'Offline' }, 503));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.post('/api/systems', { name: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(isServerReachable()).toBe(false);
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/health' ? json(200, { status: 'ok' }) : json(201, { href: '/api/systems/1' }),
    );
    await expect(api.post('/api/systems', { name: 'x' })).resolves.toEqual({ href: '/api/systems/1' });
    expect(isServerReachable()).toBe(true);
  });

  it('keeps the network error when nothing is saved, and never asks the saved data for other origins', async () => {
    setOfflineReader(async () => null);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/systems')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    const reader = vi.fn(async () => saved({}));
    setOfflineReader(reader);
    await expect(api.get('https://elsewhere.example/api/x')).rejects.toMatchObject({ status: 0 });
    expect(reader).not.toHaveBeenCalled();
  });
});
