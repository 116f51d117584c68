import type { Item } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// Bad input answers with a message a person understands, in the language of the UI: the web app sends
// Accept-Language (de, en or fr); without it, or with another language, the answer is English.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** As admin, with Accept-Language `language` (none if undefined); `language` is the answer's Content-Language. */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  language: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.call(method, url, payload, 'admin', {
    ...(language ? { 'accept-language': language } : {}),
    ...headers,
  });
  return { status: res.status, body: res.body, language: res.headers['content-language'] };
}

describe('error messages in the language of the request', () => {
  it('a duplicate name', async () => {
    expect((await call('POST', '/api/assemblies', undefined, { name: 'Message Twin' })).status).toBe(201);
    const answers = {
      en: await call('POST', '/api/assemblies', undefined, { name: 'Message Twin' }),
      de: await call('POST', '/api/assemblies', 'de', { name: 'Message Twin' }),
      fr: await call('POST', '/api/assemblies', 'fr-CH, de;q=0.5', { name: 'Message Twin' }),
    };
    for (const answer of Object.values(answers))
      expect(answer.body).toMatchObject({ statusCode: 409, code: 'item.nameExists.assembly' });
    expect(answers.en.body.message).toBe("An assembly named 'Message Twin' already exists.");
    expect(answers.de.body.message).toBe("Eine Baugruppe namens 'Message Twin' existiert bereits.");
    expect(answers.fr.body.message).toBe("Un assemblage nommé 'Message Twin' existe déjà.");
    expect([answers.en.language, answers.de.language, answers.fr.language]).toEqual(['en', 'de', 'fr']);
  });

  it('an unknown id, with the name of its kind translated', async () => {
    const url = '/api/subassemblies/versions/999999';
    const en = await call('GET', url, undefined);
    expect(en.status).toBe(404);
    expect(en.body).toMatchObject({ code: 'errors.notFound', message: 'Sub-Assembly version 999999 was not found.' });
    expect((await call('GET', url, 'de')).body.message).toBe('Unterbaugruppenversion 999999 wurde nicht gefunden.');
    expect((await call('GET', url, 'fr')).body.message).toBe('Version de sous-assemblage 999999 est introuvable.');
    expect((await call('GET', '/api/assemblies/999999', 'de')).body.message).toBe(
      'Baugruppe 999999 wurde nicht gefunden.',
    );
    expect((await call('GET', '/api/assemblies/999999', 'it')).body.message).toBe('Assembly 999999 was not found.');
  });

  it('a validation error: the part is translated, the field name stays', async () => {
    const en = await call('POST', '/api/systems', undefined, { name: '' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 'errors.validation', message: "Body 'name': must not be empty." });
    expect((await call('POST', '/api/systems', 'de', { name: '' })).body.message).toBe(
      "Anfrageinhalt 'name': darf nicht leer sein.",
    );
    expect((await call('POST', '/api/systems', 'fr', { name: '' })).body.message).toBe(
      "Corps 'name' : ne doit pas être vide.",
    );
    expect((await call('POST', '/api/systems', 'de', { name: 'x'.repeat(201) })).body.message).toBe(
      "Anfrageinhalt 'name': darf höchstens 200 Zeichen lang sein.",
    );
    // Ids are written in digits only (issue 12 B1).
    expect((await call('GET', '/api/systems/abc', 'de')).body.message).toBe(
      "Pfadparameter 'id': muss eine ganze Zahl nur aus Ziffern sein.",
    );
  });

  it("zod's own checks are translated too, with every problem of the request", async () => {
    const en = await call('POST', '/api/systems', undefined, { name: 'ok', extra: 1 });
    expect(en.body.message).toBe("Body: unknown fields: 'extra'.");
    expect((await call('POST', '/api/systems', 'fr', { name: 'ok', extra: 1 })).body.message).toBe(
      "Corps : champs inconnus : 'extra'.",
    );
    const widget = await call('GET', '/api/widgets/versions', 'de');
    expect(widget.status).toBe(400);
    expect(widget.body.message).toMatch(
      /^Pfadparameter 'kind': muss einer der Werte "systems", "assemblies", "subassemblies" sein\.$/,
    );
    const two = await call('POST', '/api/matrix', 'de', {
      rowKind: 'assemblies',
      rows: [],
      columnKind: 'trains',
      columns: [1],
    });
    expect(two.status).toBe(400);
    expect(two.body.message).toContain("Anfrageinhalt 'rows': rows: wählen Sie mindestens eine Version");
    expect(two.body.message).toContain("Anfrageinhalt 'columnKind': muss einer der Werte");
  });

  it("carries the key and parameters of a validation error, taken from zod's issues, for the web app to translate", async () => {
    const res = await call('POST', '/api/matrix', 'de', {
      rowKind: 'assemblies',
      rows: [],
      columnKind: 'trains',
      columns: [1],
    });
    expect(res.status).toBe(400);
    const body = { part: { code: 'validation.part.body', params: {} } };
    // web/src/lib/api-message.test.ts says this very body in de, en and fr.
    expect(res.body).toMatchObject({
      code: 'errors.validation',
      params: {
        issues: [
          {
            code: 'validation.issue',
            params: {
              where: { code: 'validation.field', params: { ...body, field: 'rows' } },
              problem: { code: 'zod.chooseVersions', params: { what: 'rows' } },
            },
          },
          {
            code: 'validation.issue',
            params: {
              where: { code: 'validation.field', params: { ...body, field: 'columnKind' } },
              problem: { code: 'zodIssue.option', params: { values: '"systems", "assemblies", "subassemblies"' } },
            },
          },
        ],
      },
    });
    const tooLong = await call('POST', '/api/systems', undefined, { name: 'x'.repeat(201) });
    expect(tooLong.body.params.issues[0].params.problem).toEqual({ code: 'zod.maxChars', params: { max: 200 } });
    // A field that is missing is named so from the request, not from zod's English text.
    const missing = await call('POST', '/api/references', undefined, {});
    expect(missing.body.params.issues[0].params.problem).toEqual({ code: 'zod.text', params: {} });
    const upload = await call('POST', '/api/upload', 'fr', { folder: 'systems', base64: 'AAAA' });
    expect(upload.body).toMatchObject({ message: "Corps 'filename' : est obligatoire." });
    expect(upload.body.params.issues[0].params.problem).toEqual({ code: 'zodIssue.required', params: {} });
    const wrong = await call('POST', '/api/upload', undefined, { folder: 'systems', filename: 7, base64: 'AAAA' });
    expect(wrong.body.params.issues[0].params.problem).toEqual({ code: 'zod.text', params: {} });
  });

  it('a stale write (412)', async () => {
    const item = (await call('POST', '/api/systems', undefined, { name: 'Message Stale System' })).body as Item;
    expect(
      (
        await call(
          'PUT',
          item.href,
          undefined,
          { name: 'Message Stale System', description: 'first' },
          { 'if-match': item.etag },
        )
      ).status,
    ).toBe(200);
    const de = await call(
      'PUT',
      item.href,
      'de',
      { name: 'Message Stale System', description: 'lost' },
      { 'if-match': item.etag },
    );
    expect(de.status).toBe(412);
    expect(de.body.code).toBe('stale.byAt');
    expect(de.body.message).toMatch(
      /^Dieser Eintrag wurde nach dem Laden von jemand anderem geändert \(admin, .+\)\. Laden Sie ihn neu/,
    );
    expect(de.body.current.description).toBe('first');
    const fr = await call(
      'PUT',
      item.href,
      'fr',
      { name: 'Message Stale System', description: 'lost' },
      { 'if-match': item.etag },
    );
    expect(fr.body.message).toMatch(/^Quelqu'un d'autre a modifié cette entrée/);
  });

  it('a refused delete names the item and counts in the language of the request', async () => {
    const system = (await call('POST', '/api/systems', undefined, { name: 'Message Parent' })).body as Item;
    expect((await call('POST', `${system.href}/versions`, undefined, { name: '1.0' })).status).toBe(201);
    const res = await t.call('DELETE', system.href, undefined, 'admin', { 'accept-language': 'de' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("System 'Message Parent' hat noch 1 Version; löschen Sie diese zuerst.");
  });

  it('the failing rows of a batch save', async () => {
    const system = (await call('POST', '/api/systems', undefined, { name: 'Message Batch System' })).body as Item;
    const version = (await call('POST', `${system.href}/versions`, undefined, { name: '1.0' })).body as {
      href: string;
    };
    const rows = [{ to_id: 999999, compatibility_info: { href: '/api/compatibility_infos/999999' } }];
    const de = await call('PUT', `${version.href}/compatibilities/assemblies`, 'de', { rows });
    expect(de.status).toBe(404);
    expect(de.body.code).toBe('relations.batchFailed');
    expect(de.body.message).toBe(
      '1 von 1 Zeilen konnten nicht gespeichert werden, daher wurde nichts gespeichert. Baugruppenversion 999999 wurde nicht gefunden.',
    );
    expect(de.body.rows.map((r: { message: string }) => r.message)).toEqual([
      'Baugruppenversion 999999 wurde nicht gefunden.',
      'Auflagentext /api/compatibility_infos/999999 existiert nicht.',
    ]);
    // Each row carries its key and parameters too, like the body itself.
    expect(de.body.rows[1]).toMatchObject({
      code: 'relations.unknownObligation',
      params: { href: '/api/compatibility_infos/999999' },
    });
    expect(de.body.params.first).toEqual({
      code: 'errors.notFound',
      params: {
        what: {
          code: 'thing.numbered',
          params: { what: { code: 'kindVersion.assembly', params: {} }, id: 999999 },
        },
      },
    });
    const en = await call('PUT', `${version.href}/compatibilities/assemblies`, undefined, { rows });
    expect(en.body.rows[1].message).toBe('Obligation text /api/compatibility_infos/999999 does not exist.');
  });

  it('an unknown route and the refusal of a lower role', async () => {
    expect((await call('GET', '/api/nothing/here/at/all', 'fr')).body.message).toBe(
      "Il n'y a pas de GET /api/nothing/here/at/all ici.",
    );
    const res = await t.call('POST', '/api/systems', { name: 'x' }, 'intern', { 'accept-language': 'de' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'auth.roleRequired', message: 'Diese Aktion erfordert die Rolle admin.' });
  });
});
