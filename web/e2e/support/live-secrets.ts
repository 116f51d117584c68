import { randomBytes } from 'node:crypto';

/**
 * The live instance refuses to start with development secrets (issue 12 B6), so the journeys give it
 * its own cookie key and demo passwords; they sign in there with `livePassword(user)`.
 */
export const livePassword = (user: string) => `${user}-on-live-e2e`;

/** The environment that makes the live instance's embedded sign-in non-default. */
export function liveSecretsEnv(): Record<string, string> {
  return {
    COOKIE_KEYS: randomBytes(24).toString('hex'),
    DEMO_PASSWORD_ADMIN: livePassword('admin'),
    DEMO_PASSWORD_REVIEWER: livePassword('reviewer'),
    DEMO_PASSWORD_INTERN: livePassword('intern'),
    DEMO_PASSWORD_EXTERN: livePassword('extern'),
    DEMO_PASSWORD_NOROLE: livePassword('norole'),
  };
}
