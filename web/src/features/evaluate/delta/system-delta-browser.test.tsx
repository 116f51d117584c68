import type { SystemDelta } from '@dp/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluationApi, fakeApi, giveListsAHeight, infos, item, renderRoutes, version } from '../api/testing';
import { SystemDeltaBrowser } from './system-delta-browser';

const delta: SystemDelta = {
  version1: { href: '/api/systems/versions/1', parent_name: 'Brake Unit', name: '1.0', name2: null },
  version2: { href: '/api/systems/versions/2', parent_name: 'Brake Unit', name: '2.0', name2: null },
  systems: [
    {
      href: '/api/systems/versions/3',
      parent_name: 'Door Control',
      name: '3.0',
      name2: null,
      version1: { compatibility_status: 'allowed', obligation: 'Fits.' },
      version2: { compatibility_status: 'allowed', obligation: 'Fits.' },
      changed: false,
    },
  ],
  assemblies: [
    {
      href: '/api/assemblies/versions/10',
      parent_name: 'Valve',
      name: 'A2V1',
      name2: 'MAT-1',
      version1: { compatibility_status: 'conditional' },
      version2: { compatibility_status: 'forbidden' },
      changed: true,
    },
    {
      href: '/api/assemblies/versions/11',
      parent_name: 'Pump',
      name: null,
      name2: 'MAT-2',
      version1: null,
      version2: { compatibility_status: 'allowed' },
      changed: true,
    },
    {
      href: '/api/assemblies/versions/12',
      parent_name: 'Sensor',
      name: 'S1',
      name2: null,
      version1: { compatibility_status: 'allowed' },
      version2: { compatibility_status: 'allowed' },
      changed: false,
    },
  ],
};

const systems = [
  item('/api/systems/1', 'Brake Unit', [
    version('/api/systems/versions/1', 'Brake Unit', '1.0'),
    version('/api/systems/versions/2', 'Brake Unit', '2.0'),
  ]),
  item('/api/systems/2', 'Door Control', [version('/api/systems/versions/3', 'Door Control', '3.0')]),
];
const api = evaluationApi({ systems }, { '/api/infos': infos, '/api/systems/versions/1/delta/2': delta });

const open = (search = '') =>
  renderRoutes(
    [{ path: '/evaluate/system-delta-browser', element: <SystemDeltaBrowser /> }],
    `/evaluate/system-delta-browser${search}`,
  );
const searchOf = (router: ReturnType<typeof open>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const region = (name: string) => screen.findByRole('region', { name });

let fetchMock: ReturnType<typeof fakeApi>;
beforeEach(() => {
  giveListsAHeight();
  fetchMock = fakeApi(api);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('System Delta Browser', () => {
  it('picks a system, then Version 1 and Version 2, and keeps the choice in the address', async () => {
    const user = userEvent.setup();
    const router = open();
    expect(screen.getByText(/plan an upgrade/)).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Brake Unit' }));
    expect(searchOf(router)).toEqual({ system: '1' });
    await user.click(within(await region('Version 1')).getByRole('option', { name: '1.0' }));
    await user.click(within(await region('Version 2')).getByRole('option', { name: '2.0' }));
    expect(searchOf(router)).toEqual({ system: '1', v1: '1', v2: '2' });
    expect(await within(await region('Assembly Compatibility')).findByText('Valve A2V1 MAT-1')).toBeInTheDocument();
    // A page of systems without their versions, then the chosen system's versions: never every system.
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.href).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/systems/page', '/api/systems/1/versions']));
    expect(paths).not.toContain('/api/systems');
    expect(paths).not.toContain('/api/systems/versions');
  });

  it('shows both statuses per related version and marks the changed rows', async () => {
    open('?system=1&v1=1&v2=2');
    const assemblies = await region('Assembly Compatibility');
    const rows = await within(assemblies).findAllByRole('row');
    // Header, then sorted by label: Pump, Sensor, Valve.
    expect(rows.map((row) => row.getAttribute('data-changed'))).toEqual([null, 'true', null, 'true']);
    expect(rows[1]).toHaveTextContent('Pump MAT-2No relationAllowed');
    expect(rows[3]).toHaveTextContent('Valve A2V1 MAT-1ConditionalForbidden');
    // With an obligation text (intern), the status still shows, the text after it.
    expect(within(await region('System Compatibility')).getAllByRole('row')[1]).toHaveTextContent(
      'Door Control 3.0AllowedFits.AllowedFits.',
    );
    expect(
      within(await region('System Compatibility')).getByRole('link', { name: 'Door Control 3.0' }),
    ).toHaveAttribute('href', '/evaluate/system-compatibility-browser?data=Door+Control+3.0');
  });

  it('filters a table and can show only the changes', async () => {
    const user = userEvent.setup();
    open('?system=1&v1=1&v2=2');
    const assemblies = await region('Assembly Compatibility');
    await within(assemblies).findByText('Sensor S1');
    await user.type(within(assemblies).getByRole('textbox', { name: 'Filter Assembly Compatibility' }), 'valve');
    expect(within(assemblies).getAllByRole('row')).toHaveLength(2);
    await user.clear(within(assemblies).getByRole('textbox'));
    await user.click(within(assemblies).getByRole('switch', { name: 'Only changes' }));
    expect(within(assemblies).queryByText('Sensor S1')).not.toBeInTheDocument();
    // Each table has filters of its own.
    expect(within(await region('System Compatibility')).getByText('Door Control 3.0')).toBeInTheDocument();
  });

  it('clears both versions when another system is picked', async () => {
    const user = userEvent.setup();
    const router = open('?system=1&v1=1&v2=2');
    await within(await region('Assembly Compatibility')).findByText('Sensor S1');
    await user.click(within(await region('System')).getByRole('option', { name: 'Door Control' }));
    expect(searchOf(router)).toEqual({ system: '2' });
    expect(screen.queryByRole('region', { name: 'Assembly Compatibility' })).not.toBeInTheDocument();
    expect(within(await region('Version 1')).getByRole('option', { name: '3.0', selected: false })).toBeInTheDocument();
  });

  it('clears every selection on Reset', async () => {
    const user = userEvent.setup();
    const router = open('?system=1&v1=1&v2=2');
    await within(await region('Assembly Compatibility')).findByText('Sensor S1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(searchOf(router)).toEqual({});
    expect(screen.getAllByText('Pick a system first.').length).toBeGreaterThan(0);
    expect(screen.getByRole('option', { name: 'Brake Unit', selected: false })).toBeInTheDocument();
  });

  it('asks for the systems a page at a time, and knows a linked system beyond the first page', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      item(`/api/systems/${i + 1}`, `System ${String(i + 1).padStart(3, '0')}`, [
        version(`/api/systems/versions/${i + 1}`, `System ${String(i + 1).padStart(3, '0')}`, '1.0'),
      ]),
    );
    fetchMock = fakeApi(evaluationApi({ systems: many }, { '/api/infos': infos }));
    open('?system=140');
    // The linked system's versions come by its id, though its page is not loaded.
    expect(await within(await region('Version 1')).findByRole('option', { name: '1.0' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'System 001' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'System 140' })).not.toBeInTheDocument();
    expect(screen.getByTestId('chosen-system')).toHaveTextContent('System 140');
    expect(screen.queryByTestId('unknown-selection')).not.toBeInTheDocument();
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.href))
      .filter((url) => url.pathname === '/api/systems/page');
    expect(pages.map((url) => url.searchParams.get('after'))).toEqual([null]);
  });

  it('reports an address that names an unknown system, with nothing to pick from for it', async () => {
    open('?system=99');
    expect(await screen.findByTestId('unknown-selection')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Brake Unit', selected: false })).toBeInTheDocument();
    expect(within(await region('Version 1')).getByText('Pick a system first.')).toBeInTheDocument();
    expect(screen.queryByTestId('load-error')).not.toBeInTheDocument();
  });

  it('reports an address that names an unknown version', async () => {
    open('?system=1&v1=1&v2=99');
    expect(await screen.findByTestId('unknown-selection')).toBeInTheDocument();
    expect(screen.getByText('Pick Version 1 and Version 2 to compare them.')).toBeInTheDocument();
  });
});
