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

// A relation table's 'Save all' is one request: obligations, references, version flags and comments of
// every row are saved in one transaction, or nothing is (SPEC 2 'Compatibility screens', 7 'Relations').

let t: TestApp;
/** A second admin: comments of 'admin' are not theirs to change. */
let otherAdmin: Record<string, string>;
type Who = 'admin' | 'admin2' | 'intern';
const call = (
  method: Parameters<TestApp['call']>[0],
  url: string,
  payload?: unknown,
  who: Who = 'admin',
  headers: Record<string, string> = {},
) =>
  who === 'admin2'
    ? t.call(method, url, payload, 'admin', { ...otherAdmin, ...headers })
    : t.call(method, url, payload, who, headers);

let system: Version;
const asm: Version[] = [];
let sub: Version;
let allowed: CompatibilityInfo;
let conditional: CompatibilityInfo;
let refA: Reference;

beforeAll(async () => {
  t = await buildTestApp();
  otherAdmin = { authorization: `Bearer ${await t.issuer.tokenFor('admin2', ['admin'])}` };
  const sysItem = (await call('POST', '/api/systems', { name: 'Batch Test System' })).body as Item;
  system = (await call('POST', `${sysItem.href}/versions`, { name: '7.0' })).body;
  const asmItem = (await call('POST', '/api/assemblies', { name: 'Batch Test Assembly' })).body as Item;
  for (const n of ['B-1', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6', 'B-7'])
    asm.push((await call('POST', `${asmItem.href}/versions`, { name: n })).body);
  const subItem = (await call('POST', '/api/subassemblies', { name: 'Batch Test Sub-Assembly' })).body as Item;
  sub = (await call('POST', `${subItem.href}/versions`, { name: 'S-1' })).body;
  allowed = (
    await call('POST', '/api/compatibility_infos', { compatibility_status: 'allowed', obligation: 'Batch: frei' })
  ).body;
  conditional = (
    await call('POST', '/api/compatibility_infos', {
      compatibility_status: 'conditional',
      obligation: 'Batch: nur mit Update',
    })
  ).body;
  refA = (await call('POST', '/api/references', { reference: 'BATCH-REF-A' })).body;
});
afterAll(() => t.close());

const table = (version: Version, to = 'assemblies') => `${version.href}/compatibilities/${to}`;
const records = async (version: Version) => (await call('GET', table(version))).body as CompatibilityRecord[];
const comments = async (version: Version) => (await call('GET', `${table(version)}/commentaries`)).body as Comment[];
const flags = async (version: Version, to = 'assemblies') =>
  ((await call('GET', `${version.href}/${to}`)).body as string[]).sort();
const stateOf = async (version: Version) => ({
  records: (await records(version)).map((r) => [r.to.href, r.compatibility_info.href, r.references, r.etag]).sort(),
  flags: await flags(version),
  comments: (await comments(version)).map((c) => [c.id, c.comment, c.author, c.etag]),
});

describe('one batch for obligations, flags and comments', () => {
  it('saves them all in one transaction and audits every change', async () => {
    const [a1, a2, a3, a4] = asm as [Version, Version, Version, Version];
    // A2 has a compatibility with two comments of admin; A1-A2 has no flag yet.
    expect(
      (await call('POST', `${table(a1)}/${idOfHref(a2.href)}`, { compatibility_info: { href: allowed.href } })).status,
    ).toBe(201);
    const keep = (
      await call('POST', `${table(a1)}/${idOfHref(a2.href)}/commentaries`, { comment: 'Alt, wird geändert' })
    ).body as Comment;
    const drop = (
      await call('POST', `${table(a1)}/${idOfHref(a2.href)}/commentaries`, { comment: 'Alt, wird gelöscht' })
    ).body as Comment;
    const before = await t.count('audit_log');
    const infoBefore = (await t.pool.query('select modification_time from data_info')).rows[0]
      .modification_time as Date;

    const res = await call('PUT', table(a1), {
      rows: [
        {
          to_id: idOfHref(a2.href),
          flag: true,
          comments: {
            added: ['Neu an A2'],
            changed: [{ id: keep.id, comment: 'Geändert', etag: keep.etag }],
            deleted: [{ id: drop.id }],
          },
        },
        // A3 had no compatibility: created with its flag and a first comment on it.
        {
          to_id: idOfHref(a3.href),
          compatibility_info: { href: conditional.href },
          references: [refA.href],
          etag: null,
          flag: true,
          comments: { added: ['Erster Kommentar'] },
        },
        { to_id: idOfHref(a4.href), compatibility_info: { href: allowed.href }, etag: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, deleted: 0, unchanged: 1 });

    const rows = await records(a1);
    expect(rows.map((r) => [r.to.href, r.compatibility_info.compatibility_status, r.references]).sort()).toEqual(
      [
        [a2.href, 'allowed', []],
        [a3.href, 'conditional', ['BATCH-REF-A']],
        [a4.href, 'allowed', []],
      ].sort(),
    );
    expect(await flags(a1)).toEqual([a2.href, a3.href].sort());
    // Symmetric: the other side sees the flag too.
    expect(await flags(a3)).toEqual([a1.href]);
    const now = await comments(a1);
    expect(now.map((c) => [c.to_id, c.comment, c.author]).sort()).toEqual(
      [
        [idOfHref(a2.href), 'Geändert', 'admin'],
        [idOfHref(a2.href), 'Neu an A2', 'admin'],
        [idOfHref(a3.href), 'Erster Kommentar', 'admin'],
      ].sort(),
    );

    const audit = await t.pool.query(
      `select actor, action, entity, entity_id, before, after, at from audit_log order by id offset $1`,
      [before],
    );
    const summary = audit.rows.map((r) => `${r.entity} ${r.action}`).sort();
    expect(summary).toEqual(
      [
        'comment create',
        'comment create',
        'comment delete',
        'comment update',
        'compatibility create',
        'compatibility create',
        'version_relation create',
        'version_relation create',
      ].sort(),
    );
    expect(new Set(audit.rows.map((r) => r.actor))).toEqual(new Set(['admin']));
    // One transaction: every entry carries its start time.
    expect(new Set(audit.rows.map((r) => new Date(r.at).getTime())).size).toBe(1);
    const updated = audit.rows.find((r) => r.entity === 'comment' && r.action === 'update')!;
    expect(updated.before).toMatchObject({ id: keep.id, comment: 'Alt, wird geändert' });
    expect(updated.after).toMatchObject({ id: keep.id, comment: 'Geändert' });
    expect(audit.rows.find((r) => r.entity === 'comment' && r.action === 'delete')!.before).toMatchObject({
      id: drop.id,
      comment: 'Alt, wird gelöscht',
    });
    expect(
      audit.rows
        .filter((r) => r.entity === 'version_relation')
        .map((r) => r.entity_id)
        .sort(),
    ).toEqual([`${a1.href}/assemblies/${idOfHref(a2.href)}`, `${a1.href}/assemblies/${idOfHref(a3.href)}`].sort());
    const infoAfter = (await t.pool.query('select modification_time from data_info')).rows[0].modification_time as Date;
    expect(infoAfter.getTime()).toBeGreaterThan(infoBefore.getTime());

    // Clearing flags works the same way; a flag that is cleared already changes nothing.
    const cleared = await call('PUT', table(a1), {
      rows: [
        { to_id: idOfHref(a2.href), flag: false },
        { to_id: idOfHref(a4.href), flag: false },
      ],
    });
    expect(cleared.body).toEqual({ created: 0, updated: 0, deleted: 0, unchanged: 2 });
    expect(await flags(a1)).toEqual([a3.href]);
  });

  it('sets the containment flag between an assembly and sub-assembly versions; pairs without a flag refuse it per row', async () => {
    const [a1] = asm as [Version];
    const res = await call('PUT', table(a1, 'subassemblies'), { rows: [{ to_id: idOfHref(sub.href), flag: true }] });
    expect(res.status).toBe(200);
    expect(await flags(a1, 'subassemblies')).toEqual([sub.href]);

    const refused = await call('PUT', table(system), {
      rows: [
        { to_id: idOfHref(asm[5]!.href), compatibility_info: { href: allowed.href } },
        { to_id: idOfHref(asm[6]!.href), flag: true },
      ],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.rows).toEqual([
      expect.objectContaining({
        to_id: idOfHref(asm[6]!.href),
        statusCode: 404,
        message: expect.stringMatching(/was not found/),
      }),
    ]);
    expect(await records(system)).toEqual([]);
  });

  it('a comment change by someone who is not its author saves nothing of the batch and names that row', async () => {
    const [a1, a2, a3, a4] = asm as [Version, Version, Version, Version];
    const mine = (await comments(a1)).find((c) => c.comment === 'Erster Kommentar')!;
    const before = await stateOf(a1);
    const auditBefore = await t.count('audit_log');
    const a2Row = (await records(a1)).find((r) => r.to.href === a2.href)!;

    const res = await call(
      'PUT',
      table(a1),
      {
        rows: [
          // Valid on their own: change A2's obligation, set its flag, add a comment of admin2, remove A4.
          {
            to_id: idOfHref(a2.href),
            compatibility_info: { href: conditional.href },
            references: [refA.href],
            etag: a2Row.etag,
            flag: true,
            comments: { added: ['Von admin2'] },
          },
          { to_id: idOfHref(a4.href), compatibility_info: null },
          // Refused: the comment is admin's.
          { to_id: idOfHref(a3.href), comments: { changed: [{ id: mine.id, comment: 'Überschrieben' }] } },
        ],
      },
      'admin2',
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/1 of 3 rows could not be saved, so nothing was saved/);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        to_id: idOfHref(a3.href),
        statusCode: 403,
        message: 'Only the author (admin) may change or delete this comment.',
      }),
    ]);
    // Nothing at all was written: obligations, references, flags and comments are as they were, and unaudited.
    expect(await stateOf(a1)).toEqual(before);
    expect(await t.count('audit_log')).toBe(auditBefore);

    // Deleting it is refused the same way; a comment of another row is not found on this one.
    const deleting = await call(
      'PUT',
      table(a1),
      { rows: [{ to_id: idOfHref(a3.href), comments: { deleted: [{ id: mine.id }] } }] },
      'admin2',
    );
    expect(deleting.status).toBe(403);
    const elsewhere = await call('PUT', table(a1), {
      rows: [{ to_id: idOfHref(a2.href), comments: { deleted: [{ id: mine.id }] } }],
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.rows[0]).toMatchObject({
      to_id: idOfHref(a2.href),
      statusCode: 404,
      message: `Comment ${mine.id} was not found.`,
    });
    // A stale comment ETag is a conflict of that row.
    const stale = await call('PUT', table(a1), {
      rows: [{ to_id: idOfHref(a3.href), comments: { changed: [{ id: mine.id, comment: 'x', etag: '"1.999"' }] } }],
    });
    expect(stale.status).toBe(412);
    // A comment needs a compatibility on the row.
    const lonely = await call('PUT', table(a1), {
      rows: [{ to_id: idOfHref(asm[4]!.href), comments: { added: ['Ohne Kompatibilität'] } }],
    });
    expect(lonely.status).toBe(404);
    expect(lonely.body.rows[0].message).toMatch(/The compatibility between Assembly version .* was not found/);
    expect(await stateOf(a1)).toEqual(before);
  });

  it('etag null: a compatibility created meanwhile by someone else is a conflict of that row, and nothing is saved', async () => {
    const [, , , , a5, a6] = asm as [Version, Version, Version, Version, Version, Version];
    // The table was loaded while A5 had no compatibility; then admin2 created one.
    expect(
      (
        await call(
          'POST',
          `${table(system)}/${idOfHref(a5.href)}`,
          { compatibility_info: { href: conditional.href } },
          'admin2',
        )
      ).status,
    ).toBe(201);
    const theirs = (await records(system)).find((r) => r.to.href === a5.href)!;

    const res = await call('PUT', table(system), {
      rows: [
        { to_id: idOfHref(a5.href), compatibility_info: { href: allowed.href }, references: [refA.href], etag: null },
        { to_id: idOfHref(a6.href), compatibility_info: { href: allowed.href }, etag: null },
      ],
    });
    expect(res.status).toBe(412);
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        to_id: idOfHref(a5.href),
        statusCode: 412,
        message: expect.stringMatching(/^Someone else changed this row \(admin2, .+\) after you loaded it/),
        current: { compatibility_info: conditional.href, references: [], etag: theirs.etag },
      }),
    ]);
    const after = await records(system);
    expect(after.map((r) => [r.to.href, r.compatibility_info.href])).toEqual([[a5.href, conditional.href]]);

    // Without an etag (a client without conditional requests) the row is written as before.
    const unconditional = await call('PUT', table(system), {
      rows: [{ to_id: idOfHref(a5.href), compatibility_info: { href: allowed.href } }],
    });
    expect(unconditional.body).toEqual({ created: 0, updated: 1, deleted: 0, unchanged: 0 });
  });

  it('two concurrent single-row creates of one pair: exactly one succeeds', async () => {
    const url = `${table(system)}/${idOfHref(asm[6]!.href)}`;
    const answers = await Promise.all([
      call('POST', url, { compatibility_info: { href: allowed.href } }),
      call('POST', url, { compatibility_info: { href: conditional.href } }, 'admin2'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const created = (await records(system)).filter((r) => r.to.href === asm[6]!.href);
    expect(created).toHaveLength(1);
    const winner = answers.findIndex((a) => a.status === 201);
    expect(created[0]!.compatibility_info.href).toBe(winner === 0 ? allowed.href : conditional.href);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      'This compatibility exists already; change it instead.',
    );
  });
});

describe('comment paths of SPEC 7: {itemsName}/compatibilities/{relationsName}/commentaries/{id}', () => {
  it('change and delete an own comment; others are refused; unknown pairs answer JSON errors', async () => {
    const toId = idOfHref(asm[0]!.href);
    const created = (await call('POST', `${table(system)}/${toId}`, { compatibility_info: { href: allowed.href } }))
      .status;
    expect([201, 409]).toContain(created);
    const comment = (await call('POST', `${table(system)}/${toId}/commentaries`, { comment: 'Über den SPEC-Pfad' }))
      .body as Comment;
    const path = `/api/systems/compatibilities/assemblies/commentaries/${comment.id}`;

    const foreign = await call('PUT', path, { comment: 'Fremd' }, 'admin2');
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Only the author (admin) may change or delete this comment.');
    expect((await call('DELETE', path, undefined, 'admin2')).status).toBe(403);
    expect((await call('PUT', path, { comment: 'Geändert' }, 'intern')).status).toBe(403);

    const changed = await call('PUT', path, { comment: 'Geändert über SPEC-Pfad' }, 'admin', {
      'if-match': comment.etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: comment.id, comment: 'Geändert über SPEC-Pfad', author: 'admin' });
    // The other orientation of the pair names the same comments.
    expect(
      (
        await call('PUT', `/api/assemblies/compatibilities/systems/commentaries/${comment.id}`, {
          comment: 'Andersherum',
        })
      ).status,
    ).toBe(200);
    // Stale ETag, wrong pair, no pair, unknown kind, unknown comment.
    expect((await call('DELETE', path, undefined, 'admin', { 'if-match': comment.etag })).status).toBe(412);
    for (const [url, status] of [
      [`/api/assemblies/compatibilities/assemblies/commentaries/${comment.id}`, 404],
      [`/api/systems/compatibilities/subassemblies/commentaries/${comment.id}`, 400],
      [`/api/widgets/compatibilities/assemblies/commentaries/${comment.id}`, 400],
      ['/api/systems/compatibilities/assemblies/commentaries/999999', 404],
    ] as const) {
      const res = await call('PUT', url, { comment: 'x' });
      expect(res.status, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }

    expect((await call('DELETE', path)).status).toBe(204);
    expect((await comments(system)).map((c) => c.id)).not.toContain(comment.id);
    expect((await call('DELETE', path)).status).toBe(404);
  });
});

describe('deletes the database cascades are audited too', () => {
  it('clearing a compatibility audits the comments that go with it', async () => {
    const [, , , , , a6, a7] = asm as [Version, Version, Version, Version, Version, Version, Version];
    expect(
      (await call('POST', `${table(a6)}/${idOfHref(a7.href)}`, { compatibility_info: { href: allowed.href } })).status,
    ).toBe(201);
    const comment = (await call('POST', `${table(a6)}/${idOfHref(a7.href)}/commentaries`, { comment: 'Geht mit' }))
      .body as Comment;
    const cleared = await call('PUT', table(a6), {
      rows: [{ to_id: idOfHref(a7.href), compatibility_info: null, references: [] }],
    });
    expect(cleared.status).toBe(200);
    const audit = (await call('GET', `/api/audit?entity=comment&entity_id=${comment.id}`)).body.items as Array<{
      action: string;
      before: unknown;
    }>;
    expect(audit[0]).toMatchObject({ action: 'delete', before: { comment: 'Geht mit', author: 'admin' } });
  });

  it('deleting an item audits its containments, deleting a version its version relations', async () => {
    const parent = (await call('POST', '/api/assemblies', { name: 'Cascade Test Assembly' })).body as Item;
    const child = (await call('POST', '/api/subassemblies', { name: 'Cascade Test Sub-Assembly' })).body as Item;
    expect((await call('POST', `${parent.href}/subassemblies/${idOfHref(child.href)}`)).status).toBeLessThan(300);
    const parentVersion = (await call('POST', `${parent.href}/versions`, { name: 'C-1' })).body as Version;
    const childVersion = (await call('POST', `${child.href}/versions`, { name: 'CS-1' })).body as Version;
    expect(
      (await call('POST', `${parentVersion.href}/subassemblies/${idOfHref(childVersion.href)}`)).status,
    ).toBeLessThan(300);

    const etagOf = async (href: string) => ((await call('GET', href)).body as { etag: string }).etag;
    expect(
      (await call('DELETE', childVersion.href, undefined, 'admin', { 'if-match': await etagOf(childVersion.href) }))
        .status,
    ).toBe(204);
    const relation = `${parentVersion.href}/subassemblies/${idOfHref(childVersion.href)}`;
    expect(
      (await call('GET', `/api/audit?entity=version_relation&entity_id=${encodeURIComponent(relation)}`)).body.items,
    ).toEqual([
      expect.objectContaining({ action: 'delete', before: { related: true } }),
      expect.objectContaining({ action: 'create' }),
    ]);

    expect(
      (await call('DELETE', child.href, undefined, 'admin', { 'if-match': await etagOf(child.href) })).status,
    ).toBe(204);
    const containment = `${parent.href}/subassemblies/${idOfHref(child.href)}`;
    expect(
      (await call('GET', `/api/audit?entity=containment&entity_id=${encodeURIComponent(containment)}`)).body.items,
    ).toEqual([
      expect.objectContaining({ action: 'delete', before: { related: true } }),
      expect.objectContaining({ action: 'create' }),
    ]);
  });
});
