import type { BackupInfo } from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../app/theme';
import { createQueryClient } from '../../lib/query-client';

type Handler = (body: unknown, request: { headers: Headers; rawBody: unknown }) => Response | Promise<Response>;

/** A fake server at the network boundary: answers by "METHOD path" and records every request. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers; rawBody: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), window.location.href);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, path: url.pathname, body, headers, rawBody: init?.body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route)
      return json(404, { statusCode: 404, error: 'Not Found', message: `No route ${method} ${url.pathname}` });
    return route(body, { headers, rawBody: init?.body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    writes: () => calls.filter((c) => c.method !== 'GET'),
    to: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export function json(status: number, body: unknown) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

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
