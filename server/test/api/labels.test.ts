import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LABELS_MAX, PRODUCT_SHORT_NAME, type SearchResultPage } from '@dp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, versions } from '../../src/db/schema.js';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
let tmp: string;
/** The fixtures' version hrefs, by a name of our own. */
const hrefs: Record<string, string> = {};

/*
 * Versions a careless key would not single out: a material number inside another ("-1" in "-10"), a part
 * number that several items share, a version number that is also another item's name, accents.
 */
const marker = 'Lbq';
beforeAll(async () => {
  t = await buildTestApp();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dp-labels-'));
  const [door, doorB, brake, sys] = await t.db
    .insert(items)
    .values([
      { kind: 'assembly', name: `Türsteuerung ${marker}` },
      { kind: 'assembly', name: `Außentür ${marker}` },
      { kind: 'subassembly', name: `Bremsgerät ${marker} — élévation` },
      { kind: 'system', name: `Système ${marker}` },
    ])
    .returning();
  const rows = await t.db
    .insert(versions)
    .values([
      { itemId: door!.id, kind: 'assembly', name: 'A2V1', name2: `MAT-${marker}-1` },
      { itemId: door!.id, kind: 'assembly', name: 'A2V1', name2: `MAT-${marker}-10` },
      { itemId: doorB!.id, kind: 'assembly', name: 'A2V1', name2: null },
      { itemId: doorB!.id, kind: 'assembly', name: null, name2: `MAT-${marker}-100` },
      { itemId: brake!.id, kind: 'subassembly', name: `SB.${marker}.7`, name2: 'Änderung ç' },
      { itemId: sys!.id, kind: 'system', name: '1.0' },
    ])
    .returning();
  ['door1', 'door10', 'doorB', 'doorB100', 'brake', 'system'].forEach((name, i) => {
    const row = rows[i]!;
    hrefs[name] =
      `/api/${{ system: 'systems', assembly: 'assemblies', subassembly: 'subassemblies' }[row.kind]}/versions/${row.id}`;
  });
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await t.close();
});

async function printLabels(body: unknown, role: TestRole = 'intern') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/labels',
    payload: body as object,
    headers: await t.as(role),
  });
  return { status: res.statusCode, type: res.headers['content-type'], pdf: res.rawPayload, json: () => res.json() };
}

/** The texts of the QR codes on each page of `pdf`, as zbarimg reads them from a 200 dpi rendering. */
function decodePages(pdf: Buffer, name: string): string[][] {
  const dir = path.join(tmp, name);
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(path.join(dir, 'labels.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', path.join(dir, 'labels.pdf'), path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((page) => {
      // --raw: the bytes as encoded (UTF-8), one code per line; a label's own line break is a lone \r.
      // zbarimg exits 4 on a page without codes.
      let out: string;
      try {
        out = execFileSync('zbarimg', ['-q', '--raw', path.join(dir, page)], {
          encoding: 'utf8',
          // zbarimg complains on stderr that it finds no D-Bus; it decodes all the same.
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch (error) {
        out = String((error as { stdout?: string }).stdout ?? '');
      }
      return out.split('\n').filter(Boolean);
    });
}

/** What the web app's QR lookup opens for a scanned text: full search on its second line, first result. */
async function lookUp(scanned: string): Promise<string | undefined> {
  const key = scanned.split(/\r\n|\r|\n/)[1]?.trim();
  const res = await t.call('POST', '/api/search/full/page', { word: key, limit: 1 }, 'extern');
  expect(res.status).toBe(200);
  return (res.body as SearchResultPage).results[0]?.href;
}

describe('POST /api/labels', () => {
  it.each(['a4-3x8', 'a4-2x7', '62mm'] as const)(
    'on %s every code decodes and the QR lookup opens exactly its version',
    async (layout) => {
      const wanted = Object.values(hrefs);
      const res = await printLabels({ versions: wanted, layout });
      expect(res.status).toBe(200);
      expect(res.type).toBe('application/pdf');
      // Vector codes: no raster image anywhere in the file.
      expect(res.pdf.includes('/Subtype /Image')).toBe(false);
      const pages = decodePages(res.pdf, layout);
      expect(pages).toHaveLength(layout === '62mm' ? wanted.length : 1);
      const scanned = pages.flat();
      expect(scanned).toHaveLength(wanted.length);
      for (const text of scanned) expect(text.split('\r')[0]).toBe(PRODUCT_SHORT_NAME);
      const opened = await Promise.all(scanned.map(lookUp));
      expect(opened.sort()).toEqual([...wanted].sort());
    },
  );

  it('skip leaves the first places of the first sheet empty', async () => {
    const res = await printLabels({ versions: [hrefs.door1, hrefs.door10, hrefs.brake], layout: 'a4-3x8', skip: 22 });
    expect(res.status).toBe(200);
    expect(decodePages(res.pdf, 'skip').map((codes) => codes.length)).toEqual([2, 1]);
  });

  it('prints for extern readers too, and for none without sign-in', async () => {
    expect((await printLabels({ versions: [hrefs.system], layout: '62mm' }, 'extern')).status).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/labels',
      payload: { versions: [hrefs.system], layout: '62mm' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 naming an unknown version, also one of another kind', async () => {
    const unknown = await printLabels({ versions: [hrefs.door1, '/api/systems/versions/999999'], layout: 'a4-2x7' });
    expect(unknown.status).toBe(404);
    expect(unknown.json().message).toContain('999999');
    const otherKind = hrefs.door1!.replace('assemblies', 'systems');
    expect((await printLabels({ versions: [otherKind], layout: 'a4-2x7' })).status).toBe(404);
  });

  it('refuses more than 2,000 labels, a foreign href and a skip beyond the sheet with a message', async () => {
    const tooMany = await printLabels({ versions: Array(LABELS_MAX + 1).fill(hrefs.door1), layout: 'a4-3x8' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json().message).toContain(String(LABELS_MAX));
    const foreign = await printLabels({ versions: ['/api/references/1'], layout: 'a4-3x8' });
    expect(foreign.status).toBe(400);
    expect(foreign.json().message).toContain('href');
    const skip = await printLabels({ versions: [hrefs.door1], layout: 'a4-2x7', skip: 14 });
    expect(skip.status).toBe(400);
    expect(skip.json().message).toContain('skip');
  });
});
