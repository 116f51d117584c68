import type { CompatibilityInfo, Item, Reference, ReportJob, Version } from '@dp/contract';
import { idOfHref } from '@dp/contract';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReport, planReport } from '../../src/modules/delta-report/delta-report.service.js';
import { ReportJobs } from '../../src/modules/report-jobs/report-jobs.service.js';
import { buildTestApp, type TestApp, type TestRole } from '../support/test-app.js';

let t: TestApp;
let before: string;
let after: string;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dp-delta-'));

// Names that say what they test; the assembly's new name carries markup that must come out as text.
const ASSEMBLY_OLD = 'Delta Brake Unit';
const ASSEMBLY_NEW = 'Delta Brake Unit <script>alert("x")</script> & Co';
const OBLIGATION = 'Nur mit Firmware 9.9 <b>(Delta)</b>';
const COMMENT = 'Geprüft im Labor — Delta-Kommentar';
const REFERENCE = 'DELTA-REF-7';
const NEW_VERSION = 'A2V-DELTA-3';

type Raw = { status: number; headers: Record<string, unknown>; text: string; raw: Buffer; json: () => any };

/** A request whose answer may be a file: the body as bytes and text. */
async function request(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  role: TestRole | null = 'admin',
  headers: Record<string, string> = {},
): Promise<Raw> {
  const res = await t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { ...(role ? await t.as(role) : {}), ...headers },
  });
  return { status: res.statusCode, headers: res.headers, text: res.body, raw: res.rawPayload, json: () => res.json() };
}

const report = (body: Record<string, unknown>, headers: Record<string, string> = {}, role: TestRole | null = 'admin') =>
  request('POST', '/api/dumps', body, role, headers);

/** The text of a PDF, through poppler's pdftotext; with `layout`, the lines of a table stay one line each. */
function pdfText(pdf: Buffer, name = 'report.pdf', layout = false): string {
  const file = path.join(tmp, name);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function takeBackup(): Promise<string> {
  const res = await t.call('POST', '/api/backups');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.name as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  const post = async (url: string, body?: unknown) => {
    const res = await t.call('POST', url, body);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const system = (await post('/api/systems', { name: 'Delta Train Control' })) as Item;
  const systemVersion = (await post(`${system.href}/versions`, { name: '7.1.0' })) as Version;
  const assembly = (await post('/api/assemblies', { name: ASSEMBLY_OLD, description: 'before' })) as Item;
  const a1 = (await post(`${assembly.href}/versions`, { name: 'A2V-DELTA-1', name2: 'MAT-1' })) as Version;
  const sub = (await post('/api/subassemblies', { name: 'Delta Brake Valve' })) as Item;
  const s1 = (await post(`${sub.href}/versions`, { name: 'S-DELTA-1' })) as Version;
  await post(`/api/systems/${idOfHref(system.href)}/assemblies/${idOfHref(assembly.href)}`);
  await post(`/api/assemblies/${idOfHref(assembly.href)}/subassemblies/${idOfHref(sub.href)}`);
  await post(`/api/assemblies/versions/${idOfHref(a1.href)}/subassemblies/${idOfHref(s1.href)}`);
  const allowed = (await post('/api/compatibility_infos', {
    compatibility_status: 'allowed',
    obligation: '',
  })) as CompatibilityInfo;
  const conditional = (await post('/api/compatibility_infos', {
    compatibility_status: 'conditional',
    obligation: OBLIGATION,
  })) as CompatibilityInfo;
  const compat = `${systemVersion.href}/compatibilities/assemblies/${idOfHref(a1.href)}`;
  await post(compat, { compatibility_info: { href: allowed.href } });
  const reference = (await post('/api/references', { reference: REFERENCE, description: 'Prüfbericht' })) as Reference;

  before = await takeBackup();

  // The changes the report must show.
  expect((await t.call('PUT', compat, { compatibility_info: { href: conditional.href } })).status).toBe(200);
  await post(`${compat}/references`, { reference_info: { href: reference.href } });
  await post(`${compat}/commentaries`, { comment: COMMENT });
  await post(`${assembly.href}/versions`, { name: NEW_VERSION, description: 'new in the second state' });
  expect((await t.call('PUT', assembly.href, { name: ASSEMBLY_NEW, description: 'after' })).status).toBe(200);
  expect(
    (await t.call('DELETE', `/api/systems/${idOfHref(system.href)}/assemblies/${idOfHref(assembly.href)}`)).status,
  ).toBe(204);
  expect(
    (await t.call('DELETE', `/api/assemblies/versions/${idOfHref(a1.href)}/subassemblies/${idOfHref(s1.href)}`)).status,
  ).toBe(204);

  after = await takeBackup();
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the delta report as HTML', () => {
  let html: string;
  beforeAll(async () => {
    const res = await report({ bkp1: before, bkp2: after, type: 'html' });
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="delta-report-${before}-${after}.html"`);
    html = res.text;
  });

  it('names both states with their dates and counts each kind of change', () => {
    expect(html).toContain(`Backup ${before}`);
    expect(html).toContain(`Backup ${after}`);
    expect(html).toMatch(/taken \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    // Summary rows: label, added, removed, changed.
    expect(html).toMatch(/<td>Assemblies<\/td><td>0<\/td><td>0<\/td><td>1<\/td>/);
    expect(html).toMatch(/<td>Assembly versions<\/td><td>1<\/td><td>0<\/td><td>0<\/td>/);
    expect(html).toMatch(/<td>Compatibilities<\/td><td>0<\/td><td>0<\/td><td>1<\/td>/);
    expect(html).toMatch(/<td>References on compatibilities<\/td><td>1<\/td><td>0<\/td><td>0<\/td>/);
    expect(html).toMatch(/<td>Comments on compatibilities<\/td><td>1<\/td><td>0<\/td><td>0<\/td>/);
    expect(html).toMatch(
      /<td>Part relations \(system–assembly, assembly–sub-assembly\)<\/td><td>0<\/td><td>1<\/td><td>0<\/td>/,
    );
    expect(html).toMatch(/<td>Containment flags \(assembly–sub-assembly\)<\/td><td>0<\/td><td>1<\/td><td>0<\/td>/);
  });

  it('shows every change, grouped under its system or assembly', () => {
    const systemSection = html.slice(html.indexOf('<h3>System Delta Train Control</h3>'));
    expect(systemSection.length).toBeLessThan(html.length);
    // The compatibility under its system and version: status and obligation before → after, the new reference and comment.
    expect(systemSection).toMatch(
      /<h4>Version 7\.1\.0<\/h4>[\s\S]*Compatibility with Assembly Delta Brake Unit &lt;script&gt;/,
    );
    expect(html).toMatch(
      /<dt>Status<\/dt><dd><del>Allowed<\/del><span class="arrow"[^>]*>→<\/span><ins>Conditional<\/ins><\/dd>/,
    );
    expect(html).toContain('<ins>Nur mit Firmware 9.9 &lt;b&gt;(Delta)&lt;/b&gt;</ins>');
    expect(html).toMatch(/<dt>Reference<\/dt><dd><span class="badge added">Added<\/span>DELTA-REF-7<\/dd>/);
    expect(html).toContain(`<dt>Comment by admin</dt><dd><span class="badge added">Added</span>${COMMENT}</dd>`);
    // The removed containment under the system; the assembly's rename, new version and cleared flag under the assembly.
    expect(systemSection).toMatch(/badge removed">Removed<\/span>Contains Assembly Delta Brake Unit &lt;script&gt;/);
    const assemblySection = html.slice(html.indexOf('<h3>Assembly Delta Brake Unit &lt;script&gt;'));
    expect(assemblySection).toMatch(
      /^<h3>Assembly [^<]*&lt;script&gt;[^<]*<span class="badge changed">Changed<\/span><\/h3>/,
    );
    expect(assemblySection).toContain('<dt>Name</dt><dd><del>Delta Brake Unit</del>');
    expect(assemblySection).toContain('<dt>Description</dt><dd><del>before</del>');
    expect(assemblySection).toMatch(
      /<h4>Version A2V-DELTA-3 <span class="badge added">Added<\/span><\/h4>\s*<div class="block added own"><dl><dt>Description<\/dt><dd>new in the second state<\/dd>/,
    );
    expect(assemblySection).toMatch(
      /<h4>Version A2V-DELTA-1 \/ MAT-1<\/h4>[\s\S]*Removed<\/span>Contains Sub-Assembly Delta Brake Valve S-DELTA-1/,
    );
  });

  it('escapes every text and asks no other host for anything', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('Delta Brake Unit &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(|@import/i);
    expect(html).toContain('@media print');
  });

  it('lists the changed parts as contents linking to their sections', () => {
    const toc = html.slice(html.indexOf('<nav class="toc">'), html.indexOf('</nav>'));
    expect(toc).toMatch(/<a href="#item-\d+">Delta Train Control<\/a>/);
    expect(toc).toContain('Delta Brake Unit &lt;script&gt;');
    for (const id of toc.matchAll(/href="#(item-\d+)"/g)) expect(html).toContain(`id="${id[1]}"`);
  });

  it('compares from the older to the newer state whatever order they were chosen in', async () => {
    const res = await report({ bkp1: after, bkp2: before, type: 'html' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="delta-report-${after}-${before}.html"`);
    expect(res.text).toContain('whatever order they were chosen in');
    expect(res.text).toMatch(/<td>Assembly versions<\/td><td>1<\/td><td>0<\/td><td>0<\/td>/);
  });

  it('compares a backup with the actual state, which is always the newer', async () => {
    const res = await report({ bkp1: 'actual', bkp2: after, type: 'html' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Changes from Backup');
    expect(res.text).toContain('to Actual database state');
    expect(res.text).toContain('Nothing changed between the two states.');
  });

  it('is written in the language the user asks for', async () => {
    const res = await report(
      { bkp1: before, bkp2: after, type: 'html' },
      { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain('Delta-Bericht');
    expect(res.text).toContain(`Sicherung ${before}`);
    expect(res.text).toMatch(
      /<dt>Status<\/dt><dd><del>Erlaubt<\/del><span class="arrow"[^>]*>→<\/span><ins>Vorbehalt<\/ins>/,
    );
    expect(res.text).toContain('Kompatibilität mit Baugruppe Delta Brake Unit');
    expect(res.text).toContain('Hinzugefügt');
    expect(res.text).toContain('Kommentar von admin');
  });
});

describe('the delta report as PDF', () => {
  let pdf: Buffer;
  let text: string;
  beforeAll(async () => {
    const res = await report({ bkp1: before, bkp2: after, type: 'pdf' });
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="delta-report-${before}-${after}.pdf"`);
    pdf = res.raw;
    text = pdfText(pdf);
  });

  it('is a PDF with searchable text: states, counts and every change', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('Delta report');
    expect(text).toContain(`Backup ${before}`);
    expect(text).toMatch(/taken \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    expect(text).toContain('Summary');
    expect(text).toContain('Compatibility with Assembly Delta Brake Unit <script>');
    expect(text).toMatch(/Allowed\s+→\s+Conditional/);
    expect(text).toContain('Nur mit Firmware 9.9 <b>(Delta)</b>');
    expect(text).toContain(REFERENCE);
    expect(text).toContain(COMMENT);
    expect(text).toContain('Version A2V-DELTA-3');
    expect(text).toContain('new in the second state');
    expect(text).toContain('Contains Assembly Delta Brake Unit');
    expect(text).toContain('Contains Sub-Assembly Delta Brake Valve S-DELTA-1');
  });

  it('has numbered pages, contents with page numbers, and bookmarks', () => {
    const pages = pdfText(pdf, 'report.pdf', true)
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1}`));
    // Page 2 is the contents: each part and each changed system or assembly with the page it starts on.
    expect(pages[1]).toContain('Contents');
    const entry = /Delta Train Control\s*\.*\s*(\d+)/.exec(pages[1]!);
    expect(entry).not.toBeNull();
    expect(pages[Number(entry![1]) - 1]).toContain('System Delta Train Control');
    const info = execFileSync('pdfinfo', [path.join(tmp, 'report.pdf')], { encoding: 'utf8' });
    expect(info).toMatch(/Title:\s+Delta report: Backup/);
    expect(info).toMatch(/Pages:\s+\d+/);
    expect(pdf.includes(Buffer.from('/Outlines'))).toBe(true);
    // Each contents line links to its page.
    expect(pdf.toString('latin1').match(/\/S \/GoTo/g)?.length).toBe(4);
  });

  it('is written in German when the user asks for it', async () => {
    const res = await report({ bkp1: before, bkp2: after, type: 'pdf' }, { 'accept-language': 'de' });
    expect(res.status).toBe(200);
    const german = pdfText(res.raw, 'de.pdf');
    expect(german).toContain('Delta-Bericht');
    expect(german).toContain('Zusammenfassung');
    expect(german).toContain('Inhaltsverzeichnis');
    expect(german).toMatch(/Erlaubt\s+→\s+Vorbehalt/);
    expect(german).toContain('Seite 1');
    expect(german).toContain('Kompatibilität mit Baugruppe');
  });
});

describe('the delta report as a job with progress', () => {
  async function runJob(type: 'pdf' | 'html', headers: Record<string, string> = {}) {
    const started = await request('POST', '/api/dumps/jobs', { bkp1: before, bkp2: after, type }, 'admin', headers);
    expect(started.status, started.text).toBe(202);
    const job = started.json() as ReportJob;
    expect(job).toMatchObject({
      status: 'running',
      file_name: `delta-report-${before}-${after}.${type}`,
      href: `/api/dumps/jobs/${job.id}`,
      file_href: `/api/dumps/jobs/${job.id}/file`,
    });
    expect(started.headers.location).toBe(job.href);
    const seen: number[] = [job.progress];
    let current = job;
    for (let i = 0; i < 600 && current.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await request('GET', job.href)).json() as ReportJob;
      seen.push(current.progress);
    }
    return { job: current, seen };
  }

  it('goes from 0 to 100 and then hands out the file, for both formats', async () => {
    for (const type of ['html', 'pdf'] as const) {
      const { job, seen } = await runJob(type);
      expect(job.status).toBe('done');
      expect(job.progress).toBe(100);
      expect(job.message).toBeNull();
      // Progress only grows.
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const file = await request('GET', job.file_href);
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="delta-report-${before}-${after}.${type}"`,
      );
      if (type === 'html') {
        expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(file.text).toContain('Delta Brake Unit &lt;script&gt;');
        expect(file.text).toContain(COMMENT);
      } else {
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(Number(file.headers['content-length'])).toBe(file.raw.length);
        expect(pdfText(file.raw, 'job.pdf')).toContain(COMMENT);
      }
    }
  });

  it('writes its texts in the language of the request', async () => {
    const { job } = await runJob('html', { 'accept-language': 'fr' });
    const file = await request('GET', job.file_href);
    expect(file.text).toContain('Rapport des différences');
    expect(file.text).toContain('Sous réserve');
  });

  it('is visible to its creator only, and answers 409 while it runs', async () => {
    const { job } = await runJob('html');
    const otherAdmin = { authorization: `Bearer ${await t.issuer.tokenFor('second-admin', ['admin'])}` };
    expect((await request('GET', job.href, undefined, null, otherAdmin)).status).toBe(404);
    expect((await request('GET', job.file_href, undefined, null, otherAdmin)).status).toBe(404);

    const running = '00000000-0000-4000-8000-000000000001';
    await t.pool.query(
      `insert into report_jobs (id, file_name, content_type, created_by, progress) values ($1, 'x.html', 'text/html', 'admin', 42)`,
      [running],
    );
    const res = await request('GET', `/api/dumps/jobs/${running}/file`);
    expect(res.status).toBe(409);
    expect(res.json().message).toContain('42 %');
    expect((await request('GET', `/api/dumps/jobs/${running}`)).json()).toMatchObject({
      status: 'running',
      progress: 42,
    });
  });

  it('is answered from the database, so another instance can run it; a failure says why and leaves no file', async () => {
    // A second instance's job runner on the same database, with a generator that fails halfway.
    const elsewhere = new ReportJobs(t.pool, '/api/dumps/jobs', t.app.log);
    const job = await elsewhere.start({
      fileName: 'x.html',
      contentType: 'text/html; charset=utf-8',
      createdBy: 'admin',
      language: 'de',
      run: async (out, progress) => {
        out.write('<p>half</p>');
        progress(0.5);
        await out.drain();
        throw new Error('disk on fire');
      },
    });
    let seen = job;
    while (seen.status === 'running') seen = (await request('GET', job.href)).json() as ReportJob;
    await elsewhere.close();
    expect(seen).toMatchObject({ status: 'failed', progress: 50 });
    expect(seen.message).toMatch(/^Der Bericht konnte nicht erstellt werden: ein unerwarteter Fehler/);
    expect(seen.message).not.toContain('disk on fire');
    const file = await request('GET', job.file_href);
    expect(file.status).toBe(409);
    expect(file.json().message).toContain('has no file because it failed');
    expect((await t.pool.query('select 1 from report_job_chunks where job_id = $1', [job.id])).rowCount).toBe(0);
  });

  it('reports a job left running by an instance that stopped as failed', async () => {
    const id = '00000000-0000-4000-8000-000000000003';
    await t.pool.query(
      `insert into report_jobs (id, file_name, content_type, created_by, progress, created_at) values ($1, 'x.pdf', 'application/pdf', 'admin', 30, now() - interval '25 minutes')`,
      [id],
    );
    const seen = (
      await request('GET', `/api/dumps/jobs/${id}`, undefined, 'admin', { 'accept-language': 'fr' })
    ).json() as ReportJob;
    expect(seen.status).toBe('failed');
    expect(seen.message).toContain('le serveur s’est arrêté');
  });

  it('answers 404 for an unknown job and 400 for an id that is none', async () => {
    expect((await request('GET', '/api/dumps/jobs/00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
    expect((await request('GET', '/api/dumps/jobs/00000000-0000-4000-8000-00000000abcd/file')).status).toBe(404);
    expect((await request('GET', '/api/dumps/jobs/not-a-job')).status).toBe(400);
  });

  it('deletes jobs older than an hour when a new one starts', async () => {
    const old = '00000000-0000-4000-8000-000000000002';
    await t.pool.query(
      `insert into report_jobs (id, file_name, content_type, created_by, status, created_at) values ($1, 'x.html', 'text/html', 'admin', 'done', now() - interval '61 minutes')`,
      [old],
    );
    await t.pool.query(`insert into report_job_chunks (job_id, seq, data) values ($1, 0, '\\x00')`, [old]);
    expect((await request('GET', `/api/dumps/jobs/${old}`)).status).toBe(404);
    await runJob('html');
    expect((await t.pool.query('select 1 from report_jobs where id = $1', [old])).rowCount).toBe(0);
    expect((await t.pool.query('select 1 from report_job_chunks where job_id = $1', [old])).rowCount).toBe(0);
  });
});

describe('refusals', () => {
  const valid = () => ({ bkp1: before, bkp2: after, type: 'pdf' });

  it('admits admins only: 401 without a token, 403 for intern and extern', async () => {
    for (const url of ['/api/dumps', '/api/dumps/jobs']) {
      expect((await request('POST', url, valid(), null)).status).toBe(401);
      expect((await request('POST', url, valid(), 'intern')).status).toBe(403);
      expect((await request('POST', url, valid(), 'extern')).status).toBe(403);
      expect((await request('POST', url, valid(), 'norole')).status).toBe(403);
    }
    expect(
      (await request('GET', '/api/dumps/jobs/00000000-0000-4000-8000-000000000001', undefined, 'intern')).status,
    ).toBe(403);
    expect(
      (await request('GET', '/api/dumps/jobs/00000000-0000-4000-8000-000000000001/file', undefined, null)).status,
    ).toBe(401);
  });

  it('answers 404 for a backup that does not exist', async () => {
    const res = await report({ bkp1: '2001-01-01_00-00-00', bkp2: after, type: 'html' });
    expect(res.status).toBe(404);
    expect(res.json().message).toBe('Backup 2001-01-01_00-00-00 was not found.');
    expect(
      (await request('POST', '/api/dumps/jobs', { bkp1: before, bkp2: '2001-01-01_00-00-00', type: 'pdf' })).status,
    ).toBe(404);
  });

  it('answers 400 for names that are no backup names, unknown types and the same backup twice', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ bkp1: 'not-a-name', bkp2: after, type: 'pdf' }, /bkp1/],
      [{ bkp1: '../../etc/passwd', bkp2: after, type: 'pdf' }, /bkp1/],
      [{ bkp1: before, bkp2: after, type: 'doc' }, /type/],
      [{ bkp1: before, bkp2: before, type: 'pdf' }, /must differ from backup 1/],
      [{ bkp1: 'actual', bkp2: 'actual', type: 'html' }, /must differ from backup 1/],
      [{ bkp1: before, type: 'pdf' }, /bkp2/],
      [{ bkp1: before, bkp2: after, type: 'pdf', extra: 1 }, /extra/],
      [{ bkp1: before, bkp2: after, type: 'pdf', compareTransferred: 'yes' }, /compareTransferred/],
    ];
    for (const [body, message] of cases) {
      for (const url of ['/api/dumps', '/api/dumps/jobs']) {
        const res = await request('POST', url, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    }
    expect(
      (await request('POST', '/api/dumps', 'not json', 'admin', { 'content-type': 'application/json' })).status,
    ).toBe(400);
  });

  it('answers 404 for a backup deleted between the check and the report', async () => {
    const doomed = await takeBackup();
    const plan = await planReport(t.db, { bkp1: doomed, bkp2: 'actual', type: 'html', compareTransferred: false });
    expect((await t.call('DELETE', `/api/backups/${doomed}`)).status).toBe(204);
    await expect(openReport(t.db, t.pool, plan, { language: 'en', username: 'admin' })).rejects.toMatchObject({
      statusCode: 404,
      message: `Backup ${doomed} was not found.`,
    });
  });

  it('with compareTransferred, refuses a backup that was never transferred to live', async () => {
    const res = await report({ ...valid(), compareTransferred: true }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(res.json().message).toBe(`Sicherung ${before} wurde nie nach LIVE übertragen.`);
    // A transfer to demo, or one that failed, does not count; a successful one to live does.
    const record = (name: string, target: string, ok: boolean) =>
      t.pool.query(
        `insert into transfers (backup_name, target, target_url, "by", ok) values ($1, $2, 'http://live.invalid', 'admin', $3)`,
        [name, target, ok],
      );
    await record(before, 'demo', true);
    await record(before, 'www', false);
    expect((await report({ ...valid(), compareTransferred: true })).status).toBe(400);
    await record(before, 'www', true);
    const second = await report({ ...valid(), compareTransferred: true });
    expect(second.status).toBe(400);
    expect(second.json().message).toBe(`Backup ${after} was never transferred to live.`);
    await record(after, 'www', true);
    expect((await report({ ...valid(), type: 'html', compareTransferred: true })).status).toBe(200);
    expect(
      (
        await request('POST', '/api/dumps/jobs', {
          bkp1: 'actual',
          bkp2: before,
          type: 'html',
          compareTransferred: true,
        })
      ).status,
    ).toBe(202);
  });

  it('is refused on the live and demo deployments', async () => {
    for (const deployment of ['live', 'demo']) {
      const other = await buildTestApp({ DEPLOYMENT: deployment });
      try {
        for (const url of ['/api/dumps', '/api/dumps/jobs']) {
          const res = await other.app.inject({
            method: 'POST',
            url,
            payload: { bkp1: 'actual', bkp2: '2001-01-01_00-00-00', type: 'html' },
            headers: await other.as('admin'),
          });
          expect(res.statusCode).toBe(403);
          expect(res.json().message).toBe('This is only available on the work instance.');
          expect((await other.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
        }
        const job = await other.app.inject({
          method: 'GET',
          url: '/api/dumps/jobs/00000000-0000-4000-8000-000000000001',
          headers: await other.as('admin'),
        });
        expect(job.statusCode).toBe(403);
      } finally {
        await other.close();
      }
    }
  });
});

describe('what counts as a change', () => {
  it('a compatibility deleted and created again as it was is no change', async () => {
    const { rows } = await t.pool.query<{
      from_kind: string;
      f: number;
      to_kind: string;
      t: number;
      info: number;
      refs: number[];
    }>(`
      select c.from_kind, c.from_version_id as f, c.to_kind, c.to_version_id as t, c.compatibility_info_id as info,
             array_agg(cr.reference_id order by cr.reference_id) as refs
      from compatibilities c join compatibility_references cr on cr.compatibility_id = c.id
      where not exists (select 1 from comments m where m.compatibility_id = c.id)
      group by c.id order by c.id limit 1`);
    const c = rows[0]!;
    const path = (kind: string) => ({ system: 'systems', assembly: 'assemblies', subassembly: 'subassemblies' })[kind]!;
    const href = `/api/${path(c.from_kind)}/versions/${c.f}/compatibilities/${path(c.to_kind)}/${c.t}`;
    const stateBefore = await takeBackup();
    expect((await t.call('DELETE', href)).status).toBe(200);
    expect(
      (await t.call('POST', href, { compatibility_info: { href: `/api/compatibility_infos/${c.info}` } })).status,
    ).toBe(201);
    for (const ref of c.refs)
      expect(
        (await t.call('POST', `${href}/references`, { reference_info: { href: `/api/references/${ref}` } })).status,
      ).toBe(204);
    const res = await report({ bkp1: stateBefore, bkp2: 'actual', type: 'html' });
    expect(res.text).toContain('Nothing changed between the two states.');
    expect(res.text).not.toContain('<nav class="toc">');
    // The PDF says so on its one page, without contents.
    const pdf = await report({ bkp1: stateBefore, bkp2: 'actual', type: 'pdf' });
    const pages = pdfText(pdf.raw, 'same.pdf')
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Nothing changed between the two states.');
    expect(pages[0]).toContain('Page 1');
  });
});

describe('a report of many changes', () => {
  it('spreads its contents over several pages, with every page numbered and every entry pointing at its section', async () => {
    // Every version of the seeded data gets a new description.
    const versions = (await t.pool.query(`update versions set description = description || ' (rev. 2)'`)).rowCount!;
    expect(versions).toBeGreaterThan(500);
    // A comment edited into one longer than a page: its before → after paragraph flows across pages.
    await t.pool.query(
      `update comments set comment = repeat('Prüfnotiz zur Bremsprobe, Messreihe 12 bestätigt. ', 300) || 'ENDE-DER-NOTIZ' where comment = $1`,
      [COMMENT],
    );
    const res = await report({ bkp1: after, bkp2: 'actual', type: 'pdf' });
    expect(res.status).toBe(200);
    const pages = pdfText(res.raw, 'large.pdf', true)
      .split('\f')
      .filter((p) => p.trim() !== '');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1}`));
    // The contents run from page 2 up to the page before the first part, whose page their first line names.
    expect(pages[1]).toContain('Contents');
    const firstPart = Number(/^\s*Systems\s+(\d+)\s*$/m.exec(pages[1]!)![1]);
    const contents = firstPart - 2;
    expect(contents).toBeGreaterThan(1);
    expect(pages[firstPart - 1]).toMatch(/^\s*Systems\s*$/m);
    expect(pages[0]).toMatch(new RegExp(`Assembly versions\\s+0\\s+0\\s+\\d+`));
    const changed = [...pages[0]!.matchAll(/(System|Assembly|Sub-Assembly) versions\s+0\s+0\s+(\d+)/g)].reduce(
      (sum, m) => sum + Number(m[2]),
      0,
    );
    expect(changed).toBe(versions);
    // Every contents entry (the part name, then its page) names a page on which that part's section is.
    let checked = 0;
    for (const page of pages.slice(1, 1 + contents)) {
      for (const m of page.matchAll(/^ {2,}(\S.*?\S) {2,}(\d+)\s*$/gm)) {
        if (m[1]!.endsWith('…')) continue;
        expect(pages[Number(m[2]) - 1], m[1]).toContain(m[1]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    const long = pages.findIndex((page) => page.includes('Comment by admin'));
    expect(long).toBeGreaterThan(0);
    expect(pages[long]).toContain(COMMENT);
    // It flows over the next pages, each numbered; the contents still point at the right pages (above).
    const end = pages.findIndex((page) => page.includes('ENDE-DER-NOTIZ'));
    expect(end).toBeGreaterThan(long + 1);
    for (const page of pages.slice(long + 1, end)) expect(page).toMatch(/Prüfnotiz zur\s+Bremsprobe/);
  });
});
