import { z } from 'zod';
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
      /**
       * The API's audience, only for an external provider that needs it as `audience` on /authorize and
       * the token endpoint (Auth0, SPEC 7). Absent for the embedded provider: it issues its tokens for the
       * API without being asked (resource indicators) and ignores the parameter.
       */
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
