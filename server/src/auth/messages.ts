import { MESSAGES } from '@dp/contract';
import type { Role } from './roles.js';

// The texts of SPEC 8 live in contract/ (the web app shows the same ones); the server's other
// authentication texts are kept here beside them.

/** 401: no, a malformed or an invalid access token. */
export const UNAUTHORIZED_MESSAGE: string = MESSAGES.unauthorized;

/** 403: a valid token whose user has none of the known roles. */
export const REFUSED_MESSAGE: string = MESSAGES.refused;

/** 403: a known role below the one the route needs. */
export const roleRequiredMessage = (role: Role) => `This action requires the ${role} role.`;

/** 503: the issuer's discovery document or key set cannot be fetched, so no token can be checked. */
export const ISSUER_UNAVAILABLE_MESSAGE =
  'The sign-in service cannot be reached to check your access. Please try again in a moment.';

/** Shown on the embedded provider's login page after a wrong user name or password. */
export const LOGIN_FAILED_MESSAGE = 'Invalid user name or password.';
