import type { SystemDelta } from '@dp/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, bodiesSentTo, routeTable, stubFetch } from '../../test/fetch-stub';
import { evaluationApi, giveListsAHeight, infos, item, renderRoutes, version } from './api/testing';
import { formatAsOf, fromLocalInput, toLocalInput, withAt } from './as-of';
import { SystemDeltaBrowser } from './delta/system-delta-browser';
import { useAssemblyMatrix } from './matrix/api/use-matrix';
import { useFullSearch } from './search/api/full-search';
import { useSearchById } from './search/api/search-by-id';
import { useSearchHints } from './search/api/search-hints';

const delta: SystemDelta = {
  version1: { href: '/api/systems/versions/1', parent_name: 'Brake Unit', name: '1.0', name2: null },
  version2: { href: '/api/systems/versions/2', parent_name: 'Brake Unit', name: '2.0', name2: null },
  systems: [
    {
      href: '/api/systems/versions/3',
      parent_name: 'Door Control',
      name: '3.0',
      name2: null,
      version1: { compatibility_status: 'allowed' },
      version2: { compatibility_status: 'forbidden' },
      changed: true,
    },
  ],
  assemblies: [],
};
const systems = [
  item('/api/systems/1', 'Brake Unit', [
    version('/api/systems/versions/1', 'Brake Unit', '1.0'),
    version('/api/systems/versions/2', 'Brake Unit', '2.0'),
  ]),
];
const THEN = '2026-03-03T09:30:00.000Z';
const TOO_EARLY = '2020-01-01T00:00:00.000Z';
const earliestMessage = 'There is no history before 2026-01-01T00:00:00.000Z.';
const routes = evaluationApi({ systems }, { '/api/infos': infos, '/api/systems/versions/1/delta/2': delta });

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  giveListsAHeight();
  fetchMock = stubFetch((request) =>
    request.url.searchParams.get('at') === TOO_EARLY
      ? apiError(400, 'Bad Request', earliestMessage)
      : routeTable(routes)(request),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = (search: string) =>
  renderRoutes(
    [{ path: '/evaluate/system-delta-browser', element: <SystemDeltaBrowser /> }],
    `/evaluate/system-delta-browser${search}`,
  );
/** The `at` each request to `path` carried (null for none), in order. */
const atsSentTo = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.href))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams.get('at'));

describe('as of (issue 41)', () => {
  it('the picker writes ?at= as ISO with a zone and keeps the selection', async () => {
    const router = open('?system=1&v1=1&v2=2');
    const input = await screen.findByLabelText('As of');
    fireEvent.change(input, { target: { value: '2026-03-03T10:15' } });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('at')).toBe(new Date('2026-03-03T10:15').toISOString());
    expect(params.get('system')).toBe('1');
    expect(params.get('v2')).toBe('2');
    expect(await screen.findByTestId('as-of-banner')).toHaveTextContent(`As of ${formatAsOf(params.get('at')!)}`);
  });

  it('every read of the screen carries at, and links to other screens keep it', async () => {
    open(`?system=1&v1=1&v2=2&at=${THEN}`);
    const systemsTable = await screen.findByRole('region', { name: 'System Compatibility' });
    const link = await within(systemsTable).findByRole('link', { name: 'Door Control 3.0' });
    expect(atsSentTo('/api/systems/page')).toEqual([THEN]);
    expect(atsSentTo('/api/systems/1/versions')).toEqual([THEN]);
    expect(atsSentTo('/api/systems/versions/1/delta/2')).toEqual([THEN]);
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('at')).toBe(THEN);
    expect(screen.getByRole('link', { name: 'Back to evaluation' })).toHaveAttribute(
      'href',
      `/evaluate?at=${encodeURIComponent(THEN)}`,
    );
  });

  it("the banner's Back to now removes at, and the screen reads now again", async () => {
    const user = userEvent.setup();
    const router = open(`?system=1&v1=1&v2=2&at=${THEN}`);
    const banner = await screen.findByTestId('as-of-banner');
    expect(banner).toHaveTextContent(formatAsOf(THEN));
    await user.click(within(banner).getByRole('button', { name: 'Back to now' }));
    expect(new URLSearchParams(router.state.location.search).has('at')).toBe(false);
    expect(router.state.location.search).toContain('v2=2');
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    await waitFor(() => expect(atsSentTo('/api/systems/versions/1/delta/2')).toEqual([THEN, null]));
    expect(screen.getByLabelText('As of')).toHaveValue('');
  });

  it("shows the server's message for a time before the history began", async () => {
    open(`?system=1&at=${TOO_EARLY}`);
    expect(await screen.findByTestId('as-of-refusal')).toHaveTextContent(earliestMessage);
  });
});

describe('the POST reads carry at in their body', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/evaluate?at=${THEN}`]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );

  it('matrix, search hints, full search and search by id (the QR lookup is a full search)', async () => {
    const answers = {
      ...routes,
      'POST /api/matrix': { cells: [] },
      'POST /api/search/hint': [],
      'POST /api/search/full/page': { items: [], next: null },
      'POST /api/search/searchById': { systems: [], assemblies: [], subassemblies: [] },
    };
    fetchMock = stubFetch(routeTable(answers));
    renderHook(() => useAssemblyMatrix([1], [2], true), { wrapper });
    renderHook(() => useSearchHints('brake', true), { wrapper });
    const full = renderHook(() => useFullSearch(), { wrapper });
    const byId = renderHook(() => useSearchById(), { wrapper });
    await act(async () => {
      await full.result.current.mutateAsync('brake');
      await byId.result.current.mutateAsync({ id: 1, id_version: null, type: 'System' });
    });
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/matrix')).toHaveLength(1));
    await waitFor(() => expect(bodiesSentTo(fetchMock, '/api/search/hint')).toHaveLength(1));
    for (const path of ['/api/matrix', '/api/search/hint', '/api/search/full/page', '/api/search/searchById'])
      expect(bodiesSentTo(fetchMock, path), path).toEqual([expect.objectContaining({ at: THEN })]);
  });
});

describe('as-of helpers', () => {
  it('turn a picker value into ISO with a zone and back', () => {
    const iso = fromLocalInput('2026-03-03T10:15');
    expect(iso).toMatch(/Z$/);
    expect(toLocalInput(iso!)).toBe('2026-03-03T10:15');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput('not a time')).toBe('');
  });

  it('keep at in a link, and leave a link alone without it', () => {
    expect(withAt('/evaluate/x?data=A+B', THEN)).toBe(`/evaluate/x?data=A+B&at=${encodeURIComponent(THEN)}`);
    expect(withAt('/evaluate', undefined)).toBe('/evaluate');
  });
});
