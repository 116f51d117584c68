import { MESSAGES, PRODUCT_NAME } from '@dp/contract';
import { msg } from '../http/errors.js';
import { IDP_TEXTS } from '../idp/texts.js';
import type { Role } from './roles.js';

// The texts of SPEC 8 live in contract/ (the web app shows the same ones); the server's other
// authentication texts are kept here beside them.

/** 401: no, a malformed or an invalid access token. */
export const UNAUTHORIZED_MESSAGE: string = MESSAGES.unauthorized;

/** 403: a valid token whose user has none of the known roles. */
export const REFUSED_MESSAGE: string = MESSAGES.refused;

/** 403: a known role below the one the route needs. */
export const roleRequired = (role: Role) => msg('auth.roleRequired', { role });
export const roleRequiredMessage = (role: Role) => roleRequired(role).render('en');

/** 503: the issuer's discovery document or key set cannot be fetched, so no token can be checked. */
export const ISSUER_UNAVAILABLE = msg('auth.issuerUnavailable');
export const ISSUER_UNAVAILABLE_MESSAGE = ISSUER_UNAVAILABLE.render('en');

/** The same texts as catalog messages, answered in the language of the request. */
export const UNAUTHORIZED = msg('auth.unauthorized', { product: PRODUCT_NAME });
export const REFUSED = msg('auth.refused');

/** Shown on the embedded provider's login page after a wrong user name or password (English; see idp/texts.ts). */
export const LOGIN_FAILED_MESSAGE = IDP_TEXTS.en.loginFailed;
