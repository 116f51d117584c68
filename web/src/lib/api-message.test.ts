import { afterEach, beforeEach, describe, expect, it, type Mock } from 'vitest';
import { apiFetch } from './api';
import { apiMessageOf, translateApiMessage } from './api-message';
import { i18n } from './i18n';
import { json, stubFetch } from '../test/fetch-stub';

let fetchMock: Mock<typeof fetch>;

/**
 * The answer to POST /api/matrix with no rows and a column kind 'trains', as the server sends it: two zod
 * issues as keys with parameters (server/test/api/messages.test.ts checks the server's side of this).
 */
const VALIDATION_ERROR = {
  statusCode: 400,
  error: 'Bad Request',
  message: "Body 'rows': rows: choose at least one version; Body 'columnKind': must be one of …",
  code: 'errors.validation',
  params: {
    issues: [
      {
        code: 'validation.issue',
        params: {
          where: {
            code: 'validation.field',
            params: { part: { code: 'validation.part.body', params: {} }, field: 'rows' },
          },
          problem: { code: 'zod.chooseVersions', params: { what: 'rows' } },
        },
      },
      {
        code: 'validation.issue',
        params: {
          where: {
            code: 'validation.field',
            params: { part: { code: 'validation.part.body', params: {} }, field: 'columnKind' },
          },
          problem: { code: 'zodIssue.option', params: { values: '"systems", "assemblies", "subassemblies"' } },
        },
      },
    ],
  },
};

beforeEach(() => {
  fetchMock = stubFetch();
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('API messages said in the language of the UI', () => {
  it.each([
    [
      'en',
      `Body 'rows': rows: choose at least one version; Body 'columnKind': must be one of "systems", "assemblies", "subassemblies".`,
    ],
    [
      'de',
      `Anfrageinhalt 'rows': rows: wählen Sie mindestens eine Version; Anfrageinhalt 'columnKind': muss einer der Werte "systems", "assemblies", "subassemblies" sein.`,
    ],
    [
      'fr',
      `Corps 'rows' : rows : choisissez au moins une version; Corps 'columnKind' : doit être l'une des valeurs "systems", "assemblies", "subassemblies".`,
    ],
  ])('a validation error in %s, from its keys and parameters', async (language, text) => {
    await i18n.changeLanguage(language);
    fetchMock.mockResolvedValue(json(400, VALIDATION_ERROR));
    await expect(apiFetch('/api/matrix', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      error: 'Bad Request',
      message: text,
    });
  });

  it('fills parameters, also one named count, without plural forms', async () => {
    await i18n.changeLanguage('de');
    const said = translateApiMessage({
      code: 'item.hasVersions.other',
      params: { kind: { code: 'kind.assembly', params: {} }, name: 'A & B', count: 2 },
    });
    expect(said).toBe("Baugruppe 'A & B' hat noch 2 Versionen; löschen Sie diese zuerst.");
  });

  it("shows the server's own message when the key is unknown to this build or the body has none", async () => {
    await i18n.changeLanguage('de');
    fetchMock.mockResolvedValueOnce(json(409, { statusCode: 409, error: 'Conflict', message: 'Neu.', code: 'x.new' }));
    await expect(apiFetch('/api/systems')).rejects.toMatchObject({ message: 'Neu.' });
    fetchMock.mockResolvedValueOnce(json(502, { statusCode: 502, error: 'Bad Gateway', message: 'Proxy says no' }));
    await expect(apiFetch('/api/systems')).rejects.toMatchObject({ message: 'Proxy says no' });
  });

  it('accepts only well-formed keys and parameters', () => {
    expect(apiMessageOf(VALIDATION_ERROR)).toMatchObject({ code: 'errors.validation' });
    expect(apiMessageOf({ code: 'errors.notFound', params: { what: { code: 'nope', params: {} } } })).toBeNull();
    expect(apiMessageOf({ code: 'errors.notFound', params: { what: true } })).toBeNull();
    expect(apiMessageOf({ code: 'errors.invalidJson' })).toEqual({ code: 'errors.invalidJson', params: {} });
    expect(apiMessageOf('errors.invalidJson')).toBeNull();
  });
});
