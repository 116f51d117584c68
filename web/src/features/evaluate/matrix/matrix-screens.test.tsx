import type { CompatibilityRecord, ItemWithVersions, MatrixRequest, MatrixResponse, VersionLabel } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, routeTable, stubFetch, type FakeRequest } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { SystemAssemblyMatrix } from './system-assembly-matrix';
import { SystemSystemAssemblyMatrix } from './system-system-assembly-matrix';

// ---- a small catalogue: system 1 (version 10) holds EVC 100, 101 and JRU 200; system 2 (version 20) holds JRU 200

const audit = {
  creation_time: '2024-01-01T00:00:00Z',
  modification_time: '2024-01-01T00:00:00Z',
  created_by: 'admin',
  updated_by: 'admin',
  etag: '1',
};

function item(
  kind: 'systems' | 'assemblies',
  id: number,
  name: string,
  versions: [number, string | null, string | null][],
): ItemWithVersions {
  return {
    href: `/api/${kind}/${id}`,
    name,
    description: '',
    image: null,
    ...audit,
    versions: versions.map(([versionId, versionName, name2]) => ({
      href: `/api/${kind}/versions/${versionId}`,
      name: versionName,
      name2,
      description: '',
      image: null,
      parent_name: name,
      ...audit,
    })),
  };
}

const systems = [
  item('systems', 1, 'ETCS Onboard Unit', [[10, '1.6.2', null]]),
  item('systems', 2, 'Door Control', [[20, '2.1.0', null]]),
];
const labels: Record<number, VersionLabel> = {
  100: {
    href: '/api/assemblies/versions/100',
    parent_name: 'European Vital Computer EVC-270',
    name: 'A2V100',
    name2: 'MAT-1',
  },
  101: {
    href: '/api/assemblies/versions/101',
    parent_name: 'European Vital Computer EVC-270',
    name: 'A2V101',
    name2: null,
  },
  200: {
    href: '/api/assemblies/versions/200',
    parent_name: 'Juridical Recording Unit JRU-200',
    name: 'A2V200',
    name2: 'MAT-2',
  },
};

/** One version's list as the server sends it: each partner named by its label's parts and its item. */
function records(fromHref: string, to: string[]): CompatibilityRecord[] {
  const names = new Map<string, Partial<CompatibilityRecord['to']>>([
    ...Object.values(labels).map(({ href, parent_name, name, name2 }) => [href, { parent_name, name, name2 }] as const),
    ...systems.flatMap((system) =>
      system.versions.map(
        ({ href, parent_name, name, name2 }) => [href, { parent_href: system.href, parent_name, name, name2 }] as const,
      ),
    ),
  ]);
  return to.map((toHref, index) => ({
    href: `${fromHref}/compatibilities/x/${index}`,
    from: { href: fromHref },
    to: { href: toHref, ...names.get(toHref) },
    compatibility_info: { href: `/api/compatibility_infos/${index}`, compatibility_status: 'allowed' },
    etag: '1',
  }));
}

/** Everything the screens ask the server; anything else is a test failure. */
const answers: Record<string, unknown> = {
  'GET /api/infos': { modification_time: '2024-01-01T00:00:00Z' },
  // The system field's first page; what the user types is matched by the server (see 'asks the server').
  'GET /api/systems/page': { items: systems.map(({ versions: _versions, ...system }) => system), next: null },
  'GET /api/systems/1': systems[0],
  'GET /api/systems/2': systems[1],
  'GET /api/systems/versions/10/compatibilities/assemblies': records('/api/systems/versions/10', [
    labels[100]!.href,
    labels[101]!.href,
    labels[200]!.href,
  ]),
  'GET /api/assemblies/versions/100/compatibilities/assemblies': records(labels[100]!.href, [
    labels[101]!.href,
    labels[200]!.href,
  ]),
  'GET /api/assemblies/versions/101/compatibilities/assemblies': records(labels[101]!.href, [labels[100]!.href]),
  'GET /api/assemblies/versions/200/compatibilities/assemblies': [],
  'GET /api/assemblies/versions/100/compatibilities/systems': records(labels[100]!.href, ['/api/systems/versions/10']),
  'GET /api/assemblies/versions/101/compatibilities/systems': records(labels[101]!.href, ['/api/systems/versions/10']),
  'GET /api/assemblies/versions/200/compatibilities/systems': records(labels[200]!.href, [
    '/api/systems/versions/10',
    '/api/systems/versions/20',
  ]),
};

const matrixRequests: MatrixRequest[] = [];

function matrixAnswer(request: MatrixRequest): MatrixResponse {
  const cells: MatrixResponse['cells'] = [
    {
      row: labels[100]!.href,
      column: labels[200]!.href,
      compatibility_status: 'allowed',
      obligation: 'Compatible from serial number 12 onwards.',
    },
    { row: labels[100]!.href, column: labels[101]!.href, compatibility_status: 'forbidden' },
  ];
  return {
    rows: request.rows.map((id) => labels[id]!),
    columns: request.columns.map((id) => labels[id]!),
    cells: cells.filter(
      (cell) =>
        request.rows.some((id) => labels[id]!.href === cell.row) &&
        request.columns.some((id) => labels[id]!.href === cell.column),
    ),
  };
}

// Several rounds of calls and renders; generous, because jsdom on a busy machine is slow.
const WAIT = { timeout: 10_000 };
const TEST_TIMEOUT = { timeout: 30_000 };

/** The matrix once every list it depends on has loaded. */
const findTable = (name: string) => screen.findByLabelText(name, { selector: 'table' }, WAIT);

/** The server: the lists from `answers`, the matrix computed from the request (which is kept). */
const api = routeTable({
  ...answers,
  'POST /api/matrix': ({ body }: FakeRequest) => {
    const request = body as MatrixRequest;
    matrixRequests.push(request);
    return json(200, matrixAnswer(request));
  },
});

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  matrixRequests.length = 0;
  fetchMock = stubFetch(api);
});

describe('System – Assembly Matrix', TEST_TIMEOUT, () => {
  const route = '/evaluate/system-assembly-matrix?system=1&version=10&assemblies=100,101&others=200,101';

  it('shows the matrix of a shared link: rotated headings, coloured cells, an inactive self cell', async () => {
    renderWithProviders(<SystemAssemblyMatrix />, { route });
    const table = await findTable('System - Assembly Matrix');

    expect(matrixRequests).toEqual([
      { rowKind: 'assemblies', rows: [100, 101], columnKind: 'assemblies', columns: [200, 101] },
    ]);
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Juridical Recording Unit JRU-200A2V200 · MAT-2',
      'European Vital Computer EVC-270A2V101',
    ]);
    for (const heading of headings) expect(heading.querySelector('[data-orientation="vertical"]')).not.toBeNull();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((heading) => heading.title),
    ).toEqual(['European Vital Computer EVC-270 A2V100 MAT-1', 'European Vital Computer EVC-270 A2V101']);

    const allowed = within(table).getByLabelText(
      /A2V100 MAT-1 with Juridical Recording Unit JRU-200 A2V200 MAT-2: Allowed/,
    );
    expect(allowed).toHaveAttribute('data-status', 'allowed');
    expect(
      within(table).getByLabelText(/A2V100 MAT-1 with European Vital Computer EVC-270 A2V101: Forbidden/),
    ).toHaveAttribute('data-status', 'forbidden');
    const self = within(table).getByLabelText('Same assembly');
    expect(self).toHaveAttribute('aria-disabled', 'true');
    expect(self).not.toHaveAttribute('tabindex');
    expect(within(table).getByLabelText('No relation')).not.toHaveAttribute('data-status');

    await userEvent.hover(allowed);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Allowed');
    expect(tooltip).toHaveTextContent('Compatible from serial number 12 onwards.');
    // Valid markup: the tooltip's element is no child of the table row (tests render it in place).
    expect(tooltip.parentElement?.tagName).not.toBe('TR');
    await userEvent.unhover(allowed);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("offers the version's assemblies by their labels, from its own list, without loading every assembly version", async () => {
    renderWithProviders(<SystemAssemblyMatrix />, { route: '/evaluate/system-assembly-matrix?system=1&version=10' });
    const field = await screen.findByLabelText('Select Component', { selector: 'input' }, WAIT);
    await waitFor(() => expect(field).toBeEnabled(), WAIT);
    await userEvent.click(field);
    const options = await screen.findAllByRole('option', {}, WAIT);
    expect(options.map((option) => option.textContent)).toEqual([
      'European Vital Computer EVC-270 A2V100 MAT-1',
      'European Vital Computer EVC-270 A2V101',
      'Juridical Recording Unit JRU-200 A2V200 MAT-2',
    ]);
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.href).pathname);
    expect(paths).not.toContain('/api/assemblies/versions');
    expect(paths).not.toContain('/api/systems/versions');
    expect(paths).toContain('/api/systems/1');
  });

  it('names the system of a link and asks the server for the systems whose name holds what is typed', async () => {
    const asked: string[] = [];
    stubFetch((request) => {
      if (request.path === '/api/systems/page') {
        asked.push(request.url.search);
        const name = request.url.searchParams.get('name');
        const found = systems.filter((system) => !name || system.name.toLowerCase().includes(name));
        return json(200, { items: found.map(({ versions: _versions, ...system }) => system), next: null });
      }
      return api(request);
    });
    renderWithProviders(<SystemAssemblyMatrix />, { route: '/evaluate/system-assembly-matrix?system=2' });
    const field = screen.getByLabelText('System', { selector: 'input' });
    await waitFor(() => expect(field).toHaveValue('Door Control'), WAIT);

    await userEvent.clear(field);
    await userEvent.type(field, 'etcs');
    await waitFor(() => expect(asked).toContain('?name=etcs&limit=50'), WAIT);
    await waitFor(
      () => expect(screen.getAllByRole('option').map((option) => option.textContent)).toContain('ETCS Onboard Unit'),
      WAIT,
    );
    // Asked once the typing paused, not for every key; never the list of every system.
    expect(asked.filter((search) => search.includes('name=e'))).toEqual(['?name=etcs&limit=50']);
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.href).pathname);
    expect(paths).not.toContain('/api/systems');
  });

  it('shows only the status in the tooltip when the server sends no obligation (extern)', async () => {
    renderWithProviders(<SystemAssemblyMatrix />, { route });
    const table = await findTable('System - Assembly Matrix');
    const forbidden = within(table).getByLabelText(/: Forbidden$/);
    forbidden.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Forbidden');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('names the parts of a link that cannot be used and keeps the rest of the screen usable', async () => {
    renderWithProviders(<SystemAssemblyMatrix />, {
      route: '/evaluate/system-assembly-matrix?system=99&version=10&assemblies=abc',
    });
    const alert = await screen.findByTestId('matrix-invalid-link', {}, WAIT);
    await waitFor(() => expect(alert).toHaveTextContent('system 99, version 10'), WAIT);
    expect(alert).toHaveTextContent('assembly version abc');
    expect(screen.getByLabelText('System', { selector: 'input' })).toBeEnabled();
    expect(screen.getByTestId('matrix-empty')).toBeInTheDocument();
    expect(matrixRequests).toEqual([]);
  });

  it('says the matrix could not be loaded when a list it needs fails, instead of waiting for it', async () => {
    stubFetch((request) =>
      request.method === 'GET' && request.path === '/api/assemblies/versions/101/compatibilities/assemblies'
        ? apiError(404, 'Not Found', 'No such version.')
        : api(request),
    );
    renderWithProviders(<SystemAssemblyMatrix />, { route });
    expect(await screen.findByTestId('matrix-failed', {}, WAIT)).toHaveTextContent('The matrix could not be loaded.');
    expect(screen.queryByLabelText('Loading the matrix…')).toBeNull();
  });

  it('says when no assembly relates to the chosen ones', async () => {
    renderWithProviders(<SystemAssemblyMatrix />, {
      route: '/evaluate/system-assembly-matrix?system=1&version=10&assemblies=200',
    });
    expect(await screen.findByTestId('matrix-empty-options', {}, WAIT)).toHaveTextContent(
      'No assemblies have a relation to the selected assemblies.',
    );
  });
});

describe('System – System – Assembly Matrix', TEST_TIMEOUT, () => {
  it('hides blocks 1 and 2 until block 0 has an assembly', async () => {
    renderWithProviders(<SystemSystemAssemblyMatrix />, {
      route: '/evaluate/system-system-assembly-matrix?system0=1&version0=10',
    });
    expect(await screen.findByTestId('matrix-block-0', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('matrix-block-1')).toBeNull();
  });

  it('says when no assembly of another system relates to block 0', async () => {
    renderWithProviders(<SystemSystemAssemblyMatrix />, {
      route: '/evaluate/system-system-assembly-matrix?system0=1&version0=10&assemblies0=101',
    });
    expect(await screen.findByTestId('matrix-no-related-systems', {}, WAIT)).toHaveTextContent(
      'No assemblies in the other systems have a relation to the selected assemblies.',
    );
    expect(screen.queryByTestId('matrix-block-1')).toBeNull();
  });

  it('compares block 0 with the related assemblies of another system, grouped by system version', async () => {
    renderWithProviders(<SystemSystemAssemblyMatrix />, {
      route:
        '/evaluate/system-system-assembly-matrix?system0=1&version0=10&assemblies0=100&system1=2&version1=20&assemblies1=200',
    });
    const table = await findTable('System - System - Assembly Matrix');
    expect(within(table).getByRole('columnheader', { name: 'Door Control 2.1.0' })).toHaveAttribute('colspan', '1');
    expect(within(table).getByLabelText(/: Allowed/)).toHaveAttribute('data-status', 'allowed');
    expect(matrixRequests.at(-1)).toEqual({
      rowKind: 'assemblies',
      rows: [100],
      columnKind: 'assemblies',
      columns: [200],
    });

    // Block 1 offers only the related system (2); system 1 is taken by block 0.
    const block1 = screen.getByTestId('matrix-block-1');
    await userEvent.click(within(block1).getByLabelText('System', { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Door Control', 'ETCS Onboard Unit']);
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
  });
});
