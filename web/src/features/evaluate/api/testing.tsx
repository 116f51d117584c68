import {
  fold,
  versionLabelText,
  type CompatibilityRecord,
  type CompatibilityStatus,
  type Infos,
  type ItemWithVersions,
  type VersionPage,
} from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { json, routeTable, stubFetch, type FakeAnswer } from '../../../test/fetch-stub';

// Test support for the evaluation screens: small catalogs typed by the contract and a fake `fetch`
// that answers like the API, so the screens run through their real hooks and API client.

const audit = {
  creation_time: '2025-01-02T03:04:05.000Z',
  modification_time: '2025-03-04T05:06:07.000Z',
  created_by: 'admin',
  updated_by: 'admin',
  etag: '"1.1"',
};

export function version(
  href: string,
  parent_name: string,
  name: string | null,
  name2: string | null = null,
): ItemWithVersions['versions'][number] {
  return { href, name, name2, description: '', rscp_link: null, image: null, parent_name, ...audit };
}

export function item(href: string, name: string, versions: ItemWithVersions['versions']): ItemWithVersions {
  return { href, name, description: '', image: null, ...audit, versions };
}

export function compatibility(
  from: string,
  to: string,
  status: CompatibilityStatus,
  obligation?: string,
): CompatibilityRecord {
  return {
    href: `${from}/compatibilities/${to}`,
    from: { href: from },
    to: { href: to },
    compatibility_info: {
      href: '/api/compatibility_infos/1',
      compatibility_status: status,
      ...(obligation === undefined ? {} : { obligation }),
    },
    etag: '"1.1"',
  };
}

/**
 * Answers GET /api/{kind}/versions/page like the API from a list of items: the versions whose folded
 * label contains `q`, `limit` at a time (100 by default), `after` being the position the last page ended.
 */
export function versionPages(items: ItemWithVersions[]): FakeAnswer {
  const versions = items.flatMap((entry) =>
    entry.versions.map((v) => ({ ...v, parent: { href: entry.href, name: entry.name, description: '' } })),
  );
  return ({ url }) => {
    const q = fold(url.searchParams.get('q') ?? '');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const start = Number(url.searchParams.get('after') ?? 0);
    const matching = versions.filter((v) => fold(versionLabelText(v)).includes(q));
    const end = start + limit;
    const page: VersionPage = {
      versions: matching.slice(start, end),
      next: end < matching.length ? String(end) : null,
    };
    return json(200, page);
  };
}

export const infos: Infos = { modification_time: '2025-05-06T07:08:09.000Z' };

/** Answers GET requests by path from `routes`; anything else is a 404 like the API's. */
export function fakeApi(routes: Record<string, unknown>) {
  return stubFetch(routeTable(routes));
}

/** Renders `routes` at `path` with Mantine, a fresh query client and a memory router that tests can inspect. */
export function renderRoutes(routes: { path: string; element: ReactElement }[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** jsdom lays nothing out; give scroll containers a height so virtualised lists render their rows. */
export function giveListsAHeight() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
}
