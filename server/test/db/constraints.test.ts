import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

// The rules of the data model hold in the database itself, whatever code writes to it.

type Kind = 'system' | 'assembly' | 'subassembly';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ content: 'schema' });
});
afterAll(() => t.drop());

const query = (text: string, values?: unknown[]) => t.pool.query(text, values);
const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

async function insertItem(kind: Kind, name = unique(kind)): Promise<number> {
  const result = await query('insert into items (kind, name) values ($1, $2) returning id', [kind, name]);
  return result.rows[0].id;
}
async function insertVersion(
  itemId: number,
  kind: Kind,
  name: string | null,
  name2: string | null = null,
): Promise<number> {
  const result = await query('insert into versions (item_id, kind, name, name2) values ($1, $2, $3, $4) returning id', [
    itemId,
    kind,
    name,
    name2,
  ]);
  return result.rows[0].id;
}
async function newVersion(kind: Kind): Promise<number> {
  return insertVersion(
    await insertItem(kind),
    kind,
    kind === 'system' ? '1.0.0' : unique('A2V'),
    kind === 'system' ? null : unique('MAT'),
  );
}
async function insertInfo(status = 'allowed'): Promise<number> {
  const result = await query(
    'insert into compatibility_infos (compatibility_status, obligation) values ($1, $2) returning id',
    [status, 'text'],
  );
  return result.rows[0].id;
}
async function insertCompatibility(
  from: number,
  fromKind: Kind,
  to: number,
  toKind: Kind,
  infoId?: number,
): Promise<number> {
  const result = await query(
    'insert into compatibilities (from_version_id, from_kind, to_version_id, to_kind, compatibility_info_id) values ($1, $2, $3, $4, $5) returning id',
    [from, fromKind, to, toKind, infoId ?? (await insertInfo())],
  );
  return result.rows[0].id;
}

const uniqueViolation = (constraint: string) => ({ code: '23505', constraint });
const checkViolation = (constraint: string) => ({ code: '23514', constraint });
const foreignKeyViolation = (constraint: string) => ({ code: '23503', constraint });
// ON DELETE RESTRICT reports foreign_key_violation up to PostgreSQL 17, restrict_violation from 18 on.
const restrictViolation = (constraint: string) => ({ code: expect.stringMatching(/^23(503|001)$/), constraint });

describe('items', () => {
  it('refuses a duplicate name within a kind but allows the same name across kinds', async () => {
    const name = unique('Bremsgerät');
    await insertItem('assembly', name);
    await expect(insertItem('assembly', name)).rejects.toMatchObject(uniqueViolation('items_kind_name_unique'));
    await expect(insertItem('subassembly', name)).resolves.toBeTypeOf('number');
    await expect(insertItem('system', name)).resolves.toBeTypeOf('number');
  });

  it('refuses a blank name', async () => {
    await expect(insertItem('system', '   ')).rejects.toMatchObject(checkViolation('items_name_not_blank'));
  });
});

describe('versions', () => {
  it('a system version has a version number and never a material number', async () => {
    const system = await insertItem('system');
    await expect(insertVersion(system, 'system', '2.4.1')).resolves.toBeTypeOf('number');
    await expect(insertVersion(system, 'system', '2.4.2', 'MAT-4711-03')).rejects.toMatchObject(
      checkViolation('versions_names_rule'),
    );
    await expect(insertVersion(system, 'system', null)).rejects.toMatchObject(checkViolation('versions_names_rule'));
    await expect(insertVersion(system, 'system', ' ')).rejects.toMatchObject(checkViolation('versions_names_rule'));
  });

  it.each(['assembly', 'subassembly'] as const)(
    'a %s version needs a part number or a material number',
    async (kind) => {
      const item = await insertItem(kind);
      await expect(insertVersion(item, kind, 'A2V00001234567', 'MAT-4711-03')).resolves.toBeTypeOf('number');
      await expect(insertVersion(item, kind, 'A2V00001234568')).resolves.toBeTypeOf('number');
      await expect(insertVersion(item, kind, null, 'MAT-4711-04')).resolves.toBeTypeOf('number');
      await expect(insertVersion(item, kind, null, null)).rejects.toMatchObject(checkViolation('versions_names_rule'));
      await expect(insertVersion(item, kind, ' ', '')).rejects.toMatchObject(checkViolation('versions_names_rule'));
    },
  );

  it('refuses the same numbers twice on one item', async () => {
    const item = await insertItem('assembly');
    await insertVersion(item, 'assembly', 'A2V00007654321', null);
    await expect(insertVersion(item, 'assembly', 'A2V00007654321', null)).rejects.toMatchObject(
      uniqueViolation('versions_item_names_unique'),
    );
    await expect(insertVersion(await insertItem('assembly'), 'assembly', 'A2V00007654321', null)).resolves.toBeTypeOf(
      'number',
    );
  });

  it('must have the kind of its item', async () => {
    const system = await insertItem('system');
    await expect(insertVersion(system, 'assembly', 'A2V00001111111')).rejects.toMatchObject(
      foreignKeyViolation('versions_item_fk'),
    );
  });

  it('keeps an item with versions from being deleted', async () => {
    const item = await insertItem('subassembly');
    await insertVersion(item, 'subassembly', 'A2V00002222222');
    await expect(query('delete from items where id = $1', [item])).rejects.toMatchObject(
      restrictViolation('versions_item_fk'),
    );
  });
});

describe('compatibilities', () => {
  it('only links the five allowed pairs of kinds, oriented system → assembly → sub-assembly', async () => {
    const system = await newVersion('system');
    const assembly = await newVersion('assembly');
    const sub = await newVersion('subassembly');
    await expect(insertCompatibility(system, 'system', assembly, 'assembly')).resolves.toBeTypeOf('number');
    await expect(insertCompatibility(assembly, 'assembly', sub, 'subassembly')).resolves.toBeTypeOf('number');
    await expect(insertCompatibility(system, 'system', sub, 'subassembly')).rejects.toMatchObject(
      checkViolation('compatibilities_pair_kinds'),
    );
    await expect(insertCompatibility(sub, 'subassembly', assembly, 'assembly')).rejects.toMatchObject(
      checkViolation('compatibilities_pair_kinds'),
    );
  });

  it('must name the real kinds of both versions', async () => {
    const system = await newVersion('system');
    const assembly = await newVersion('assembly');
    await expect(insertCompatibility(system, 'system', assembly, 'subassembly')).rejects.toMatchObject({
      code: expect.stringMatching(/^23(503|514)$/),
    });
    const other = await newVersion('assembly');
    await expect(insertCompatibility(system, 'assembly', other, 'assembly')).rejects.toMatchObject(
      foreignKeyViolation('compatibilities_from_fk'),
    );
  });

  it.each(['system', 'assembly', 'subassembly'] as const)(
    'stores a same-kind %s pair once, smaller id first',
    async (kind) => {
      const a = await newVersion(kind);
      const b = await newVersion(kind);
      expect(a).toBeLessThan(b);
      await expect(insertCompatibility(b, kind, a, kind)).rejects.toMatchObject(
        checkViolation('compatibilities_same_kind_once'),
      );
      await expect(insertCompatibility(a, kind, a, kind)).rejects.toMatchObject(
        checkViolation('compatibilities_same_kind_once'),
      );
      await insertCompatibility(a, kind, b, kind);
      await expect(insertCompatibility(b, kind, a, kind)).rejects.toMatchObject({ code: '23514' });
      await expect(insertCompatibility(a, kind, b, kind)).rejects.toMatchObject(
        uniqueViolation('compatibilities_pair_unique'),
      );
    },
  );

  it('keeps a version with compatibilities, and an obligation text in use, from being deleted', async () => {
    const system = await newVersion('system');
    const assembly = await newVersion('assembly');
    const info = await insertInfo('conditional');
    const compatibility = await insertCompatibility(system, 'system', assembly, 'assembly', info);
    await expect(query('delete from versions where id = $1', [system])).rejects.toMatchObject(
      restrictViolation('compatibilities_from_fk'),
    );
    await expect(query('delete from versions where id = $1', [assembly])).rejects.toMatchObject(
      restrictViolation('compatibilities_to_fk'),
    );
    await expect(query('delete from compatibility_infos where id = $1', [info])).rejects.toMatchObject({
      code: expect.stringMatching(/^23(503|001)$/),
    });
    await query('delete from compatibilities where id = $1', [compatibility]);
    await expect(query('delete from versions where id = $1', [assembly])).resolves.toMatchObject({ rowCount: 1 });
  });

  it('knows exactly four statuses', async () => {
    for (const status of ['allowed', 'conditional', 'forbidden', 'irrelevant'])
      await expect(insertInfo(status)).resolves.toBeTypeOf('number');
    await expect(insertInfo('erlaubt')).rejects.toMatchObject({ code: '22P02' });
  });
});

describe('relations', () => {
  it('contains assemblies in systems and sub-assemblies in assemblies only', async () => {
    const [system, assembly, sub] = [
      await insertItem('system'),
      await insertItem('assembly'),
      await insertItem('subassembly'),
    ];
    const contain = (parent: number, parentKind: Kind, child: number, childKind: Kind) =>
      query(
        'insert into item_containments (parent_item_id, parent_kind, child_item_id, child_kind) values ($1, $2, $3, $4)',
        [parent, parentKind, child, childKind],
      );
    await contain(system, 'system', assembly, 'assembly');
    await contain(assembly, 'assembly', sub, 'subassembly');
    await expect(contain(system, 'system', sub, 'subassembly')).rejects.toMatchObject(
      checkViolation('item_containments_kinds'),
    );
    await expect(contain(system, 'system', assembly, 'assembly')).rejects.toMatchObject(
      uniqueViolation('item_containments_pair_unique'),
    );
  });

  it('stores an assembly–assembly version relation once, smaller id first', async () => {
    const a = await newVersion('assembly');
    const b = await newVersion('assembly');
    const relate = (from: number, fromKind: Kind, to: number, toKind: Kind) =>
      query(
        'insert into version_relations (from_version_id, from_kind, to_version_id, to_kind) values ($1, $2, $3, $4)',
        [from, fromKind, to, toKind],
      );
    await expect(relate(b, 'assembly', a, 'assembly')).rejects.toMatchObject(
      checkViolation('version_relations_same_kind_once'),
    );
    await relate(a, 'assembly', b, 'assembly');
    await expect(relate(a, 'assembly', b, 'assembly')).rejects.toMatchObject(
      uniqueViolation('version_relations_pair_unique'),
    );
    const system = await newVersion('system');
    await expect(relate(system, 'system', a, 'assembly')).rejects.toMatchObject(
      checkViolation('version_relations_kinds'),
    );
  });
});

describe('data_info', () => {
  it('has exactly one row after the migrations and accepts no second one', async () => {
    expect((await query('select id from data_info')).rows).toEqual([{ id: 1 }]);
    await expect(query('insert into data_info (id) values (2)')).rejects.toMatchObject(
      checkViolation('data_info_single_row'),
    );
  });
});
