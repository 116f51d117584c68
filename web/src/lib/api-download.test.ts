import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiFailure } from './api-failure';
import { apiDownload, fileNameOf, setAccessTokenSource } from './api';
import { OBJECT_URL_LIFETIME_MS, saveFile } from './save-file';
import { stubFetch } from '../test/fetch-stub';

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = stubFetch();
  setAccessTokenSource(async () => 'token-123');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  setAccessTokenSource(async () => null);
});

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="delta-report-a-b.pdf"', 'delta-report-a-b.pdf'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment; filename="x.html"; filename*=UTF-8\'\'Bericht%20%C3%BCber.html', 'Bericht über.html'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});

describe('apiDownload', () => {
  it('sends the token and the body, and returns the file with its name', async () => {
    fetchMock.mockResolvedValue(
      new Response('PK', { headers: { 'Content-Disposition': 'attachment; filename="report.xlsx"' } }),
    );
    const { blob, fileName } = await apiDownload('/api/reports/systems/assemblies', {
      method: 'POST',
      body: { type: 'xls' },
    });
    expect(fileName).toBe('report.xlsx');
    expect(await blob.text()).toBe('PK');
    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"type":"xls"}');
  });

  it('throws the API error of a refused download', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ statusCode: 404, error: 'Not Found', message: 'There is no backup x.' }, { status: 404 }),
    );
    const failure = await apiDownload('/api/backups/x/file').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 404, message: 'There is no backup x.' });
  });
});

describe('saveFile', () => {
  it('clicks a download link to an object URL and revokes the URL after 40 s', () => {
    vi.useFakeTimers();
    const revoke = vi.fn();
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = revoke;
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveFile(new Blob(['x']), 'report.xlsx');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'report.xlsx' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
  });
});
