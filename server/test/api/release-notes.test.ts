import { MESSAGES, type InternalReleaseNotes, type ReleaseNotes } from '@dp/contract';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeHostIssues } from '../../src/modules/release-notes/code-host.js';
import {
  HISTORY_FILES,
  loadHistory,
  parseHistory,
  RELEASE_NOTES_DIR,
} from '../../src/modules/release-notes/release-history.js';
import { makeIssues, startFakeCodeHost, type FakeIssue } from '../support/fake-code-host.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const HOSTILE_TITLE = '<img src=x onerror="alert(1)"><script>alert(2)</script> Door & "brake"';

/** 230 issues of 2.6.0 (three pages of 100), 4 of 2.5.0, one with a hostile title. */
function demoIssues(): Record<string, FakeIssue[]> {
  const old = makeIssues('2.5.0', 4, 90);
  old[0] = { ...old[0]!, title: HOSTILE_TITLE, labels: ['v.2.5.0', '<b>label</b>'] };
  return { '2.6.0': makeIssues('2.6.0', 230, 400), '2.5.0': old };
}

/** Log lines the app writes, as parsed JSON. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    entries: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string; [k: string]: unknown }),
  };
}

describe('the version histories', () => {
  it('are kept as files that parse: English internal and German external, 2.6.0 down to 1.0.0', () => {
    expect(readdirSync(RELEASE_NOTES_DIR).sort()).toEqual(
      Object.values(HISTORY_FILES)
        .map((f) => f.file)
        .sort(),
    );
    for (const audience of ['internal', 'external'] as const) {
      const history = loadHistory(audience);
      expect(history.versions[0]!.version).toBe('2.6.0');
      expect(history.versions.at(-1)!.version).toBe('1.0.0');
      expect(history.versions.map((v) => v.version)).toContain('2.5.0');
      for (const v of history.versions) expect(v.changes.length).toBeGreaterThan(0);
    }
    expect(loadHistory('internal').language).toBe('en');
    expect(loadHistory('external').language).toBe('de');
    // SPEC 1: what the release notes describe.
    const internal = JSON.stringify(loadHistory('internal'));
    for (const fact of [
      '15 assemblies and 20',
      '7 days',
      'Erlaubt, Verboten',
      'cannot be deleted while compatibility relations exist',
      'at least one of them',
    ])
      expect(internal).toContain(fact);
  });

  it('the parser names the line of a mistake', () => {
    expect(() => parseHistory('# T\n## 1.0.0\nloose text\n', 'en', 'x.md')).toThrow(/x.md:3/);
    expect(() => parseHistory('# T\n## 1.0.0\n', 'en')).toThrow(/lists no change/);
    expect(() => parseHistory('## 1.0.0\n- a\n', 'en')).toThrow(/title/);
    expect(parseHistory('<!-- note\n  more -->\n# T\n## 1.2.3 (2026-01-31)\n- a change\n  going on\n', 'en')).toEqual({
      language: 'en',
      title: 'T',
      versions: [{ version: '1.2.3', date: '2026-01-31', changes: ['a change going on'] }],
    });
  });
});

describe('GET /api/release-notes and /api/release-notes/internal: who may read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['/api/release-notes', 'anonymous', 401],
    ['/api/release-notes', 'norole', 403],
    ['/api/release-notes', 'extern', 200],
    ['/api/release-notes', 'intern', 200],
    ['/api/release-notes', 'admin', 200],
    ['/api/release-notes/internal', 'anonymous', 401],
    ['/api/release-notes/internal', 'norole', 403],
    ['/api/release-notes/internal', 'extern', 403],
    ['/api/release-notes/internal', 'intern', 200],
    ['/api/release-notes/internal', 'admin', 200],
  ] as const)('GET %s as %s → %i', async (url, caller, status) => {
    const res = await t.app.inject({ url, headers: caller === 'anonymous' ? {} : await t.as(caller) });
    expect(res.statusCode).toBe(status);
    if (caller === 'anonymous') expect(res.json().message).toBe(MESSAGES.unauthorized);
  });

  it('the external page gets the German history only', async () => {
    const body = (await t.call('GET', '/api/release-notes', undefined, 'extern')).body as ReleaseNotes;
    expect(body.history.language).toBe('de');
    expect(Object.keys(body)).toEqual(['history']);
  });

  it('without a configured code host the internal page says so and still has the history', async () => {
    const body = (await t.call('GET', '/api/release-notes/internal', undefined, 'intern')).body as InternalReleaseNotes;
    expect(body.history.language).toBe('en');
    expect(body.issues).toMatchObject({ status: 'unavailable', code: 'releaseNotes.notConfigured', versions: [] });
    const french = await t.call('GET', '/api/release-notes/internal', undefined, 'intern', { 'accept-language': 'fr' });
    expect(french.body.issues.message).toMatch(/^Les tickets de l'hébergeur de code ne sont pas affichés/);
  });

  it('a bad query is refused', async () => {
    expect((await t.call('GET', '/api/release-notes/internal?issues=all', undefined, 'intern')).status).toBe(400);
    expect((await t.call('GET', '/api/release-notes/internal?token=x', undefined, 'intern')).status).toBe(400);
  });
});

describe('the code host issues, from a fake code host over real HTTP', () => {
  let host: Awaited<ReturnType<typeof startFakeCodeHost>>;
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    host = await startFakeCodeHost({ issues: demoIssues() });
    t = await buildTestApp({ GITLAB_API_URL: host.apiUrl, GITLAB_TOKEN: host.token }, { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  it('follows every page, sends the token in a header only, and never answers it', async () => {
    const res = await t.call('GET', '/api/release-notes/internal', undefined, 'intern');
    expect(res.status).toBe(200);
    const body = res.body as InternalReleaseNotes;
    expect(body.issues.status).toBe('ok');
    expect(body.issues.versions.map((v) => [v.version, v.issues.length])).toEqual([
      ['2.6.0', 230],
      ['2.5.0', 4],
    ]);
    expect(body.issues.versions[0]!.issues[0]).toEqual({
      iid: 400,
      title: 'Issue 400 of 2.6.0',
      state: 'opened',
      labels: ['v.2.6.0', 'bug'],
      web_url: 'https://code.example/portfolio/-/issues/400',
    });
    // Three pages for 2.6.0, one for 2.5.0, each as SPEC 7 describes the call.
    expect(host.requests.map((r) => new URL(r.url, 'http://h').searchParams.get('labels')).sort()).toEqual([
      'v.2.5.0',
      'v.2.6.0',
      'v.2.6.0',
      'v.2.6.0',
    ]);
    for (const request of host.requests) {
      const url = new URL(request.url, 'http://h');
      expect(url.pathname).toBe('/api/v4/projects/7/issues');
      expect(url.searchParams.get('per_page')).toBe('100');
      expect(request.authorization).toBe(`Bearer ${host.token}`);
      expect(request.url).not.toContain(host.token);
    }
    expect(res.headers['content-type']).toMatch(/json/);
    expect(JSON.stringify(res.body)).not.toContain(host.token);
    expect(JSON.stringify(res.headers)).not.toContain(host.token);
  });

  it('hostile titles and labels come back as plain text, untouched (the page shows them as text)', async () => {
    const body = (await t.call('GET', '/api/release-notes/internal', undefined, 'admin')).body as InternalReleaseNotes;
    const hostile = body.issues.versions[1]!.issues.find((i) => i.iid === 90)!;
    expect(hostile.title).toBe(HOSTILE_TITLE);
    expect(hostile.labels).toContain('<b>label</b>');
  });

  it('answers from its cache for a few minutes', async () => {
    const before = host.requests.length;
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', '/api/release-notes/internal', undefined, 'intern')).body.issues.status).toBe('ok');
    expect(
      (await t.call('GET', '/api/release-notes/internal?issues=cached', undefined, 'intern')).body.issues.status,
    ).toBe('ok');
    expect(host.requests.length).toBe(before);
  });

  it('no response of any route and no log line contains the token', async () => {
    const responses = [
      await t.app.inject({ url: '/api/openapi.json', headers: await t.as('admin') }),
      await t.app.inject({ url: '/api/config' }),
      await t.app.inject({ url: '/api/release-notes', headers: await t.as('extern') }),
      await t.app.inject({ url: '/api/release-notes/internal', headers: await t.as('admin') }),
    ];
    for (const res of responses) expect(res.body + JSON.stringify(res.headers)).not.toContain(host.token);
    expect(log.lines.join('\n')).not.toContain(host.token);
  });
});

describe('when the code host refuses, is slow or answers garbage', () => {
  it('a refused token: the history is shown with a notice in the user language; logged once, without the token', async () => {
    const host = await startFakeCodeHost({ issues: demoIssues() });
    host.state.mode = 'refuse';
    const log = captureLog();
    const t = await buildTestApp({ GITLAB_API_URL: host.apiUrl, GITLAB_TOKEN: host.token }, { logger: log.logger });
    try {
      const res = await t.call('GET', '/api/release-notes/internal', undefined, 'intern', { 'accept-language': 'de' });
      expect(res.status).toBe(200);
      expect(res.body.history.versions[0].version).toBe('2.6.0');
      expect(res.body.issues).toMatchObject({ status: 'unavailable', code: 'releaseNotes.refused', versions: [] });
      expect(res.body.issues.message).toBe(
        'Der Code-Host hat das Zugriffstoken des Servers abgelehnt (HTTP 401); seine Issues können nicht angezeigt werden. Bitte informieren Sie einen Administrator.',
      );
      for (let i = 0; i < 3; i++) await t.call('GET', '/api/release-notes/internal', undefined, 'admin');
      const warnings = log.entries().filter((e) => e.msg.startsWith('code host issues unavailable'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, reason: 'token refused (HTTP 401)', codeHost: host.apiUrl });
      expect(log.lines.join('\n')).not.toContain(host.token);
      expect(JSON.stringify(res.body)).not.toContain(host.token);
    } finally {
      await t.close();
      await host.close();
    }
  });

  it('a slow code host: given up after about 10 s; the history is shown at once with issues=cached', async () => {
    const host = await startFakeCodeHost({ issues: demoIssues() });
    host.state.mode = 'slow';
    host.state.delayMs = 15_000;
    const t = await buildTestApp({ GITLAB_API_URL: host.apiUrl, GITLAB_TOKEN: host.token });
    try {
      let started = Date.now();
      const quick = await t.call('GET', '/api/release-notes/internal?issues=cached', undefined, 'intern');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(quick.body.issues.status).toBe('pending');
      expect(quick.body.history.versions.length).toBeGreaterThan(5);
      started = Date.now();
      const full = await t.call('GET', '/api/release-notes/internal', undefined, 'intern');
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThan(8_000);
      expect(waited).toBeLessThan(12_000);
      expect(full.body.issues).toMatchObject({ status: 'unavailable', code: 'releaseNotes.timeout' });
      expect(full.body.issues.message).toBe(
        'The code host did not answer within 10 seconds; its issues cannot be shown now. Please try again later.',
      );
      // The failure is remembered for a while: the next page view is fast.
      started = Date.now();
      expect((await t.call('GET', '/api/release-notes/internal', undefined, 'intern')).body.issues.code).toBe(
        'releaseNotes.timeout',
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await t.close();
      await host.close();
    }
  }, 40_000);
});

describe('CodeHostIssues against the fake code host', () => {
  let host: Awaited<ReturnType<typeof startFakeCodeHost>>;
  beforeAll(async () => {
    host = await startFakeCodeHost({ issues: demoIssues() });
  });
  afterAll(() => host.close());

  const logged: unknown[][] = [];
  const log = {
    warn: (...args: unknown[]) => logged.push(args),
    info: (...args: unknown[]) => logged.push(args),
  } as never;
  const client = (options: Partial<ConstructorParameters<typeof CodeHostIssues>[0]> = {}) =>
    new CodeHostIssues({ apiUrl: host.apiUrl, token: host.token, log, timeoutMs: 1_000, ...options });

  it('follows Link headers when there is no X-Next-Page', async () => {
    host.state.mode = 'ok';
    host.state.pagination = 'link';
    const outcome = await client().get();
    expect(outcome).toMatchObject({ ok: true });
    if (outcome?.ok) expect(outcome.versions[0]!.issues).toHaveLength(230);
    host.state.pagination = 'x-next-page';
  });

  it('never follows a next page on another host (the token would go with it)', async () => {
    const other = await startFakeCodeHost({ token: host.token, issues: demoIssues() });
    host.state.foreignNextPage = `${other.apiUrl}issues?labels=v.2.6.0&page=2`;
    try {
      const outcome = await client().get();
      expect(outcome).toMatchObject({ ok: false, reason: { key: 'releaseNotes.invalidAnswer' } });
      expect(other.requests).toHaveLength(0);
    } finally {
      host.state.foreignNextPage = null;
      await other.close();
    }
  });

  it.each([
    ['garbage', 'releaseNotes.invalidAnswer'],
    ['error', 'releaseNotes.failed'],
    ['refuse', 'releaseNotes.refused'],
    ['slow', 'releaseNotes.timeout'],
  ] as const)('%s → %s', async (mode, key) => {
    host.state.mode = mode;
    host.state.delayMs = 3_000;
    try {
      expect(await client().get()).toMatchObject({ ok: false, reason: { key } });
    } finally {
      host.state.mode = 'ok';
    }
  });

  it('a code host that cannot be reached', async () => {
    const gone = await startFakeCodeHost();
    const apiUrl = gone.apiUrl;
    await gone.close();
    expect(await client({ apiUrl }).get()).toMatchObject({ ok: false, reason: { key: 'releaseNotes.unreachable' } });
  });

  it('a code host that sends pages without end is stopped', async () => {
    host.state.issues.set('v.2.6.0', makeIssues('2.6.0', 6000, 9000));
    try {
      expect(await client({ timeoutMs: 20_000 }).get()).toMatchObject({
        ok: false,
        reason: { key: 'releaseNotes.tooManyPages' },
      });
    } finally {
      host.state.issues = new Map(Object.entries(demoIssues()).map(([v, list]) => [`v.${v}`, list]));
    }
  }, 30_000);

  it('logs an outage once, and its end', async () => {
    logged.length = 0;
    const c = client({ failureTtlMs: 0 });
    host.state.mode = 'refuse';
    await c.get();
    // Expired at once: these answer the last failure while fetching again, and fail the same way.
    await c.get();
    await c.get();
    await new Promise((resolve) => setTimeout(resolve, 300));
    host.state.mode = 'ok';
    await c.get();
    await expect.poll(() => logged.length).toBe(2);
    expect(logged.map((args) => args[1])).toEqual([
      'code host issues unavailable: token refused (HTTP 401)',
      'code host issues are available again',
    ]);
    expect(JSON.stringify(logged)).not.toContain(host.token);
  });
});
