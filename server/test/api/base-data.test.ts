import {
  idOfHref,
  type AuditEntry,
  type Item,
  type ItemWithVersions,
  type Reference,
  type Version,
} from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const modificationTime = async () => (await t.call('GET', '/api/infos')).body.modification_time as string;

describe('items', () => {
  it('admin creates, changes and deletes a system; every step is audited and moves the modification time', async () => {
    const before = await modificationTime();
    const created = await t.call('POST', '/api/systems', { name: 'Audit Test System', description: 'first' });
    expect(created.status).toBe(201);
    const item = created.body as Item;
    expect(item).toMatchObject({ name: 'Audit Test System', description: 'first', created_by: 'admin', image: null });
    expect(await modificationTime()).not.toBe(before);

    const changed = await t.call('PUT', item.href, { name: 'Audit Test System', description: 'second' }, 'admin', {
      'if-match': item.etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.description).toBe('second');
    expect(changed.body.etag).not.toBe(item.etag);

    const removed = await t.call('DELETE', item.href, undefined, 'admin', { 'if-match': changed.body.etag });
    expect(removed.status).toBe(204);
    expect((await t.call('GET', item.href)).status).toBe(404);

    const id = item.href.split('/').pop();
    const audit = (await t.call('GET', `/api/audit?entity=system&entity_id=${id}`)).body.items as AuditEntry[];
    expect(audit.map((a) => a.action)).toEqual(['delete', 'update', 'create']);
    expect(audit[1]).toMatchObject({
      actor: 'admin',
      before: { description: 'first' },
      after: { description: 'second' },
    });
  });

  it('a stale write answers 412 with the current state and changes nothing', async () => {
    const item = (await t.call('POST', '/api/assemblies', { name: 'Stale Write Assembly' })).body as Item;
    const first = await t.call('PUT', item.href, { name: 'Stale Write Assembly', description: 'by admin' }, 'admin', {
      'if-match': item.etag,
    });
    expect(first.status).toBe(200);
    const stale = await t.call(
      'PUT',
      item.href,
      { name: 'Stale Write Assembly', description: 'lost update' },
      'admin',
      { 'if-match': item.etag },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/Someone else changed this entry by admin/);
    expect(stale.body.current.description).toBe('by admin');
    expect((await t.call('GET', item.href)).body.description).toBe('by admin');
    const staleDelete = await t.call('DELETE', item.href, undefined, 'admin', { 'if-match': item.etag });
    expect(staleDelete.status).toBe(412);
  });

  it('a write without If-Match still works (the SPEC 7 client sends none)', async () => {
    const item = (await t.call('POST', '/api/subassemblies', { name: 'No If-Match Part' })).body as Item;
    expect((await t.call('PUT', item.href, { name: 'No If-Match Part 2' })).status).toBe(200);
  });

  it.each([
    [{ name: '' }, 400, /Body 'name': must not be empty/],
    [{ name: '   ' }, 400, /name/],
    [{ name: 'x'.repeat(201) }, 400, /at most 200/],
    [{ name: 'ok', extra: 1 }, 400, /extra|Unrecognized/i],
    [{ name: 'ok', image: { original: '../../etc/passwd', thumbnail: 'x' } }, 400, /uploaded image path/],
    [{ description: 'no name' }, 400, /name/],
  ])('bad item %j → %i and nothing stored', async (payload, status, message) => {
    const rows = await t.count('items');
    const res = await t.call('POST', '/api/systems', payload);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await t.count('items')).toBe(rows);
  });

  it('names are unique per kind but may repeat across kinds', async () => {
    expect((await t.call('POST', '/api/systems', { name: 'Twin Name' })).status).toBe(201);
    const dup = await t.call('POST', '/api/systems', { name: 'Twin Name' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("A system named 'Twin Name' already exists.");
    expect((await t.call('POST', '/api/assemblies', { name: 'Twin Name' })).status).toBe(201);
  });

  it('deleting an item with versions is refused and deletes nothing', async () => {
    const [system] = (await t.call('GET', '/api/systems/versions')).body as ItemWithVersions[];
    const res = await t.call('DELETE', system!.href);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still has \d+ versions?; delete them first/);
    expect((await t.call('GET', system!.href)).status).toBe(200);
  });

  it('only admins write; others are refused with 403 and nothing changes', async () => {
    for (const role of ['intern', 'extern'] as const) {
      const res = await t.call('POST', '/api/systems', { name: `Refused ${role}` }, role);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This action requires the admin role.');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/systems', payload: { name: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.call('GET', '/api/audit', undefined, 'intern')).status).toBe(403);
  });
});

describe('versions', () => {
  let system: Item;
  let assembly: Item;
  beforeAll(async () => {
    system = (await t.call('POST', '/api/systems', { name: 'Version Rules System' })).body;
    assembly = (await t.call('POST', '/api/assemblies', { name: 'Version Rules Assembly' })).body;
  });

  it('a system version needs a version number and no material number', async () => {
    expect((await t.call('POST', `${system.href}/versions`, { name: '', name2: null })).body.message).toMatch(
      /system version needs a version number/,
    );
    expect((await t.call('POST', `${system.href}/versions`, { name: '1.0', name2: 'MAT-1' })).body.message).toMatch(
      /no material number/,
    );
    const ok = await t.call('POST', `${system.href}/versions`, { name: '1.0' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ name: '1.0', name2: null, parent_name: 'Version Rules System' });
  });

  it('an assembly version needs a part number or a material number', async () => {
    const none = await t.call('POST', `${assembly.href}/versions`, { name: ' ', name2: '' });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/part number \(name\) or a material number \(name2\)/);
    expect((await t.call('POST', `${assembly.href}/versions`, { name: null, name2: 'MAT-77' })).status).toBe(201);
    expect((await t.call('POST', `${assembly.href}/versions`, { name: 'A2V-1', name2: null })).status).toBe(201);
    const dup = await t.call('POST', `${assembly.href}/versions`, { name: 'A2V-1', name2: null });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already has a version with these numbers/);
  });

  it('rscp_link must be a web link; unknown item → 404', async () => {
    expect(
      (await t.call('POST', `${assembly.href}/versions`, { name: 'L', rscp_link: 'javascript:alert(1)' })).status,
    ).toBe(400);
    expect((await t.call('POST', '/api/assemblies/999999/versions', { name: 'L' })).status).toBe(404);
  });

  it('a version with compatibilities cannot be deleted; nothing is deleted', async () => {
    const [withCompat] = (await t.call('GET', '/api/systems/versions/compatibilities/assemblies')).body as Array<{
      from: { href: string };
    }>;
    const res = await t.call('DELETE', withCompat!.from.href);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/cannot be deleted while \d+ compatibility relations? exists?/);
    expect((await t.call('GET', withCompat!.from.href)).status).toBe(200);
  });

  it('copy takes compatibilities, references and version relations along', async () => {
    const records = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies')).body as Array<{
      from: { href: string };
      to: { href: string };
      compatibility_info: { href: string };
      references: string[];
    }>;
    const source = records[0]!.from.href;
    const original = (await t.call('GET', source)).body as Version;
    const originalSystems = (await t.call('GET', `${source}/compatibilities/systems`)).body as unknown[];
    const originalAssemblies = (await t.call('GET', `${source}/compatibilities/assemblies`)).body as Array<{
      to: { href: string };
      compatibility_info: { href: string };
      references: string[];
    }>;
    const copy = await t.call('POST', `${source}/copy`, {
      name: `${original.name ?? 'X'}-copy`,
      name2: original.name2 ? `${original.name2}-copy` : null,
      description: `Kopie von: ${original.parent_name} ${original.name}`,
      rscp_link: null,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.rscp_link).toBeNull();
    expect(copy.body.copied_compatibilities).toBeGreaterThan(0);
    const copiedSystems = (await t.call('GET', `${copy.body.href}/compatibilities/systems`)).body as unknown[];
    const copiedAssemblies = (await t.call('GET', `${copy.body.href}/compatibilities/assemblies`))
      .body as typeof originalAssemblies;
    expect(copiedSystems).toHaveLength(originalSystems.length);
    const summary = (list: typeof originalAssemblies) =>
      list.map((r) => `${r.to.href}|${r.compatibility_info.href}|${r.references.join(',')}`).sort();
    expect(summary(copiedAssemblies)).toEqual(summary(originalAssemblies));

    // Every copied compatibility is audited on its own, with its obligation text and references.
    const copied = copiedAssemblies[0]!;
    const entityId = `${copy.body.href}/compatibilities/assemblies/${copied.to.href.split('/').pop()}`;
    const audit = (await t.call('GET', `/api/audit?entity=compatibility&entity_id=${encodeURIComponent(entityId)}`))
      .body.items as AuditEntry[];
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'admin',
        action: 'create',
        after: {
          compatibility_info_id: idOfHref(copied.compatibility_info.href),
          references: copied.references.map(idOfHref).sort((a, b) => a - b),
          copied_from: source,
        },
      }),
    ]);
  });
});

describe('copying and deleting a version with its compatibilities', () => {
  type Pair = { from: { href: string }; to: { href: string }; compatibility_info: { href: string } };
  /** A fresh copy (with compatibilities) of an assembly version that has assembly compatibilities. */
  async function copyWithCompatibilities(suffix: string) {
    const [record] = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies')).body as Pair[];
    const original = (await t.call('GET', record!.from.href)).body as Version;
    const copy = await t.call('POST', `${record!.from.href}/copy`, {
      name: `${original.name ?? 'X'}-${suffix}`,
      name2: original.name2 ? `${original.name2}-${suffix}` : null,
    });
    expect(copy.status).toBe(201);
    return { original, copy: copy.body as Version & { copied_compatibilities: number } };
  }
  const compatibilityCount = async (versionHref: string) => {
    let count = 0;
    for (const kind of ['systems', 'assemblies', 'subassemblies'])
      count += ((await t.call('GET', `${versionHref}/compatibilities/${kind}`)).body as unknown[]).length;
    return count;
  };

  it('usage counts what a copy takes along; admins only; unknown version → 404', async () => {
    const { original } = await copyWithCompatibilities('usage');
    const usage = await t.call('GET', `${original.href}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.compatibilities).toBe(await compatibilityCount(original.href));
    expect(usage.body.compatibilities).toBeGreaterThan(0);
    expect(usage.body.version_relations).toEqual(expect.any(Number));
    expect((await t.call('GET', `${original.href}/usage`, undefined, 'intern')).status).toBe(403);
    expect((await t.call('GET', '/api/assemblies/versions/999999/usage')).status).toBe(404);
  });

  it('with_compatibilities: false copies the version alone, which can then be deleted plainly', async () => {
    const [record] = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies')).body as Pair[];
    const usage = (await t.call('GET', `${record!.from.href}/usage`)).body as { version_relations: number };
    const copy = await t.call('POST', `${record!.from.href}/copy`, {
      name: 'BARE-COPY',
      name2: null,
      with_compatibilities: false,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.copied_compatibilities).toBe(0);
    expect((await t.call('GET', `${copy.body.href}/usage`)).body).toEqual({ compatibilities: 0, version_relations: 0 });
    // The original keeps everything it had.
    expect(((await t.call('GET', `${record!.from.href}/usage`)).body as typeof usage).version_relations).toBe(
      usage.version_relations,
    );
    expect((await t.call('DELETE', copy.body.href)).status).toBe(204);
    expect((await t.call('POST', `${record!.from.href}/copy`, { name: 'X', with_compatibilities: 'no' })).status).toBe(
      400,
    );
  });

  it('a refused delete names the count; with_compatibilities=true deletes the version and them, audited', async () => {
    const { copy } = await copyWithCompatibilities('cascade');
    const count = await compatibilityCount(copy.href);
    expect(count).toBe(copy.copied_compatibilities);
    const [first] = (await t.call('GET', `${copy.href}/compatibilities/assemblies`)).body as Array<
      Pair & { references: string[] }
    >;
    const toId = first!.to.href.split('/').pop();
    const commented = await t.call('POST', `${copy.href}/compatibilities/assemblies/${toId}/commentaries`, {
      comment: 'goes with the version',
    });
    expect(commented.status).toBe(201);

    const refused = await t.call('DELETE', copy.href);
    expect(refused.status).toBe(409);
    expect(refused.body.compatibilities).toBe(count);

    const stale = await t.call('DELETE', `${copy.href}?with_compatibilities=true`, undefined, 'admin', {
      'if-match': '"0-0"',
    });
    expect(stale.status).toBe(412);
    expect(await compatibilityCount(copy.href)).toBe(count);

    const { etag } = (await t.call('GET', copy.href)).body as Version;
    const deleted = await t.call('DELETE', `${copy.href}?with_compatibilities=true`, undefined, 'admin', {
      'if-match': etag,
    });
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', copy.href)).status).toBe(404);
    const remaining = (await t.call('GET', '/api/assemblies/versions/compatibilities/assemblies')).body as Pair[];
    expect(remaining.filter((r) => r.from.href === copy.href || r.to.href === copy.href)).toEqual([]);

    const entityId = `${copy.href}/compatibilities/assemblies/${toId}`;
    const audit = (await t.call('GET', `/api/audit?entity=compatibility&entity_id=${encodeURIComponent(entityId)}`))
      .body.items as AuditEntry[];
    // Newest first: the copy created it, the delete removed it.
    expect(audit.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(audit[0]).toMatchObject({
      action: 'delete',
      before: { compatibility_info: first!.compatibility_info.href, references: expect.any(Array) },
    });
    const comments = (await t.call('GET', `/api/audit?entity=comment&entity_id=${commented.body.id}`)).body
      .items as AuditEntry[];
    expect(comments.map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await t.call('DELETE', `${copy.href}?with_compatibilities=maybe`)).status).toBe(400);
  });
});

describe('references and obligation texts', () => {
  it('CRUD a reference with a unique name; in-use references cannot be deleted', async () => {
    const created = await t.call('POST', '/api/references', { reference: 'REF-TEST-1', description: 'Prüfbericht' });
    expect(created.status).toBe(201);
    expect((await t.call('POST', '/api/references', { reference: 'REF-TEST-1' })).status).toBe(409);
    const list = (await t.call('GET', '/api/references', undefined, 'intern')).body as Reference[];
    expect(list.some((r) => r.reference === 'REF-TEST-1')).toBe(true);
    expect((await t.call('GET', '/api/references', undefined, 'extern')).status).toBe(403);
    expect((await t.call('DELETE', created.body.href)).status).toBe(204);

    const used = (
      (await t.call('GET', '/api/systems/versions/compatibilities/assemblies')).body as Array<{ references: string[] }>
    ).find((r) => r.references.length > 0)!;
    const ref = list.find((r) => r.reference === used.references[0])!;
    const refused = await t.call('DELETE', ref.href);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is used by \d+ compatibilit/);
  });

  it('obligation texts: create with a status, reject an unknown status, refuse deleting one in use', async () => {
    const created = await t.call('POST', '/api/compatibility_infos', {
      compatibility_status: 'conditional',
      obligation: 'Nur mit Adapter X',
    });
    expect(created.status).toBe(201);
    expect(
      (await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'maybe', obligation: 'x' })).status,
    ).toBe(400);
    expect(
      (
        await t.call('PUT', created.body.href, { compatibility_status: 'forbidden', obligation: 'Verboten' }, 'admin', {
          'if-match': created.body.etag,
        })
      ).body.compatibility_status,
    ).toBe('forbidden');
    expect((await t.call('DELETE', created.body.href)).status).toBe(204);
    const used = (
      (await t.call('GET', '/api/systems/versions/compatibilities/assemblies')).body as Array<{
        compatibility_info: { href: string };
      }>
    )[0]!;
    expect((await t.call('DELETE', used.compatibility_info.href)).status).toBe(409);
  });
});
