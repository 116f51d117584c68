import { BACKUP_NAME_PATTERN, BACKUP_TABLES, type BackupInfo } from '@dp/contract';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/modules/backups/schema-version.js';
import { backupNameOf, takeBackup } from '../../src/modules/backups/backups.service.js';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
const TOKEN = 'a-transfer-token-of-at-least-32-characters';

beforeAll(async () => {
  t = await buildTestApp({ TRANSFER_TOKEN: TOKEN, BACKUP_KEEP: '50' });
});
afterAll(() => t?.close());

async function take(role: TestRole = 'admin') {
  return t.call('POST', '/api/backups', undefined, role);
}

async function download(name: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/backups/${name}/file`, headers: await t.as('admin') });
  return { status: res.statusCode, headers: res.headers, file: res.rawPayload };
}

async function upload(file: Buffer, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backups/upload',
    payload: file,
    headers: { ...(await t.as('admin')), 'content-type': 'application/octet-stream', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

const gunzip = (file: Buffer) => zlib.gunzipSync(file).toString('utf8');
const gzip = (text: string) => zlib.gzipSync(Buffer.from(text, 'utf8'));

/** Rewrites the file's end mark so its checksum matches the (changed) content, as a careless tool would. */
function resealWithoutKey(text: string) {
  const body = text.slice(0, text.lastIndexOf('#end '));
  const sha256 = createHash('sha256').update(body).digest('hex');
  return `${body}#end ${JSON.stringify({ sha256, hmac: null })}\n`;
}

describe('backups', () => {
  let first: BackupInfo;

  it('takes a named, stamped snapshot of every product table', async () => {
    const res = await take();
    expect(res.status).toBe(201);
    first = res.body as BackupInfo;
    expect(first.name).toMatch(BACKUP_NAME_PATTERN);
    expect(first.schema_version).toBe(SCHEMA_VERSION);
    expect(first.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(first.origin).toBe('manual');
    expect(first.created_by).toBe('admin');
    for (const table of BACKUP_TABLES) expect(first.counts[table], table).toBe(await t.count(table));
    expect(first.counts.compatibilities).toBeGreaterThan(0);
    // The backup's tables are real copies in PostgreSQL, where every instance sees them.
    const schema = `backup_${first.name.replace(/-/g, '_')}`;
    const copied = await t.pool.query(`select count(*)::int as n from ${pg.escapeIdentifier(schema)}.compatibilities`);
    expect(copied.rows[0].n).toBe(first.counts.compatibilities);
    const audit = await t.pool.query(`select actor from audit_log where entity = 'backup' and entity_id = $1`, [
      first.name,
    ]);
    expect(audit.rows).toEqual([{ actor: 'admin' }]);
  });

  it('lists backups newest first in the SPEC 7 shape; a second backup in the same second gets the next name', async () => {
    const second = (await take()).body as BackupInfo;
    expect(second.name > first.name).toBe(true);
    const list = await t.call('GET', '/api/dumps');
    expect(list.status).toBe(200);
    const names = (list.body.files as BackupInfo[]).map((f) => f.name);
    expect(names.indexOf(second.name)).toBeLessThan(names.indexOf(first.name));
    expect(list.body.files[0]).toMatchObject({
      name: expect.any(String),
      created: expect.any(String),
      size: expect.any(Number),
    });
    expect(list.body.files[0].size).toBeGreaterThan(0);
  });

  it('is one snapshot while writes go on: its counts and content agree with each other', async () => {
    const writer = (async () => {
      for (let i = 0; i < 15; i++)
        await t.call('POST', '/api/references', { reference: `snap-${i}`, description: 'written during a backup' });
    })();
    const during = (await take()).body as BackupInfo;
    await writer;
    const schema = `backup_${during.name.replace(/-/g, '_')}`;
    for (const table of BACKUP_TABLES) {
      const n = await t.pool.query(
        `select count(*)::int as n from ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`,
      );
      expect(n.rows[0].n, table).toBe(during.counts[table]);
    }
    // Every reference row of a compatibility points at a reference of the same snapshot.
    const orphans = await t.pool.query(
      `select count(*)::int as n from ${pg.escapeIdentifier(schema)}.compatibility_references cr
        left join ${pg.escapeIdentifier(schema)}."references" r on r.id = cr.reference_id where r.id is null`,
    );
    expect(orphans.rows[0].n).toBe(0);
    const file = await download(during.name);
    const text = gunzip(file.file);
    expect(
      createHash('sha256')
        .update(text.slice(0, text.lastIndexOf('#end ')))
        .digest('hex'),
    ).toBe(during.checksum);
  });

  it('downloads as one gzip file with header, tables, counts and a signed checksum', async () => {
    const res = await download(first.name);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="backup-${first.name}.dpbackup"`);
    const text = gunzip(res.file);
    const lines = text.split('\n');
    const header = JSON.parse(lines[0]!);
    expect(header).toMatchObject({
      format: 'digital-portfolio-backup',
      schema_version: SCHEMA_VERSION,
      name: first.name,
      counts: first.counts,
    });
    for (const table of BACKUP_TABLES) expect(lines.some((l) => l.startsWith(`#table ${table} `))).toBe(true);
    const end = JSON.parse(lines.at(-2)!.slice(5));
    expect(end.sha256).toBe(first.checksum);
    expect(end.hmac).toMatch(/^[0-9a-f]{64}$/);
  });

  it('travels as a file: gzip data as it is, never marked or packed as a content encoding (a browser would unpack it)', async () => {
    const plain = await download(first.name);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backups/${first.name}/file`,
      headers: { ...(await t.as('admin')), 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('1f8b');
    expect(res.rawPayload.equals(plain.file)).toBe(true);
  });

  it('answers 415 with a message to an upload that is no file (JSON, text, a form), and lists nothing', async () => {
    const before = (await t.call('GET', '/api/dumps')).body as { files: unknown[] };
    const bodies: Array<[string, string]> = [
      ['application/json', '[]'],
      ['application/json', '"x"'],
      ['application/json', '{"name": 5}'],
      ['text/plain', 'backup'],
      ['application/x-www-form-urlencoded', 'name=5'],
    ];
    for (const [type, body] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backups/upload',
        payload: body,
        headers: { ...(await t.as('admin')), 'content-type': type, 'accept-language': 'de' },
      });
      expect(res.statusCode, `${type} ${body}`).toBe(415);
      expect(res.json<{ message: string }>().message).toBe(
        `Hier wird eine Datei erwartet, nicht ${type}: senden Sie sie als application/octet-stream, application/gzip, application/x-gzip.`,
      );
    }
    expect(((await t.call('GET', '/api/dumps')).body as { files: unknown[] }).files).toEqual(before.files);
  });

  it('uploads a downloaded file back after it was deleted: same name, counts and checksum', async () => {
    const file = (await download(first.name)).file;
    expect((await t.call('DELETE', `/api/backups/${first.name}`)).status).toBe(204);
    expect((await t.call('GET', `/api/backups/${first.name}/file`)).status).toBe(404);
    const res = await upload(file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: first.name,
      counts: first.counts,
      checksum: first.checksum,
      origin: 'upload',
    });
    // The uploaded copy downloads byte for byte as the original content.
    expect(gunzip((await download(first.name)).file)).toBe(gunzip(file));
    // Uploading it again would overwrite it: refused.
    const again = await upload(file);
    expect(again.status).toBe(409);
  });

  describe('refuses a file that is not a whole, untouched backup of this schema, and changes nothing', () => {
    let original: string;
    let before: number;
    beforeAll(async () => {
      original = gunzip((await download(first.name)).file);
      await t.call('DELETE', `/api/backups/${first.name}`);
      before = (await t.call('GET', '/api/dumps')).body.files.length;
    });
    afterAll(async () => {
      expect((await t.call('GET', '/api/dumps')).body.files.length).toBe(before);
      const leftovers = await t.pool.query(`select nspname from pg_namespace where nspname = $1`, [
        `backup_${first.name.replace(/-/g, '_')}`,
      ]);
      expect(leftovers.rows).toEqual([]);
    });

    it('a changed row (checksum no longer matches)', async () => {
      const tampered = original.replace(/(#table references [^\n]*\n\d+\t)/, '$1X');
      expect(tampered).not.toBe(original);
      const res = await upload(gzip(tampered));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('backup.fileTampered');
    });

    it('a changed row with a recomputed checksum but no signature of this installation', async () => {
      const res = await upload(gzip(resealWithoutKey(original.replace(/(#table references [^\n]*\n\d+\t)/, '$1X'))));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('backup.fileSignature');
    });

    it('a cut-off file', async () => {
      const whole = gzip(original);
      const res = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('backup.fileDamaged');
    });

    it('a file whose rows disagree with the counts of its header', async () => {
      const lines = original.split('\n');
      const at = lines.findIndex((l) => l.startsWith('#table references'));
      lines.splice(at + 1, 1);
      const res = await upload(gzip(resealWithoutKey(lines.join('\n'))), {});
      expect(res.status).toBe(400);
      // The count is checked before the checksum is reached.
      expect(res.body.code).toBe('backup.fileDamaged');
      expect(res.body.message).toMatch(/references/);
    });

    it('a backup of another schema version, in the user’s language', async () => {
      const other = original.replace(`"schema_version":"${SCHEMA_VERSION}"`, '"schema_version":"0099_future"');
      const res = await upload(gzip(other), { 'accept-language': 'de' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('backup.schemaMismatch');
      expect(res.body.message).toContain('0099_future');
      expect(res.body.message).toContain('Datenbankschema');
    });

    it('a file that is no backup at all, or empty', async () => {
      expect((await upload(Buffer.from('PK\u0003\u0004 not a backup'))).body.code).toBe('backup.fileNotBackup');
      expect((await upload(gzip('{"hello":"world"}\n'))).body.code).toBe('backup.fileNotBackup');
      const empty = await upload(Buffer.alloc(0));
      expect(empty.status).toBe(400);
    });
  });

  it('answers 401 without a token, 403 to every role but admin, 400 for a name that is not a backup name, 404 for an unknown one', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/backups' })).statusCode).toBe(401);
    for (const role of ['intern', 'extern', 'norole'] as const) {
      expect((await take(role)).status, role).toBe(403);
      expect((await t.call('GET', '/api/dumps', undefined, role)).status, role).toBe(403);
      expect((await t.call('GET', '/api/transferred-dumps', undefined, role)).status, role).toBe(403);
    }
    for (const bad of ['..%2F..%2Fetc', 'latest', '2026-1-1_1-1-1', '2026-01-01_00-00-00.sql']) {
      const res = await t.call('GET', `/api/backups/${bad}/file`);
      expect(res.status, bad).toBe(400);
    }
    expect((await t.call('GET', '/api/backups/1999-01-01_00-00-00/file')).status).toBe(404);
    expect((await t.call('DELETE', '/api/backups/1999-01-01_00-00-00')).status).toBe(404);
  });

  it('keeps BACKUP_KEEP backups, and the last one transferred to each target', async () => {
    const deps = { pool: t.pool, config: { transferToken: TOKEN, backupKeep: 2 } };
    const published = (await takeBackup(deps, { actor: 'admin', origin: 'manual' }))!;
    await t.pool.query(
      `insert into transfers (backup_name, target, target_url, by, ok) values ($1, 'www', 'http://live', 'admin', true)`,
      [published.name],
    );
    for (let i = 0; i < 3; i++) await takeBackup(deps, { actor: 'admin', origin: 'manual' });
    const names = (await t.call('GET', '/api/dumps')).body.files.map((f: BackupInfo) => f.name);
    expect(names).toHaveLength(3);
    expect(names).toContain(published.name);
    const schemas = await t.pool.query(`select count(*)::int as n from pg_namespace where nspname like 'backup\\_%'`);
    expect(schemas.rows[0].n).toBe(3);
  });

  it('takes a scheduled slot once, however many instances fire for it', async () => {
    const deps = { pool: t.pool, config: { transferToken: TOKEN, backupKeep: 50 } };
    const slot = new Date(Date.UTC(2030, 0, 1, 2, 30, 0));
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => takeBackup(deps, { actor: 'schedule', origin: 'scheduled', slot })),
    );
    const taken = results.filter((r) => r.status === 'fulfilled' && r.value !== null);
    expect(taken).toHaveLength(1);
    const list = (await t.call('GET', '/api/dumps')).body.files as BackupInfo[];
    expect(list.filter((f) => f.name === backupNameOf(slot))).toHaveLength(1);
  });
});

describe('the backup schedule', () => {
  it('takes backups by BACKUP_SCHEDULE, named by their slot, and stops with the app', async () => {
    const scheduled = await buildTestApp({ BACKUP_SCHEDULE: '* * * * * *' });
    try {
      let files: BackupInfo[] = [];
      for (let i = 0; i < 60 && files.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        files = ((await scheduled.call('GET', '/api/dumps')).body.files as BackupInfo[]).filter(
          (f) => f.origin === 'scheduled',
        );
      }
      expect(files[0]).toMatchObject({ origin: 'scheduled', created_by: 'schedule' });
      // A slot is a whole minute: its name ends in -00.
      expect(files[0]!.name).toMatch(/-00$/);
    } finally {
      await scheduled.close();
    }
  });

  it('refuses a schedule that is not a cron expression when the configuration is read', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(() => loadConfig({ BACKUP_SCHEDULE: 'every night' })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ TRANSFER_TOKEN: 'short' })).toThrow(/TRANSFER_TOKEN/);
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backupSchedule).toBe(false);
  });
});
