import {
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  SignJWT,
  type JWTPayload,
  type CryptoKey,
} from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoleMap } from './roles.js';
import { createTokenVerifier, TokenError, type TokenErrorReason } from './verify-token.js';

const ISSUER = 'https://login.example.test/realm';
const AUDIENCE = 'https://portfolio.example.test/api';
const ROLES = 'digitalPortfolioAccess/roles';

let privateKey: CryptoKey;
let publicKey: CryptoKey;
let otherPrivateKey: CryptoKey;
let verify: ReturnType<typeof createTokenVerifier>;

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true }));
  ({ privateKey: otherPrivateKey } = await generateKeyPair('RS256'));
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  verify = createTokenVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    rolesClaim: ROLES,
    jwks: createLocalJWKSet({ keys: [jwk] }),
  });
});

const now = () => Math.floor(Date.now() / 1000);

function sign(claims: JWTPayload = {}, { key = privateKey, kid = 'k1' }: { key?: CryptoKey; kid?: string } = {}) {
  // Claims given as undefined are left out of the token (JSON drops them).
  const payload = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'sub-intern',
    iat: now(),
    exp: now() + 600,
    [ROLES]: ['intern'],
    preferred_username: 'intern',
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

async function rejection(token: string): Promise<TokenErrorReason> {
  const err: unknown = await verify(token).then(
    () => {
      throw new Error('the token was accepted');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TokenError);
  return (err as TokenError).reason;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('createTokenVerifier', () => {
  it('accepts a valid token and maps user name and role', async () => {
    const result = await verify(await sign());
    expect(result).toMatchObject({ sub: 'sub-intern', username: 'intern', role: 'intern' });
    expect(result.claims.iss).toBe(ISSUER);
  });

  it('checks the signature of a token once and reuses the result until the token expires', async () => {
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const local = createLocalJWKSet({ keys: [jwk] });
    let keyLookups = 0;
    const counting = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      rolesClaim: ROLES,
      jwks: (header, token) => {
        keyLookups++;
        return local(header, token);
      },
    });
    const token = await sign();
    for (let i = 0; i < 3; i++) expect((await counting(token)).username).toBe('intern');
    expect(keyLookups).toBe(1);
    // A token past its expiry (within the leeway) is checked each time: nothing is kept beyond exp.
    const expiring = await sign({ exp: now() - 30 });
    await counting(expiring);
    await counting(expiring);
    expect(keyLookups).toBe(3);
    // A refused token is never kept.
    const forged = await sign({}, { key: otherPrivateKey });
    for (let i = 0; i < 2; i++) await expect(counting(forged)).rejects.toBeInstanceOf(TokenError);
    expect(keyLookups).toBe(5);
  });

  it('shows preferred_username, else name, else email, else nickname, and sub only as the last resort (issue 12 A4)', async () => {
    const all = { preferred_username: 'pref', name: 'Full Name', email: 'mail@example.test', nickname: 'nick' };
    expect((await verify(await sign(all))).username).toBe('pref');
    expect((await verify(await sign({ ...all, preferred_username: undefined }))).username).toBe('Full Name');
    expect((await verify(await sign({ ...all, preferred_username: '', name: undefined }))).username).toBe(
      'mail@example.test',
    );
    expect(
      (await verify(await sign({ ...all, preferred_username: undefined, name: undefined, email: undefined }))).username,
    ).toBe('nick');
    expect((await verify(await sign({ preferred_username: undefined }))).username).toBe('sub-intern');
  });

  it('maps company groups to roles with OIDC_ROLE_MAP, the highest wins (issue 12 A5)', async () => {
    const groups = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      rolesClaim: 'groups',
      roleMap: parseRoleMap('DP-Admins=admin,DP-Engineers=intern,DP-Partners=extern'),
      jwks: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] }),
    });
    expect((await groups(await sign({ groups: ['Staff', 'DP-Partners', 'DP-Engineers'] }))).role).toBe('intern');
    expect((await groups(await sign({ groups: 'DP-Partners DP-Admins' }))).role).toBe('admin');
    expect((await groups(await sign({ groups: ['/DP-Partners'] }))).role).toBe('extern');
    // The role words themselves grant nothing once a map is set.
    expect((await groups(await sign({ groups: ['admin', 'Staff'] }))).role).toBeNull();
    expect((await groups(await sign({ groups: undefined }))).role).toBeNull();
  });

  it('gives role null to a token without a known role', async () => {
    expect((await verify(await sign({ [ROLES]: [] }))).role).toBeNull();
    expect((await verify(await sign({ [ROLES]: undefined }))).role).toBeNull();
  });

  it('reads the roles from the configured claim name', async () => {
    const keycloakStyle = createTokenVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      rolesClaim: 'realm_access.roles',
      jwks: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] }),
    });
    const token = await sign({ [ROLES]: ['extern'], realm_access: { roles: ['admin'] } });
    expect((await keycloakStyle(token)).role).toBe('admin');
    expect((await verify(token)).role).toBe('extern');
  });

  it('rejects a signature made by another key', async () => {
    expect(await rejection(await sign({}, { key: otherPrivateKey }))).toBe('invalid_signature');
  });

  it('rejects a token whose key id the issuer does not publish', async () => {
    expect(await rejection(await sign({}, { key: otherPrivateKey, kid: 'unknown' }))).toBe('unknown_key');
  });

  it('rejects a token expired more than 60 s ago and accepts one expired 45 s ago', async () => {
    expect(await rejection(await sign({ iat: now() - 700, exp: now() - 61 }))).toBe('expired');
    expect(await rejection(await sign({ iat: now() - 7200, exp: now() - 3600 }))).toBe('expired');
    await expect(verify(await sign({ iat: now() - 600, exp: now() - 45 }))).resolves.toMatchObject({ role: 'intern' });
  });

  it('rejects a token that is not valid yet (nbf beyond the leeway)', async () => {
    expect(await rejection(await sign({ nbf: now() + 300 }))).toBe('not_yet_valid');
    await expect(verify(await sign({ nbf: now() + 30 }))).resolves.toBeDefined();
  });

  it('rejects a wrong issuer', async () => {
    expect(await rejection(await sign({ iss: 'https://evil.example.test' }))).toBe('invalid_claims');
  });

  it('rejects a wrong audience and accepts a token whose aud contains ours (issue 12 A2)', async () => {
    expect(await rejection(await sign({ aud: 'https://other.example.test/api' }))).toBe('invalid_claims');
    expect(await rejection(await sign({ aud: ['https://other.example.test/api', 'account'] }))).toBe('invalid_claims');
    await expect(verify(await sign({ aud: ['https://other.example.test/api', AUDIENCE] }))).resolves.toBeDefined();
    await expect(verify(await sign({ aud: [AUDIENCE, 'account'], azp: 'web' }))).resolves.toBeDefined();
  });

  it.each([
    ['issuer', { iss: 'https://evil.example.test' }],
    ['audience', { aud: 'account' }],
    ['expiry', { iat: now() - 7200, exp: now() - 3600 }],
    ['expiry', { nbf: now() + 3600 }],
    ['claims', { sub: undefined }],
  ] as const)('names the failed check %s', async (check, claims) => {
    const err = await verify(await sign(claims)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenError);
    expect((err as TokenError).check).toBe(check);
  });

  it('names a foreign signature as the failed check "signature"', async () => {
    const err = await verify(await sign({}, { key: otherPrivateKey })).catch((e: unknown) => e);
    expect((err as TokenError).check).toBe('signature');
  });

  it('rejects a token without sub or without exp', async () => {
    expect(await rejection(await sign({ sub: undefined }))).toBe('invalid_claims');
    const noExp = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .sign(privateKey);
    expect(await rejection(noExp)).toBe('invalid_claims');
  });

  it('rejects an unsigned token (alg none)', async () => {
    const payload = { iss: ISSUER, aud: AUDIENCE, sub: 'x', exp: now() + 600, [ROLES]: ['admin'] };
    expect(await rejection(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).toBe('unsupported_algorithm');
  });

  it('rejects HS256 signed with the public key as the shared secret', async () => {
    const pem = await exportSPKI(publicKey);
    const forged = await new SignJWT({ [ROLES]: ['admin'] })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('attacker')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(pem));
    expect(await rejection(forged)).toBe('unsupported_algorithm');
  });

  it.each(['garbage', '', 'a.b.c', 'a.b'])('rejects the malformed token %j', async (token) => {
    expect(await rejection(token)).toBe('malformed');
  });
});

describe('createTokenVerifier with discovery', () => {
  let server: Server;
  let origin: string;
  let discoveryIssuer: string | undefined;
  let discoveryRequests = 0;
  let jwksRequests = 0;
  let available = true;

  beforeAll(async () => {
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (!available) {
        res.statusCode = 503;
        res.end('{}');
      } else if (req.url === '/realm/.well-known/openid-configuration') {
        discoveryRequests += 1;
        res.end(JSON.stringify({ issuer: discoveryIssuer ?? `${origin}/realm`, jwks_uri: `${origin}/realm/certs` }));
      } else if (req.url === '/realm/certs') {
        jwksRequests += 1;
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const tokenFor = (issuer: string) => sign({ iss: issuer });

  it('fetches discovery and keys once, lazily, and caches them', async () => {
    const issuer = `${origin}/realm`;
    const remote = createTokenVerifier({ issuer, audience: AUDIENCE, rolesClaim: ROLES });
    expect(discoveryRequests).toBe(0);
    await expect(remote(await tokenFor(issuer))).resolves.toMatchObject({ role: 'intern' });
    await expect(remote(await tokenFor(issuer))).resolves.toMatchObject({ role: 'intern' });
    expect(discoveryRequests).toBe(1);
    expect(jwksRequests).toBe(1);
  });

  it('reports an unreachable issuer as issuer_unavailable and recovers once it answers', async () => {
    const issuer = `${origin}/realm`;
    const remote = createTokenVerifier({ issuer, audience: AUDIENCE, rolesClaim: ROLES });
    available = false;
    await expect(remote(await tokenFor(issuer))).rejects.toMatchObject({ reason: 'issuer_unavailable' });
    available = true;
    await expect(remote(await tokenFor(issuer))).resolves.toMatchObject({ role: 'intern' });
  });

  it('refuses a discovery document that names another issuer', async () => {
    const issuer = `${origin}/realm`;
    discoveryIssuer = 'https://impostor.example.test';
    try {
      const remote = createTokenVerifier({ issuer, audience: AUDIENCE, rolesClaim: ROLES });
      await expect(remote(await tokenFor(issuer))).rejects.toMatchObject({ reason: 'issuer_unavailable' });
    } finally {
      discoveryIssuer = undefined;
    }
  });
});
