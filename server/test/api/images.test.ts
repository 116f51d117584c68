import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

const upload = (payload: object, role: 'admin' | 'intern' = 'admin') => t.call('POST', '/api/upload', payload, role);

describe('image upload', () => {
  it('stores a jpeg of at most 750 px and a 400 px thumbnail, served back', async () => {
    const res = await upload({
      folder: 'systems',
      filename: 'train.png',
      base64: (await png(1600, 900)).toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/api\/images\/systems\/[0-9a-f-]{36}\.jpg$/);
    for (const [url, max] of [
      [res.body.url, 750],
      [res.body.thumbnail, 400],
    ] as const) {
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width, meta.height)).toBe(max);
    }
    // The upload is audited: who, when, and where the picture went.
    const id = /([0-9a-f-]{36})\.jpg$/.exec(res.body.url)![1]!;
    const audit = await t.app.inject({ url: `/api/audit?entity=image&entity_id=${id}`, headers: await t.as('admin') });
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        actor: 'admin',
        action: 'create',
        after: expect.objectContaining({ url: res.body.url, folder: 'systems' }),
      }),
    ]);
  });

  it('multipart upload for the rich-text editor answers a path', async () => {
    const boundary = '----dpboundary';
    const image = await png(50, 50);
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body,
      headers: { ...(await t.as('admin')), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().path).toMatch(/^\/api\/images\/richtext\//);
  });

  it.each([
    [
      { folder: 'systems', filename: 'evil.png', base64: Buffer.from('<?php echo 1; ?>').toString('base64') },
      400,
      /not an image/,
    ],
    [{ folder: '../../etc', filename: 'x.png', base64: 'AAAA' }, 400, /folder/],
    [{ folder: 'systems', filename: 'x.png', base64: 'data:image/png;base64,AAAA' }, 400, /base64/],
    [{ folder: 'systems', filename: 'x.png', base64: 'A'.repeat(15 * 1024 * 1024) }, 413, /too large/],
  ])('refuses %# with a clear message and stores nothing', async (payload, status, message) => {
    const before = await t.count('images');
    const res = await upload(payload);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await t.count('images')).toBe(before);
  });

  it('only admins upload; image URLs cannot reach anything else', async () => {
    expect(
      (await upload({ folder: 'systems', filename: 'a.png', base64: (await png(10, 10)).toString('base64') }, 'intern'))
        .status,
    ).toBe(403);
    for (const url of [
      '/api/images/..%2f..%2fpostgres%2fPG_VERSION',
      '/api/images/systems/..%2f..%2fetc%2fpasswd',
      '/api/images/systems/00000000-0000-0000-0000-000000000000.jpg',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
