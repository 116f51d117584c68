import type { Deployment, Role } from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/routes';
import { theme } from '../app/theme';
import { signedIn } from '../test/fake-auth';
import { ConfigContext, type AppConfig } from './config';
import { canEditData, offersMonitoring, offersWorkTools } from './deployment';
import { json, stubFetch } from '../test/fetch-stub';

const auth = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('react-oidc-context', () => ({ useAuth: () => auth.current }));

const config: AppConfig = {
  deployment: 'work',
  version: '2.6.0',
  oidc: {
    authority: 'http://localhost:3000/idp',
    client_id: 'web',
    scope: 'openid',
    redirect_uri: 'http://localhost:3000/auth/callback',
    silent_redirect_uri: 'http://localhost:3000/auth/silent',
    post_logout_redirect_uri: 'http://localhost:3000/home',
  },
};

/** The API as far as these pages ask it: who the user is; empty lists for everything else. */
function serve(role: Role) {
  stubFetch(({ path }) => {
    if (path === '/api/me') return json(200, { username: role, role });
    if (path === '/api/infos') return json(200, { modification_time: '2024-05-01T10:00:00.000Z' });
    if (path === '/api/dumps' || path === '/api/transferred-dumps') return json(200, { files: [] });
    if (path === '/api/db/targets') return json(200, { targets: [] });
    return json(200, []);
  });
}

function renderAt(path: string, role: Role, deployment: Deployment) {
  serve(role);
  auth.current = signedIn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfigContext value={{ ...config, deployment }}>
          <RouterProvider router={router} />
        </ConfigContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const toolbarEntries = () =>
  [...screen.getByTestId('toolbar').querySelectorAll('[data-testid^="nav-"]')].map((e) =>
    e.getAttribute('data-testid'),
  );
const databaseMenu = async () =>
  within(await screen.findByRole('navigation', { name: 'Database' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

beforeAll(async () => {
  // The screens load lazily in the app; loading those opened here once keeps each test within findBy's time-out.
  await Promise.all([
    import('../features/basic-data/components/references-screen'),
    import('../features/database/components/delta-report-screen'),
    import('../features/database/components/compatibility-report-screen'),
  ]);
});

describe('deployment rules', () => {
  it('edit data and offer the work tools on work only, monitoring on work and demo', () => {
    expect((['work', 'live', 'demo'] as const).map(canEditData)).toEqual([true, false, false]);
    expect((['work', 'live', 'demo'] as const).map(offersWorkTools)).toEqual([true, false, false]);
    expect((['work', 'live', 'demo'] as const).map(offersMonitoring)).toEqual([true, false, true]);
  });
});

describe('read-only live and demo', () => {
  it.each(['live', 'demo'] as const)('hide the editing entries from an admin on %s', async (deployment) => {
    renderAt('/evaluate', 'admin', deployment);
    // jsdom's window is narrow: the toolbar sits in the navigation drawer.
    const burger = await screen.findByRole('button', { name: 'Show or hide the navigation' });
    act(() => burger.click());
    await screen.findByTestId('nav-database');
    expect(toolbarEntries()).not.toContain('nav-basic-data');
    expect(toolbarEntries()).not.toContain('nav-compatibility');
    expect(toolbarEntries().includes('nav-monitoring')).toBe(deployment === 'demo');
  });

  it.each([
    ['/basic-data/systems', 'live'],
    ['/basic-data/references', 'demo'],
    ['/compatibility/systems-assemblies-compatibility', 'live'],
  ] as const)('say that %s is edited on the work instance (%s)', async (path, deployment) => {
    renderAt(path, 'admin', deployment);
    const notice = await screen.findByTestId('read-only-notice');
    expect(notice).toHaveTextContent('Read-only instance');
    expect(notice).toHaveTextContent(`This is the ${deployment} instance`);
    expect(notice).toHaveTextContent('Edit the data on the work instance');
    expect(screen.queryByRole('navigation', { name: 'Basic Data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('still show the editing pages on work', async () => {
    renderAt('/basic-data/references', 'admin', 'work');
    expect(await screen.findByRole('heading', { name: 'References' })).toBeInTheDocument();
    expect(screen.queryByTestId('read-only-notice')).not.toBeInTheDocument();
  });

  it('offer only the compatibility report and the consistency check in /database on live, and say why for the work tools', async () => {
    renderAt('/database/transfer', 'admin', 'live');
    expect(await databaseMenu()).toEqual(['Compatibility report', 'Consistency check']);
    expect(screen.getByTestId('work-only')).toHaveTextContent('This tool is only available on the work instance.');
    expect(screen.queryByRole('button', { name: 'Transfer database' })).not.toBeInTheDocument();
  });

  it('say on live that monitoring is offered on work and demo', async () => {
    renderAt('/monitoring', 'admin', 'live');
    expect(await screen.findByTestId('monitoring-not-here')).toHaveTextContent(
      'Monitoring is offered on the work and demo instances.',
    );
  });
});

describe('database menu on work', () => {
  it('lists delta report, backups, compatibility report, transfer, the consistency check and the history for admins', async () => {
    renderAt('/database/delta-report', 'admin', 'work');
    expect(await databaseMenu()).toEqual([
      'Delta report',
      'Backups',
      'Compatibility report',
      'Transfer',
      'Consistency check',
      'History',
    ]);
    expect(await screen.findByRole('heading', { name: 'Delta report' })).toBeInTheDocument();
  });

  it('lets an extern user download the compatibility report, and nothing else', async () => {
    renderAt('/database/compatibility-report', 'extern', 'work');
    expect(await databaseMenu()).toEqual(['Compatibility report']);
    expect(await screen.findByRole('button', { name: 'Download report' })).toBeInTheDocument();
  });
});
