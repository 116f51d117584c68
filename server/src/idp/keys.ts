import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type pg from 'pg';

// Stored beside oidc-provider's own rows; the provider never asks its adapter for this model name.
const MODEL = 'SigningKey';
const ID = 'RS256';

export interface SigningKey {
  /** Private RSA key as a JWK, for oidc-provider's `jwks`. */
  privateJwk: JWK;
  /** Its public half, as published at the provider's jwks_uri. */
  publicJwk: JWK;
}

/**
 * The provider's RS256 signing key: read from the database, or generated and stored on the very first
 * start, so tokens stay valid across restarts and every instance signs with the same key.
 */
export async function loadSigningKey(pool: pg.Pool): Promise<SigningKey> {
  let stored = await readKey(pool);
  if (!stored) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    // Two instances starting at once: the first insert wins and both read it back.
    await pool.query('insert into oidc_payloads (model, id, payload) values ($1, $2, $3::jsonb) on conflict (model, id) do nothing', [
      MODEL,
      ID,
      JSON.stringify(jwk),
    ]);
    stored = await readKey(pool);
    if (!stored) throw new Error('The signing key of the embedded OpenID provider could not be stored.');
  }
  const { kty, n, e, kid, alg, use } = stored;
  return { privateJwk: stored, publicJwk: { kty, n, e, kid, alg, use } };
}

async function readKey(pool: pg.Pool): Promise<JWK | undefined> {
  const { rows } = await pool.query<{ payload: JWK }>('select payload from oidc_payloads where model = $1 and id = $2', [MODEL, ID]);
  return rows[0]?.payload;
}
