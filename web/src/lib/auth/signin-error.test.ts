import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { signinErrorKind, signinErrorText } from './signin-error';

/** What react-oidc-context puts into `auth.error` for a failure of `source`. */
const wrapped = (error: Error, source = 'signinRedirect') => ({
  name: error.name,
  message: error.message,
  innerError: error,
  source,
});

describe('sign-in error texts (SPEC 8)', () => {
  it.each([
    ['a network failure of fetch (Chromium)', new TypeError('Failed to fetch'), 'fetch'],
    ['a network failure of fetch (Firefox)', new TypeError('NetworkError when attempting to fetch resource.'), 'fetch'],
    ['a network failure of fetch (Safari)', new TypeError('Load failed'), 'fetch'],
    ['an error answer without JSON', new Error('Bad Gateway (502)'), 'fetch'],
    ['a provider error without a description', new ErrorResponse({ error: 'server_error' }), 'fetch'],
    ['a provider HTTP time-out', new ErrorTimeout('Network timed out'), 'timeout'],
    ['a hidden-frame time-out', new ErrorTimeout('IFrame timed out without a response'), 'timeout'],
    ['the timeout code', new ErrorResponse({ error: 'timeout', error_description: 'x' }), 'timeout'],
    ['a popup closed by the user', new Error('Popup closed by user'), 'popupClosed'],
    ['a popup closed', new Error('Popup closed'), 'popupClosed'],
    ['the cancelled code', new ErrorResponse({ error: 'cancelled', error_description: 'x' }), 'popupClosed'],
    ['no matching state', new Error('No matching state found in storage'), 'invalidState'],
    ['no state in the response', new Error('No state in response'), 'invalidState'],
    ['a state mismatch', new Error('State does not match'), 'invalidState'],
    ['the state_mismatch code', new ErrorResponse({ error: 'state_mismatch', error_description: 'x' }), 'invalidState'],
    [
      'the missing_transaction code',
      new ErrorResponse({ error: 'missing_transaction', error_description: 'x' }),
      'invalidState',
    ],
    [
      'a provider error with a description',
      new ErrorResponse({ error: 'access_denied', error_description: 'Nope' }),
      'other',
    ],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')"), 'other'],
    ['anything else', new Error('Something odd'), 'other'],
  ] as const)('maps %s', (_what, error, kind) => {
    expect(signinErrorKind(error)).toBe(kind);
    expect(signinErrorKind(wrapped(error))).toBe(kind);
  });

  it('maps what is not an error to the generic text', () => {
    expect(signinErrorKind(undefined)).toBe('other');
    expect(signinErrorKind('Failed to fetch')).toBe('other');
  });

  it('says the SPEC texts exactly in English', () => {
    const t = i18n.getFixedT('en');
    expect(signinErrorText(new TypeError('Failed to fetch'), t)).toBe('HTTP error. Unable to fetch');
    expect(signinErrorText(new ErrorTimeout('Network timed out'), t)).toBe('Timeout when executing fetch');
    expect(signinErrorText(new Error('Popup closed by user'), t)).toBe('Popup closed');
    expect(signinErrorText(new Error('No matching state found in storage'), t)).toBe('Invalid state');
    expect(signinErrorText(new Error('Something odd'), t)).toBe(
      'The sign-in could not be completed. Please try again.',
    );
  });

  it('says them in German and French too', () => {
    expect(signinErrorText(new TypeError('Failed to fetch'), i18n.getFixedT('de'))).toBe(
      'HTTP-Fehler. Der Anmeldedienst ist nicht erreichbar',
    );
    expect(signinErrorText(new ErrorTimeout('Network timed out'), i18n.getFixedT('fr'))).toBe(
      'Délai dépassé lors de la requête au service de connexion',
    );
  });
});
