import {
  type CompatibilityRecord,
  type CompatibilityStatus,
  type Infos,
  type ItemWithVersions,
  type KindPath,
} from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { versionRoutes, versionsOf } from '../../../test/fake-catalog';
import { routeTable, stubFetch } from '../../../test/fetch-stub';

export { versionPages } from '../../../test/fake-catalog';

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
 * The routes of `evaluation` (compatibility lists among them) and of every kind's versions; each record of a
 * compatibility list gets its partner's label parts from `catalogs`, as GET {version}/compatibilities/{kind} sends them.
 */
export function evaluationApi(
  catalogs: Partial<Record<KindPath, ItemWithVersions[]>>,
  evaluation: Record<string, unknown>,
): Record<string, unknown> {
  const kinds = Object.entries(catalogs) as Array<[KindPath, ItemWithVersions[]]>;
  const byHref = new Map(kinds.flatMap(([, items]) => versionsOf(items)).map((v) => [v.href, v]));
  const named = (record: CompatibilityRecord): CompatibilityRecord => {
    const partner = byHref.get(record.to.href);
    return partner
      ? { ...record, to: { ...record.to, parent_name: partner.parent_name, name: partner.name, name2: partner.name2 } }
      : record;
  };
  const routes = Object.fromEntries(
    Object.entries(evaluation).map(([path, answer]) =>
      /\/compatibilities\/[a-z]+$/.test(path) && Array.isArray(answer)
        ? [path, (answer as CompatibilityRecord[]).map(named)]
        : [path, answer],
    ),
  );
  return Object.assign({}, ...kinds.map(([kind, items]) => versionRoutes(kind, items)), routes) as Record<
    string,
    unknown
  >;
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
