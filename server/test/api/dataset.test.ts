import { DATASET_DESCRIPTION_MAX, MESSAGES, type AuditEntry, type DatasetEntry } from '@dp/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const create = (description: string, role: 'admin' | 'intern' | 'extern' = 'admin', extra: object = {}) =>
  t.call('POST', '/api/dataset', { username: 'admin', description, ...extra }, role);
const list = async () => (await t.call('GET', '/api/dataset', undefined, 'intern')).body as DatasetEntry[];

/** An image stored the way the editor stores one: multipart upload to /api/upload. */
async function uploadedImagePath(): Promise<string> {
  const boundary = '----dpdataset';
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body,
    headers: { ...(await t.as('admin')), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}

describe('who may do what', () => {
  it.each([
    ['anonymous', 401],
    ['norole', 403],
    ['extern', 403],
    ['intern', 200],
    ['admin', 200],
  ] as const)('GET /api/dataset as %s → %i', async (caller, status) => {
    const headers = caller === 'anonymous' ? {} : await t.as(caller);
    const res = await t.app.inject({ method: 'GET', url: '/api/dataset', headers });
    expect(res.statusCode).toBe(status);
    if (caller === 'anonymous') expect(res.json().message).toBe(MESSAGES.unauthorized);
    if (caller === 'norole') expect(res.json().message).toBe(MESSAGES.refused);
    if (caller === 'extern') expect(res.json().message).toBe('This action requires the intern role.');
  });

  it('only admins add, change and delete; the others change nothing', async () => {
    const entry = (await create('<p>Written by admin</p>')).body as DatasetEntry;
    const rows = await t.count('dataset_entries');
    for (const role of ['intern', 'extern'] as const) {
      expect((await create('<p>not allowed</p>', role)).status).toBe(403);
      expect((await t.call('PUT', entry.href, { description: '<p>changed</p>' }, role)).status).toBe(403);
      expect((await t.call('DELETE', entry.href, undefined, role)).status).toBe(403);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dataset', payload: { description: '<p>x</p>' } })).statusCode,
    ).toBe(401);
    expect(await t.count('dataset_entries')).toBe(rows);
    expect((await t.call('GET', entry.href, undefined, 'intern')).body.description).toBe('<p>Written by admin</p>');
  });
});

describe('entries', () => {
  it('newest first, with the signed-in author (not the one the body names) and both times', async () => {
    const first = (await create('<p>First note</p>')).body as DatasetEntry;
    const second = await create('<h2>Second note</h2><p><strong>bold</strong> and <em>italic</em></p>', 'admin', {
      username: 'mallory',
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      username: 'admin',
      description: '<h2>Second note</h2><p><strong>bold</strong> and <em>italic</em></p>',
    });
    expect(second.body.href).toMatch(/^\/api\/dataset\/\d+$/);
    expect(second.body.creation_time).toBe(second.body.modification_time);
    const entries = await list();
    expect(entries.indexOf(entries.find((e) => e.href === second.body.href)!)).toBeLessThan(
      entries.indexOf(entries.find((e) => e.href === first.href)!),
    );
    const times = entries.map((e) => e.creation_time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps what the editor makes: headings, text styles, lists, links, tables and uploaded pictures', async () => {
    const image = await uploadedImagePath();
    const html =
      '<h1>Title</h1><h3>Sub</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>quote</p></blockquote><hr>' +
      '<p><a href="https://example.com/doc">external</a> <a href="/evaluate">internal</a> <a href="mailto:team@example.com">mail</a></p>' +
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Head</p></th></tr><tr><td colspan="2" rowspan="1"><p>Cell</p></td></tr></tbody></table>' +
      `<img src="${image}" alt="screenshot">`;
    const res = await create(html);
    expect(res.status).toBe(201);
    const stored = res.body.description as string;
    for (const part of [
      '<h1>Title</h1>',
      '<h3>Sub</h3>',
      '<u>u</u>',
      '<s>s</s>',
      '<ol start="3">',
      '<blockquote>',
      '<hr />',
      '<th colspan="1" rowspan="1">',
      '<td colspan="2" rowspan="1">',
      `<img src="${image}" alt="screenshot" />`,
      '<a href="/evaluate">internal</a>',
      '<a href="mailto:team@example.com">mail</a>',
    ]) {
      expect(stored).toContain(part);
    }
    // Links to other sites open in a new tab without access to this one.
    expect(stored).toContain(
      '<a href="https://example.com/doc" target="_blank" rel="noopener noreferrer nofollow">external</a>',
    );
    // The picture is served back.
    expect((await t.app.inject({ url: image })).statusCode).toBe(200);
  });
});

describe('sanitising: nothing unsafe reaches a reader', () => {
  const stored = '/api/images/richtext/00000000-0000-4000-8000-000000000000.jpg';
  it.each([
    ['script tags', '<p>ok<script>alert(1)</script></p><script src="/evil.js"></script>', '<p>ok</p>'],
    [
      'event handlers',
      `<p onclick="alert(1)" onmouseover="x()">ok</p><img src="${stored}" onerror="alert(1)">`,
      `<p>ok</p><img src="${stored}" />`,
    ],
    [
      'javascript: links',
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a>',
      '<a>a</a><a>b</a><a>c</a>',
    ],
    [
      'data: and protocol-relative links',
      '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="//evil.example/x">e</a>',
      '<a>d</a><a>e</a>',
    ],
    [
      'iframes, objects and embeds',
      '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="y"><p>text</p>',
      '<p>text</p>',
    ],
    [
      'styles that hide content',
      '<style>p{display:none}</style><p style="display:none">one</p><p hidden class="sr-only">two</p><span style="font-size:0">three</span>',
      '<p>one</p><p>two</p>three',
    ],
    [
      'pictures from elsewhere',
      '<p>x</p><img src="https://tracker.example/pixel.gif"><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="><img src="/api/images/richtext/../../etc/passwd">',
      '<p>x</p>',
    ],
    [
      'svg and math',
      '<svg onload="alert(1)"><script>alert(2)</script></svg><math><mi xlink:href="javascript:alert(1)">m</mi></math><p>y</p>',
      '<p>y</p>',
    ],
    [
      'forms and buttons',
      '<form action="https://evil.example"><input name="password"><button>Send</button></form><p>z</p>',
      '<p>z</p>',
    ],
    [
      'a link target chosen by the writer',
      '<a href="https://example.com" target="_self" onclick="x()">e</a>',
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    ],
  ])('%s are removed', async (_what, html, expected) => {
    const res = await create(html);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.description).toBe(expected);
    const row = await t.pool.query('select description from dataset_entries where id = $1', [
      Number(res.body.href.split('/').pop()),
    ]);
    expect(row.rows[0].description).toBe(expected);
  });

  it('an entry with nothing left to read is refused and nothing is stored', async () => {
    const rows = await t.count('dataset_entries');
    for (const html of ['', '   ', '<script>alert(1)</script>', '<p> </p><p>&nbsp;</p>', '<iframe src="x"></iframe>']) {
      const res = await create(html);
      expect(res.status, html).toBe(400);
      expect(res.body.code).toBe('dataset.empty');
    }
    const german = await t.call('POST', '/api/dataset', { description: '<script>x</script>' }, 'admin', {
      'accept-language': 'de',
    });
    expect(german.body.message).toMatch(/^Der Eintrag ist leer/);
    expect(await t.count('dataset_entries')).toBe(rows);
  });

  it('entries that arrive unsanitised (transfer, restore) are sanitised when read', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `insert into dataset_entries (username, description) values ('admin', '<p onclick="alert(1)">old</p><script>alert(2)</script>') returning id`,
    );
    const entry = (await t.call('GET', `/api/dataset/${rows[0]!.id}`, undefined, 'intern')).body as DatasetEntry;
    expect(entry.description).toBe('<p>old</p>');
    expect(JSON.stringify(await list())).not.toMatch(/onclick|<script/);
  });
});

describe('bad input changes nothing', () => {
  it('an oversized entry is refused with a clear message', async () => {
    const rows = await t.count('dataset_entries');
    const tooLong = `<p>${'x'.repeat(DATASET_DESCRIPTION_MAX)}</p>`;
    const res = await create(tooLong);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Body 'description': the entry is too long: at most ${DATASET_DESCRIPTION_MAX} characters of formatted text.`,
    );
    const german = await t.call('POST', '/api/dataset', { description: tooLong }, 'admin', { 'accept-language': 'de' });
    expect(german.body.message).toContain('der Eintrag ist zu lang');
    // Beyond the request size limit the framework refuses it before reading it all.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/dataset',
      payload: JSON.stringify({ description: 'y'.repeat(13 * 1024 * 1024) }),
      headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(await t.count('dataset_entries')).toBe(rows);
  });

  it.each([
    [{}, /description/],
    [{ description: 42 }, /description/],
    [{ description: '<p>x</p>', extra: true }, /extra|Unrecognized/i],
  ])('body %j → 400', async (payload, message) => {
    const res = await t.call('POST', '/api/dataset', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('unknown and malformed hrefs', async () => {
    expect((await t.call('GET', '/api/dataset/999999', undefined, 'intern')).status).toBe(404);
    const missing = await t.call('PUT', '/api/dataset/999999', { description: '<p>x</p>' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Data-state entry 999999 was not found.');
    expect((await t.call('DELETE', '/api/dataset/999999')).status).toBe(404);
    expect((await t.call('PUT', '/api/dataset/abc', { description: '<p>x</p>' })).status).toBe(400);
    expect((await t.call('DELETE', '/api/dataset/-1')).status).toBe(400);
  });
});

describe('changes: If-Match and audit', () => {
  it('change and delete with If-Match; a stale one answers 412 with the current entry; every step is audited', async () => {
    const created = (await create('<p>version one</p>')).body as DatasetEntry;
    const changed = await t.call(
      'PUT',
      created.href,
      { username: 'someone', description: '<p>version two</p><script>x</script>' },
      'admin',
      { 'if-match': created.etag },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      description: '<p>version two</p>',
      username: 'admin',
      creation_time: created.creation_time,
    });
    expect(changed.body.modification_time > created.modification_time).toBe(true);
    expect(changed.body.etag).not.toBe(created.etag);

    const stale = await t.call('PUT', created.href, { description: '<p>lost update</p>' }, 'admin', {
      'if-match': created.etag,
    });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toMatch(/Someone else changed this entry/);
    expect(stale.body.current.description).toBe('<p>version two</p>');
    expect(stale.body.etag).toBe(changed.body.etag);
    const staleDelete = await t.call('DELETE', created.href, undefined, 'admin', { 'if-match': created.etag });
    expect(staleDelete.status).toBe(412);
    expect((await t.call('GET', created.href, undefined, 'intern')).body.description).toBe('<p>version two</p>');

    expect((await t.call('DELETE', created.href, undefined, 'admin', { 'if-match': changed.body.etag })).status).toBe(
      204,
    );
    expect((await t.call('GET', created.href, undefined, 'intern')).status).toBe(404);

    const id = created.href.split('/').pop();
    const audit = (await t.call('GET', `/api/audit?entity=dataset_entry&entity_id=${id}`)).body.items as AuditEntry[];
    expect(audit.map((a) => a.action)).toEqual(['delete', 'update', 'create']);
    expect(audit.every((a) => a.actor === 'admin')).toBe(true);
    expect(audit[1]).toMatchObject({
      before: { description: '<p>version one</p>' },
      after: { description: '<p>version two</p>' },
    });
    expect(audit[0]).toMatchObject({ before: { description: '<p>version two</p>' }, after: null });
  });
});

describe('on the live and demo instances', () => {
  it('data-state writes are refused; reading works', async () => {
    const live = await buildTestApp({ DEPLOYMENT: 'live' });
    try {
      const rows = await live.count('dataset_entries');
      const res = await live.call('POST', '/api/dataset', { description: '<p>on live</p>' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('deployment.readOnly');
      expect((await live.call('GET', '/api/dataset', undefined, 'intern')).status).toBe(200);
      expect(await live.count('dataset_entries')).toBe(rows);
    } finally {
      await live.close();
    }
  });
});
