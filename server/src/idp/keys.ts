import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

/** How the private key is stored when IDP_KEY_SECRET is set: AES-256-GCM under a key derived from the secret. */
interface EncryptedKey {
  enc: 'A256GCM';
  /** The key id stays readable, so an operator can tell which key a row holds. */
  kid: string | undefined;
  iv: string;
  tag: string;
  data: string;
}

const isEncrypted = (payload: unknown): payload is EncryptedKey =>
  typeof payload === 'object' && payload !== null && (payload as { enc?: unknown }).enc === 'A256GCM';

/** The 256-bit AES key of IDP_KEY_SECRET (HKDF-SHA256, bound to this purpose). */
const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'digital-portfolio', 'embedded-idp-signing-key', 32));

/** The private JWK encrypted with the secret (authenticated: a changed row fails to decrypt). */
export function encryptKey(jwk: JWK, secret: string): EncryptedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(MODEL));
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return {
    enc: 'A256GCM',
    kid: jwk.kid,
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

export function decryptKey(stored: EncryptedKey, secret: string): JWK {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(stored.iv, 'base64url'));
  decipher.setAAD(Buffer.from(MODEL));
  decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
  try {
    return JSON.parse(
      Buffer.concat([decipher.update(Buffer.from(stored.data, 'base64url')), decipher.final()]).toString('utf8'),
    ) as JWK;
  } catch {
    throw new Error(
      'The signing key of the embedded OpenID provider cannot be decrypted: IDP_KEY_SECRET is not the secret it was stored with.',
    );
  }
}

/**
 * The provider's RS256 signing key: read from the database, or generated and stored on the very first
 * start, so tokens stay valid across restarts and every instance signs with the same key. With `secret`
 * (IDP_KEY_SECRET) the private key is stored encrypted, and a key stored in clear earlier is encrypted
 * in place; without it the key is stored in clear (the zero-setup default, documented in operations.md).
 */
export async function loadSigningKey(pool: pg.Pool, secret?: string): Promise<SigningKey> {
  let stored = await readKey(pool);
  if (!stored) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    // Two instances starting at once: the first insert wins and both read it back.
    await pool.query(
      'insert into oidc_payloads (model, id, payload) values ($1, $2, $3::jsonb) on conflict (model, id) do nothing',
      [MODEL, ID, JSON.stringify(secret ? encryptKey(jwk, secret) : jwk)],
    );
    stored = await readKey(pool);
    if (!stored) throw new Error('The signing key of the embedded OpenID provider could not be stored.');
  }
  let privateJwk: JWK;
  if (isEncrypted(stored)) {
    if (!secret)
      throw new Error(
        'The signing key of the embedded OpenID provider is stored encrypted: set IDP_KEY_SECRET to the secret it was stored with.',
      );
    privateJwk = decryptKey(stored, secret);
  } else {
    privateJwk = stored;
    // Stored in clear before IDP_KEY_SECRET was set: encrypt it now (only if it is still the clear row).
    if (secret) {
      await pool.query(
        `update oidc_payloads set payload = $3::jsonb where model = $1 and id = $2 and not payload ? 'enc'`,
        [MODEL, ID, JSON.stringify(encryptKey(privateJwk, secret))],
      );
    }
  }
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { privateJwk, publicJwk: { kty, n, e, kid, alg, use } };
}

async function readKey(pool: pg.Pool): Promise<JWK | EncryptedKey | undefined> {
  const { rows } = await pool.query<{ payload: JWK | EncryptedKey }>(
    'select payload from oidc_payloads where model = $1 and id = $2',
    [MODEL, ID],
  );
  return rows[0]?.payload;
}
