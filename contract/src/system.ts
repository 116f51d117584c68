import { z } from './zod-setup.js';
import { role } from './common.js';

export const deployment = z.enum(['work', 'live', 'demo']);
export type Deployment = z.infer<typeof deployment>;

/** What the web app needs before it can sign anybody in; public. */
export const publicConfig = z
  .object({
    deployment,
    version: z.string(),
    oidc: z.object({
      authority: z.string(),
      client_id: z.string(),
      scope: z.string(),
      redirect_uri: z.string(),
      silent_redirect_uri: z.string(),
      post_logout_redirect_uri: z.string(),
      /** The API asked for the standard way (RFC 8707 `resource`) on /authorize and every token request (OIDC_AUDIENCE_PARAM). */
      resource: z.string().optional(),
      /** The API asked for as `audience` on /authorize and the token endpoint, for providers that need it (Auth0, SPEC 7). */
      audience: z.string().optional(),
    }),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfig>;

export const me = z.object({ username: z.string(), role }).meta({ id: 'Me' });
export type Me = z.infer<typeof me>;

export const health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    app: z.literal('ok'),
    database: z.enum(['ok', 'unavailable']),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof health>;

/**
 * Reading one's own writes from a read replica: a data write answers where the primary's WAL stood
 * (WRITE_POSITION_HEADER); a client sends the newest it saw with later requests (READ_AFTER_HEADER).
 */
export const WRITE_POSITION_HEADER = 'dp-write-position';
export const READ_AFTER_HEADER = 'dp-read-after';
