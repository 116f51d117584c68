import {
  idOfHref,
  type Comment,
  type CompatibilityInfo,
  type CompatibilityRecord,
  type Item,
  type Reference,
  type Version,
} from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

// One test (at least) per rule of the relations module: each fails when its rule is removed from the
// server (issue 13, item 3). Every refused write is checked to have changed nothing.

let t: TestApp;
/** A second admin: comments of 'admin' are not theirs. */
let otherAdmin: Record<string, string>;
let system: Version;
let systemItem: Item;
let assemblyItem: Item;
/** Assembly versions; each test uses its own ones so that the tests do not depend on each other. */
const asm: Version[] = [];
let sub: Version;
let sub2: Version;
let allowed: CompatibilityInfo;
let conditional: CompatibilityInfo;
let refA: Reference;
let refB: Reference;

beforeAll(async () => {
  t = await buildTestApp();
  otherAdmin = { authorization: `Bearer ${await t.issuer.tokenFor('admin2', ['admin'])}` };
  systemItem = (await t.call('POST', '/api/systems', { name: 'Rules Test System' })).body;
  system = (await t.call('POST', `${systemItem.href}/versions`, { name: '9.0' })).body;
  assemblyItem = (await t.call('POST', '/api/assemblies', { name: 'Rules Test Assembly' })).body;
  for (let i = 1; i <= 25; i++)
    asm.push((await t.call('POST', `${assemblyItem.href}/versions`, { name: `Q-${i}` })).body);
  const subItem = (await t.call('POST', '/api/subassemblies', { name: 'Rules Test Sub-Assembly' })).body as Item;
  sub = (await t.call('POST', `${subItem.href}/versions`, { name: 'QS-1' })).body;
  sub2 = (await t.call('POST', `${subItem.href}/versions`, { name: 'QS-2' })).body;
  allowed = (
    await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'allowed', obligation: 'Regeln: frei' })
  ).body;
  conditional = (
    await t.call('POST', '/api/compatibility_infos', {
      compatibility_status: 'conditional',
      obligation: 'Regeln: bedingt',
    })
  ).body;
  refA = (await t.call('POST', '/api/references', { reference: 'RULES-REF-A' })).body;
  refB = (await t.call('POST', '/api/references', { reference: 'RULES-REF-B' })).body;
});
afterAll(() => t.close());

const id = (version: Version) => idOfHref(version.href);
const v = (index: number) => {
  const version = asm[index];
  if (!version) throw new Error(`no assembly version ${index}`);
  return version;
};
const table = (version: Version, to = 'assemblies') => `${version.href}/compatibilities/${to}`;
const save = (version: Version, rows: unknown[], to = 'assemblies', headers: Record<string, string> = {}) =>
  t.call('PUT', table(version, to), { rows }, 'admin', headers);
/** A table's compatibilities as [other version, obligation href, reference names], sorted. */
const records = async (version: Version, to = 'assemblies') =>
  ((await t.call('GET', table(version, to))).body as CompatibilityRecord[])
    .map((r) => [r.to.href, r.compatibility_info.href, r.references])
    .sort();
const recordOf = async (version: Version, other: Version) =>
  ((await t.call('GET', table(version))).body as CompatibilityRecord[]).find((r) => r.to.href === other.href);
const commentsOf = async (version: Version) =>
  ((await t.call('GET', `${table(version)}/commentaries`)).body as Comment[]).map((c) => [c.id, c.comment]);
const create = async (from: Version, to: Version, info = allowed) =>
  expect((await t.call('POST', `${table(from)}/${id(to)}`, { compatibility_info: { href: info.href } })).status).toBe(
    201,
  );
const comment = async (from: Version, to: Version, text: string) =>
  (await t.call('POST', `${table(from)}/${id(to)}/commentaries`, { comment: text })).body as Comment;
const audit = async (entity: string, entityId: string | number) =>
  (
    (await t.call('GET', `/api/audit?entity=${entity}&entity_id=${encodeURIComponent(entityId)}`)).body.items as Array<{
      action: string;
    }>
  ).map((e) => e.action);
/** A refused row as the batch answers it. */
const refused = (version: Version | number, statusCode: number, message: RegExp | string) =>
  expect.objectContaining({
    to_id: typeof version === 'number' ? version : id(version),
    statusCode,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });

describe('a relation table batch refuses a row, and then saves nothing', () => {
  it('references without an obligation text on their row', async () => {
    // Q-1 has a compatibility; Q-2 gets one in the same (refused) batch.
    const [q1, q2, q3] = [v(0), v(1), v(2)];
    await create(system, q1);
    const before = await records(system);
    const res = await save(system, [
      { to_id: id(q2), compatibility_info: { href: allowed.href } },
      // Clearing the obligation and keeping references at once.
      { to_id: id(q3), compatibility_info: null, references: [refA.href] },
      // References without saying which obligation text (the row's own stays as it is).
      { to_id: id(q1), references: [refB.href] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.rows).toEqual([
      refused(q3, 400, 'References need an obligation text on the row.'),
      refused(q1, 400, 'References need an obligation text on the row.'),
    ]);
    expect(await records(system)).toEqual(before);
  });

  it('comments to add or change on a row that has no obligation text, or clears it; deleting needs none', async () => {
    const [q4, q5, q6] = [v(3), v(4), v(5)];
    await create(system, q4);
    const mine = await comment(system, q4, 'Bleibt');
    const before = { records: await records(system), comments: await commentsOf(system) };
    const compatibilityOf = (other: Version) =>
      new RegExp(
        `The compatibility between System version ${id(system)} and Assembly version ${id(other)} was not found`,
      );

    // Q-4 clears its obligation text while one of its comments is changed, another one added.
    for (const comments of [{ changed: [{ id: mine.id, comment: 'Geändert' }] }, { added: ['Neu'] }]) {
      const res = await save(system, [{ to_id: id(q4), compatibility_info: null, comments }]);
      expect(res.status).toBe(404);
      expect(res.body.rows).toEqual([refused(q4, 404, compatibilityOf(q4))]);
    }
    // Q-5 has no compatibility and gets none.
    const lonely = await save(system, [{ to_id: id(q5), comments: { added: ['Ohne Auflage'] } }]);
    expect(lonely.status).toBe(404);
    expect(lonely.body.rows).toEqual([refused(q5, 404, compatibilityOf(q5))]);
    expect({ records: await records(system), comments: await commentsOf(system) }).toEqual(before);

    // A row that gets its obligation text in the same batch takes a comment.
    const gets = await save(system, [
      { to_id: id(q6), compatibility_info: { href: allowed.href }, etag: null, comments: { added: ['Mit Auflage'] } },
    ]);
    expect(gets.status).toBe(200);
    expect((await commentsOf(system)).map(([, text]) => text)).toContain('Mit Auflage');
    // Clearing a compatibility takes its comments along, whoever wrote them: naming them for deletion is no refusal.
    const cleared = await save(
      system,
      [{ to_id: id(q4), compatibility_info: null, comments: { deleted: [{ id: mine.id, etag: mine.etag }] } }],
      'assemblies',
      otherAdmin,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ created: 0, updated: 0, deleted: 1, unchanged: 0 });
    expect((await commentsOf(system)).map(([commentId]) => commentId)).not.toContain(mine.id);
  });

  it('a version listed twice in one request', async () => {
    const [q7, q8] = [v(6), v(7)];
    await create(system, q8);
    const before = await records(system);
    for (const rows of [
      // Twice new: the second would create the same pair again.
      [
        { to_id: id(q7), compatibility_info: { href: allowed.href } },
        { to_id: id(q7), compatibility_info: { href: conditional.href } },
      ],
      // Changed and removed in one request: which one holds?
      [
        { to_id: id(q8), compatibility_info: { href: conditional.href } },
        { to_id: id(q8), compatibility_info: null },
      ],
    ]) {
      const res = await save(system, rows);
      expect(res.status).toBe(400);
      expect(res.body.rows).toEqual([refused(rows[0]!.to_id, 400, 'This version appears twice in the request.')]);
      expect(await records(system)).toEqual(before);
    }
  });

  it('a version compatible with itself', async () => {
    const [q9, q10] = [v(8), v(9)];
    const res = await save(q9, [
      { to_id: id(q10), compatibility_info: { href: allowed.href } },
      { to_id: id(q9), compatibility_info: { href: allowed.href } },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.rows).toEqual([refused(q9, 400, 'A version cannot be compatible with itself.')]);
    expect(await records(q9)).toEqual([]);
  });

  it('a reference that does not exist', async () => {
    const q11 = v(10);
    const res = await save(system, [
      { to_id: id(q11), compatibility_info: { href: allowed.href }, references: [refA.href, '/api/references/999999'] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.rows).toEqual([refused(q11, 400, 'Reference /api/references/999999 does not exist.')]);
    expect((await records(system)).map(([to]) => to)).not.toContain(q11.href);
  });

  it('an ETag on a row that has no compatibility (it was removed meanwhile)', async () => {
    const q12 = v(11);
    const res = await save(system, [{ to_id: id(q12), compatibility_info: { href: allowed.href }, etag: '"1.1"' }]);
    expect(res.status).toBe(412);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        to_id: id(q12),
        statusCode: 412,
        message: expect.stringMatching(/^Someone else changed this row after you loaded it/),
        current: null,
      }),
    ]);
    expect((await records(system)).map(([to]) => to)).not.toContain(q12.href);
  });

  it('a table of a version that does not exist, or of another kind', async () => {
    // Q-13 (an assembly version) has a compatibility with Q-14 that a save through a system path must not touch.
    const [q9, q10] = [v(12), v(13)];
    await create(q9, q10);
    for (const url of [
      `/api/systems/versions/${id(q9)}/compatibilities/assemblies`,
      '/api/systems/versions/999999/compatibilities/assemblies',
    ]) {
      const res = await t.call('PUT', url, { rows: [{ to_id: id(q10), compatibility_info: null }] });
      expect(res.status, url).toBe(404);
      expect(res.body.message, url).toMatch(/^System version \d+ was not found/);
    }
    expect((await records(q9)).map(([to]) => to)).toEqual([q10.href]);
  });

  it('answers every refused row in request order, under the most telling status: conflict, forbidden, not found', async () => {
    const [q1, q2] = [v(14), v(15)];
    await create(system, q1);
    const current = await recordOf(system, q1);
    if (!current) throw new Error('Q-1 has no compatibility');
    // Found by different checks: the flag last, the unknown version first, the stale row in between.
    const conflict = await save(system, [
      { to_id: id(q2), flag: true },
      { to_id: 999999, compatibility_info: null },
      { to_id: id(q1), compatibility_info: { href: conditional.href }, etag: '"1.0"' },
    ]);
    expect(conflict.status).toBe(412);
    expect(conflict.body.rows.map((r: { to_id: number }) => r.to_id)).toEqual([id(q2), 999999, id(q1)]);
    expect(conflict.body.message).toMatch(
      /^3 of 3 rows could not be saved, so nothing was saved\. The relation .* was not found/,
    );
    expect(conflict.body.rows[2]).toMatchObject({ current: { compatibility_info: allowed.href, etag: current.etag } });

    // admin2 changing admin's comment (403) outranks a version that does not exist (404).
    const mine = await comment(system, q1, 'Von admin');
    const forbidden = await save(
      system,
      [
        { to_id: 999999, compatibility_info: null },
        { to_id: id(q1), comments: { changed: [{ id: mine.id, comment: 'Von admin2' }] } },
      ],
      'assemblies',
      otherAdmin,
    );
    expect(forbidden.status).toBe(403);
    expect((await recordOf(system, q1))?.compatibility_info.href).toBe(allowed.href);
  });

  it('one comment changed twice and deleted in one row: the last change holds, deleting wins', async () => {
    const [q13, q14] = [v(16), v(17)];
    await create(q13, q14);
    const kept = await comment(q13, q14, 'Eins');
    const dropped = await comment(q13, q14, 'Zwei');
    const res = await save(q13, [
      {
        to_id: id(q14),
        comments: {
          changed: [
            { id: kept.id, comment: 'Erste Änderung' },
            { id: kept.id, comment: 'Letzte Änderung' },
            { id: dropped.id, comment: 'Vergeblich' },
          ],
          deleted: [{ id: dropped.id }],
        },
      },
    ]);
    expect(res.status).toBe(200);
    expect(await commentsOf(q13)).toEqual([[kept.id, 'Letzte Änderung']]);
    // The deleted comment was only deleted, not also changed.
    expect(await audit('comment', dropped.id)).toEqual(['delete', 'create']);
  });
});

describe('one compatibility at a time', () => {
  it('a change keeps the references; a change or removal of a missing compatibility answers 404', async () => {
    const [q15, q16] = [v(18), v(19)];
    const url = `${table(system)}/${id(q15)}`;
    expect((await t.call('PUT', url, { compatibility_info: { href: allowed.href } })).status).toBe(404);
    expect((await t.call('DELETE', url)).status).toBe(404);
    await create(system, q15);
    expect((await t.call('POST', `${url}/references`, { reference_info: { href: refA.href } })).status).toBe(204);
    expect((await t.call('PUT', url, { compatibility_info: { href: conditional.href } })).status).toBe(200);
    expect((await recordOf(system, q15))?.references).toEqual(['RULES-REF-A']);
    // A comment needs the compatibility too.
    const lonely = await t.call('POST', `${table(system)}/${id(q16)}/commentaries`, { comment: 'Ohne' });
    expect(lonely.status).toBe(404);
    expect(await commentsOf(system)).not.toContainEqual([expect.any(Number), 'Ohne']);
  });

  it('saving a row as it is changes nothing: counted unchanged, its ETag stays', async () => {
    const q17 = v(24);
    const row = { to_id: id(q17), compatibility_info: { href: allowed.href }, references: [refA.href] };
    expect((await save(system, [row])).body).toEqual({ created: 1, updated: 0, deleted: 0, unchanged: 0 });
    const etag = (await recordOf(system, q17))?.etag;
    expect((await save(system, [row])).body).toEqual({ created: 0, updated: 0, deleted: 0, unchanged: 1 });
    expect((await recordOf(system, q17))?.etag).toBe(etag);
  });

  it('If-Match: a stale or weak tag is refused, `*` and a list holding the current tag go ahead', async () => {
    const q15 = v(20);
    const url = `${table(system)}/${id(q15)}`;
    await create(system, q15);
    const etagNow = async () => (await recordOf(system, q15))?.etag ?? '';
    const etag = await etagNow();
    const put = (ifMatch: string, info: CompatibilityInfo) =>
      t.call('PUT', url, { compatibility_info: { href: info.href } }, 'admin', { 'if-match': ifMatch });
    expect((await put('"1.0"', allowed)).status).toBe(412);
    expect((await put(`W/${etag}`, allowed)).status).toBe(412);
    expect((await t.call('DELETE', url, undefined, 'admin', { 'if-match': '"1.0"' })).status).toBe(412);
    expect((await recordOf(system, q15))?.etag).toBe(etag);
    expect((await put(`"1.0", ${etag}`, allowed)).status).toBe(200);
    expect((await put('*', conditional)).status).toBe(200);
    expect((await recordOf(system, q15))?.compatibility_info.href).toBe(conditional.href);
    expect(await etagNow()).not.toBe(etag);
  });

  it('references one at a time: only existing ones, only on the compatibility, at its current ETag, which they move', async () => {
    const q15 = v(21);
    const url = `${table(system)}/${id(q15)}`;
    await create(system, q15);
    expect((await t.call('POST', `${url}/references`, { reference_info: { href: refA.href } })).status).toBe(204);
    const etag = (await recordOf(system, q15))?.etag ?? '';
    const unknown = await t.call('POST', `${url}/references`, { reference_info: { href: '/api/references/999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^Reference 999999 was not found/);
    expect((await t.call('DELETE', `${url}/references/${idOfHref(refB.href)}`)).status).toBe(404);
    const stale = await t.call('POST', `${url}/references`, { reference_info: { href: refB.href } }, 'admin', {
      'if-match': '"1.0"',
    });
    expect(stale.status).toBe(412);
    expect((await recordOf(system, q15))?.references).toEqual(['RULES-REF-A']);
    expect(
      (
        await t.call('POST', `${url}/references`, { reference_info: { href: refB.href } }, 'admin', {
          'if-match': etag,
        })
      ).status,
    ).toBe(204);
    const after = await recordOf(system, q15);
    expect(after?.references).toEqual(['RULES-REF-A', 'RULES-REF-B']);
    expect(after?.etag).not.toBe(etag);
    const missing = `${table(system)}/${id(v(19))}/references`;
    expect((await t.call('POST', missing, { reference_info: { href: refA.href } })).status).toBe(404);
  });

  it('comments of a version that does not exist, or of a pair that does not exist, are not listed', async () => {
    expect((await t.call('GET', '/api/systems/versions/999999/compatibilities/assemblies/commentaries')).status).toBe(
      404,
    );
    expect((await t.call('GET', `${table(system, 'subassemblies')}/commentaries`)).status).toBe(400);
  });
});

describe('containments and version flags', () => {
  it('containments: parent and child must be items of their kinds; relating twice is one link, audited once', async () => {
    const child = `${systemItem.href}/assemblies/${idOfHref(assemblyItem.href)}`;
    expect((await t.call('GET', '/api/systems/999999/assemblies')).status).toBe(404);
    expect((await t.call('GET', `/api/systems/${idOfHref(assemblyItem.href)}/assemblies`)).status).toBe(404);
    expect(
      (await t.call('POST', `/api/systems/${idOfHref(assemblyItem.href)}/assemblies/${idOfHref(assemblyItem.href)}`))
        .status,
    ).toBe(404);
    expect((await t.call('DELETE', child)).status).toBe(404);
    expect((await t.call('POST', child)).status).toBe(204);
    expect((await t.call('POST', child)).status).toBe(204);
    expect(await audit('containment', child)).toEqual(['create']);
  });

  it('version flags: only from an assembly version, to a version of the named kind, never to itself', async () => {
    const [q1, q2] = [v(22), v(23)];
    const flag = `${q1.href}/subassemblies/${id(sub)}`;
    expect((await t.call('GET', `/api/assemblies/versions/${id(sub)}/subassemblies`)).status).toBe(404);
    expect((await t.call('POST', `/api/assemblies/versions/${id(sub)}/subassemblies/${id(sub2)}`)).status).toBe(404);
    expect((await t.call('POST', `${q1.href}/subassemblies/${id(q2)}`)).status).toBe(404);
    const self = await t.call('POST', `${q1.href}/assemblies/${id(q1)}`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A version cannot be related to itself.');
    expect((await t.call('DELETE', flag)).status).toBe(404);
    expect((await t.call('POST', flag)).status).toBe(204);
    expect((await t.call('POST', flag)).status).toBe(204);
    expect(await audit('version_relation', flag)).toEqual(['create']);
    expect((await t.call('GET', `${q1.href}/subassemblies`)).body).toEqual([sub.href]);
  });
});
