import { describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_NAME } from './common.js';
import {
  MESSAGE_CATALOG,
  MESSAGE_LANGUAGES,
  messageLanguageOf,
  placeholdersOf,
  renderMessage,
  type MessageKey,
} from './messages.js';

const keys = Object.keys(MESSAGE_CATALOG) as MessageKey[];

describe('message catalog', () => {
  it('has every key in en, de and fr, none empty', () => {
    for (const key of keys) {
      expect(Object.keys(MESSAGE_CATALOG[key]).sort(), key).toEqual([...MESSAGE_LANGUAGES].sort());
      for (const language of MESSAGE_LANGUAGES)
        expect(MESSAGE_CATALOG[key][language].trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const key of keys) {
      const english = placeholdersOf(MESSAGE_CATALOG[key].en);
      expect(placeholdersOf(MESSAGE_CATALOG[key].de), `de: ${key}`).toEqual(english);
      expect(placeholdersOf(MESSAGE_CATALOG[key].fr), `fr: ${key}`).toEqual(english);
    }
  });

  it('keeps the refusal texts of SPEC section 8 exact in English', () => {
    expect(MESSAGES.refused).toBe(
      'You dont have permissions to access the application, please contact the administrator for more information.',
    );
    expect(renderMessage('auth.unauthorized', { product: PRODUCT_NAME })).toBe(
      `HTTP 401 Unauthorized: You dont have permissions to access the ${PRODUCT_NAME}, please contact the administrator for more information.`,
    );
  });

  it('renders named parameters in the chosen language', () => {
    expect(renderMessage('zod.maxChars', { max: 200 })).toBe('must be at most 200 characters');
    expect(renderMessage('zod.maxChars', { max: 200 }, 'de')).toBe('darf höchstens 200 Zeichen lang sein');
    expect(renderMessage('errors.notFound', { what: 'Bild x' }, 'fr')).toBe('Bild x est introuvable.');
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR', 'fr'],
    ['es, fr;q=0.5', 'fr'],
    ['en-US,de;q=0.9', 'en'],
    ['it', 'en'],
    ['*', 'en'],
    ['de;q=0, fr;q=0.1', 'fr'],
  ])('Accept-Language %j → %s', (header, language) => {
    expect(messageLanguageOf(header)).toBe(language);
  });
});
