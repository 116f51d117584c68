import type { TFunction } from 'i18next';

/** The sign-in failure texts of SPEC 8 (English exact there), plus a generic one for anything else. */
export type SigninErrorKind = 'fetch' | 'timeout' | 'popupClosed' | 'invalidState' | 'other';

// Provider error codes (SPEC 8) and oidc-client-ts messages that mean the same thing.
const TIMEOUT_CODES = new Set(['timeout']);
const POPUP_CLOSED_CODES = new Set(['cancelled']);
const INVALID_STATE_CODES = new Set(['state_mismatch', 'missing_transaction']);
const INVALID_STATE_MESSAGES =
  /^(no matching state found in storage|no state in response|state does not match|invalid state)/i;
const POPUP_CLOSED_MESSAGES = /^popup closed/i;
// fetch() rejects with a TypeError when the network fails: "Failed to fetch" (Chromium), "NetworkError
// when attempting to fetch resource." (Firefox), "Load failed" (Safari), "fetch failed" (Node).
const NETWORK_MESSAGES = /failed to fetch|networkerror|load failed|fetch failed|network error/i;
// oidc-client-ts's text for an error answer without a JSON body: "Bad Gateway (502)".
const HTTP_STATUS_MESSAGE = /\(\d{3}\)(:|$)/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  error?: unknown;
  error_description?: unknown;
  innerError?: unknown;
}

const asErrorLike = (value: unknown): ErrorLike | null => (typeof value === 'object' && value !== null ? value : null);

/**
 * What kind of sign-in failure `error` is: an oidc-client-ts error (ErrorResponse, ErrorTimeout, the
 * fetch TypeError, its plain Errors), or react-oidc-context's wrapper of one (`auth.error`, whose
 * `innerError` is the original).
 */
export function signinErrorKind(error: unknown): SigninErrorKind {
  const outer = asErrorLike(error);
  if (!outer) return 'other';
  const inner = asErrorLike(outer.innerError);
  const e = inner ?? outer;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.error === 'string' ? e.error : '';

  if (name === 'ErrorTimeout' || TIMEOUT_CODES.has(code)) return 'timeout';
  if (POPUP_CLOSED_CODES.has(code) || POPUP_CLOSED_MESSAGES.test(message)) return 'popupClosed';
  if (INVALID_STATE_CODES.has(code) || INVALID_STATE_MESSAGES.test(message)) return 'invalidState';
  // An error answer from the provider without a description.
  if (name === 'ErrorResponse' && code && !e.error_description) return 'fetch';
  if ((name === 'TypeError' || name === 'Error') && NETWORK_MESSAGES.test(message)) return 'fetch';
  if (name === 'Error' && HTTP_STATUS_MESSAGE.test(message)) return 'fetch';
  return 'other';
}

/** The text shown for a failed sign-in, in the current language; the one place that turns errors into words. */
export function signinErrorText(error: unknown, t: TFunction): string {
  return t(`auth.signInErrors.${signinErrorKind(error)}`);
}
