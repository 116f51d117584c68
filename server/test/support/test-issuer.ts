import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_AUDIENCE = 'digital-portfolio-api-test';
const ROLES_CLAIM = 'digitalPortfolioAccess/roles';

/**
 * A minimal external OpenID issuer on loopback: discovery and JWKS over real HTTP, and a signer for
 * access tokens, so the API's token verification runs exactly as against Keycloak or Entra ID.
 */
export async function startTestIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
        }),
      );
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A signed access token for `username` with the given roles (an empty list for a role-less user). */
  async function tokenFor(username: string, roles: string[], extra: JWTPayload = {}) {
    const now = Math.floor(Date.now() / 1000);
    // `extra` goes last, so a test can replace any standard claim (an expired exp, another aud…).
    const claims = {
      iss: issuer,
      aud: TEST_AUDIENCE,
      sub: `sub-${username}`,
      iat: now,
      exp: now + 600,
      [ROLES_CLAIM]: roles,
      preferred_username: username,
      ...extra,
    };
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(privateKey);
  }

  return { issuer, tokenFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
