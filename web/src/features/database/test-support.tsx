import type { BackupInfo } from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../app/theme';
import { apiError, json, stubFetch, type FakeRequest } from '../../test/fetch-stub';
import { createQueryClient } from '../../lib/query-client';

type Handler = (body: unknown, request: FakeRequest) => Response | Promise<Response>;

/** The shared fetch stub answering by "METHOD path", with every request recorded for the test to read. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  stubFetch((request) => {
    calls.push(request);
    const route = routes[`${request.method} ${request.path}`];
    return route
      ? route(request.body, request)
      : apiError(404, 'Not Found', `No route ${request.method} ${request.path}`);
  });
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export { json };

export function file(content: string, name: string, type = 'application/octet-stream') {
  return new Response(content, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });
}

/** A promise and the function that settles it, to hold an answer back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Catches what the app saves through an object URL and a download link (lib/save-file): jsdom has no
 * URL.createObjectURL and does not navigate.
 */
export function catchSavedFiles() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const revoked: string[] = [];
  // jsdom has neither; each test file runs in its own environment, so setting them here is contained.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${next++}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return { saved, revoked };
}

export function backup(name: string, created: string, extra: Partial<BackupInfo> = {}): BackupInfo {
  return {
    name,
    created,
    size: 123_456,
    schema_version: '0004',
    counts: { items: 10 },
    checksum: 'abc',
    created_by: 'admin',
    origin: 'manual',
    transfers: [],
    ...extra,
  };
}

/** Like renderWithProviders, with the app's own query client: failed calls go to the error banner. */
export function renderWithApp(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
