import { authorizationFor } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/** What Swagger UI hands its request interceptor: the URL and the headers it will send. */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
}

/**
 * Signs a request of the API documentation's "Try it out" like every call of the app: this site's API
 * gets the signed-in user's bearer token (fresh for each call) in the Authorization header; any other
 * address gets none. The token is never put into the URL.
 */
export async function signRequest<R extends OutgoingRequest>(request: R): Promise<R> {
  const authorization = await authorizationFor(new URL(request.url, window.location.href).href);
  if (authorization) request.headers.Authorization = authorization;
  else delete request.headers.Authorization;
  request.headers['Accept-Language'] = i18n.resolvedLanguage ?? 'en';
  return request;
}
