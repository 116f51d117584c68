import { afterEach, describe, expect, it } from 'vitest';
import { setAccessTokenSource } from '../../lib/api';
import { signRequest } from './sign-request';

/** A request as Swagger UI builds one, with no headers yet. */
const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

afterEach(() => setAccessTokenSource(async () => null));

describe("the API documentation's requests", () => {
  it("carry the signed-in user's token in the Authorization header for this site's API, never in the URL", async () => {
    let token = 'token-1';
    setAccessTokenSource(async () => token);
    const first = await signRequest(request(`${window.location.origin}/api/dataset`));
    expect(first.headers.Authorization).toBe('Bearer token-1');
    expect(first.url).toBe(`${window.location.origin}/api/dataset`);
    expect(first.headers['Accept-Language']).toBe('en');
    // A renewed token is used for the next call.
    token = 'token-2';
    expect((await signRequest(request('/api/release-notes'))).headers.Authorization).toBe('Bearer token-2');
  });

  it('send no token anywhere else, even one typed into the request', async () => {
    setAccessTokenSource(async () => 'secret');
    const other = await signRequest(
      request('https://elsewhere.example/api/dataset', { Authorization: 'Bearer typed' }),
    );
    expect(other.headers.Authorization).toBeUndefined();
    expect((await signRequest(request('/idp/token'))).headers.Authorization).toBeUndefined();
  });
});
