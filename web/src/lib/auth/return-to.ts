/** Where a user lands after signing in when no page was asked for. */
export const DEFAULT_TARGET = '/evaluate';

/** What the app keeps in the sign-in request's `state` and gets back from the provider. */
export interface SigninState {
  returnTo: string;
}

/** The remembered page, only when it is a path on this site (no open redirect to another origin). */
export function returnToOf(state: unknown): string {
  if (typeof state !== 'object' || state === null) return DEFAULT_TARGET;
  const returnTo = (state as Partial<SigninState>).returnTo;
  if (
    typeof returnTo !== 'string' ||
    !returnTo.startsWith('/') ||
    returnTo.startsWith('//') ||
    returnTo.startsWith('/\\')
  ) {
    return DEFAULT_TARGET;
  }
  return returnTo;
}
