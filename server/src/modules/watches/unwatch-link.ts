import { createHmac, timingSafeEqual } from 'node:crypto';
import { MESSAGE_LANGUAGES, type MessageLanguage } from '@dp/contract';

/** How long a mail's unwatch link works (issue 42). */
export const UNWATCH_LINK_DAYS = 7;

/** What an unwatch link stands for: this user stops watching these versions. */
export interface UnwatchGrant {
  username: string;
  versionIds: number[];
  language: MessageLanguage;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** A token for the link: the grant and its expiry, signed with MAIL_LINK_SECRET (HMAC-SHA256). */
export function signUnwatch(secret: string, grant: UnwatchGrant, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + UNWATCH_LINK_DAYS * 86_400;
  const payload = Buffer.from(
    JSON.stringify({ u: grant.username, v: grant.versionIds, l: grant.language, e: expires }),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The grant of a token that is intact and not expired, else null. */
export function verifyUnwatch(secret: string, token: string, now = Date.now()): UnwatchGrant | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u?: unknown;
      v?: unknown;
      l?: unknown;
      e?: unknown;
    };
    if (typeof data.e !== 'number' || data.e * 1000 < now) return null;
    if (typeof data.u !== 'string' || !Array.isArray(data.v) || !data.v.every((id) => Number.isInteger(id)))
      return null;
    const language = MESSAGE_LANGUAGES.find((l) => l === data.l) ?? 'en';
    return { username: data.u, versionIds: data.v as number[], language };
  } catch {
    return null;
  }
}
