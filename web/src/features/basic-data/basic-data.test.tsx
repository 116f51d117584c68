import type { Item, RelatedItem } from '@dp/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/fake-auth';
import { apiError, json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ItemsScreen } from './components/items-screen';
import { ObligationsScreen } from './components/obligations-screen';
import { RelationsScreen } from './components/relations-screen';

// Signed in: the History actions ask GET /api/me who the user is.
vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

/** A fake server at the network boundary: answers by "METHOD path" and records every request. */
function fakeServer(
  routes: Record<string, (body: unknown, headers: Headers, url: URL) => Response | Promise<Response>>,
) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers; url: URL }> = [];
  stubFetch(({ method, path, body, headers, url }) => {
    calls.push({ method, path, body, headers, url });
    const route = routes[`${method} ${path}`];
    return route ? route(body, headers, url) : apiError(404, 'Not Found', `No route ${method} ${path}`);
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/**
 * GET /api/{kind}/page as the server answers it, from `items()`: sorted by `sort` (name unless asked), filtered
 * by name and editor (plain lower case here), `limit` at a time (100 by default), `after` being a position.
 */
function itemPages(items: () => Item[]) {
  return (_body: unknown, _headers: Headers, url: URL) => {
    const sort = url.searchParams.get('sort') ?? 'name';
    const key = sort.replace(/^-/, '') as 'name' | 'creation_time' | 'modification_time' | 'updated_by';
    const contains = (value: string, param: string) =>
      value.toLowerCase().includes((url.searchParams.get(param) ?? '').toLowerCase());
    const sorted = items()
      .filter((item) => contains(item.name, 'name') && contains(item.updated_by, 'updated_by'))
      .sort((a, b) => a[key].localeCompare(b[key]) * (sort.startsWith('-') ? -1 : 1));
    const start = Number(url.searchParams.get('after') ?? 0);
    const end = start + Number(url.searchParams.get('limit') ?? 100);
    return json(200, { items: sorted.slice(start, end), next: end < sorted.length ? String(end) : null });
  };
}

const audit = {
  creation_time: '2024-03-05T08:09:10.000Z',
  modification_time: '2024-04-01T12:00:00.000Z',
  created_by: 'admin',
  updated_by: 'intern',
};

const SYSTEMS: Item[] = [
  { href: '/api/systems/2', name: 'Zugsicherung', description: 'ETCS', image: null, ...audit, etag: '"s2"' },
  {
    href: '/api/systems/1',
    name: 'Bremse',
    description: 'Druckluft',
    image: { original: '/api/images/systems/b.jpg', thumbnail: '/api/images/systems/t_b.jpg' },
    ...audit,
    etag: '"s1"',
  },
];

const rows = () => screen.getAllByTestId('table-row');
const rowOf = (name: string) =>
  rows().find((row) => row.textContent?.includes(name) || within(row).queryByDisplayValue(name))!;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  // Tables keep their sort and filters for the session; each test starts without them.
  window.sessionStorage.clear();
});

describe('Systems screen', () => {
  it('lists the systems sorted by name with image, comment and audit columns; the calendar button hides and shows them', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/systems/page': itemPages(() => SYSTEMS) });
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('Bremse');
    expect(rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Bremse', 'Zugsicherung']);
    expect(within(rowOf('Bremse')).getByRole('img', { name: 'Image' })).toHaveAttribute(
      'src',
      '/api/images/systems/t_b.jpg',
    );
    expect(within(rowOf('Bremse')).getByText('Druckluft')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'User' })).toBeInTheDocument();
    expect(within(rowOf('Bremse')).getAllByText(/^\d\d\.\d\d\.2024 \d\d:\d\d:\d\d$/)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Hide created, modified and user columns' }));
    expect(screen.queryByRole('columnheader', { name: 'Created' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Modified' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'User' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show created, modified and user columns' }));
    expect(screen.getByRole('columnheader', { name: 'Created' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'User' })).toBeInTheDocument();
  });

  it('asks the server for sorted, filtered pages and loads the next page as the end scrolls into view', async () => {
    const user = userEvent.setup();
    const many: Item[] = Array.from({ length: 250 }, (_, i) => ({
      href: `/api/systems/${i + 10}`,
      name: `System ${String(i).padStart(3, '0')}`,
      description: '',
      image: null,
      ...audit,
      etag: `"x${i}"`,
    }));
    const server = fakeServer({ 'GET /api/systems/page': itemPages(() => many) });
    const asked = () =>
      server.calls.filter((c) => c.path === '/api/systems/page').map((c) => Object.fromEntries(c.url.searchParams));
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('System 000');
    expect(asked()).toEqual([{ sort: 'name' }]);
    expect(screen.getByTestId('table-more')).toHaveTextContent('100 rows loaded; more as you scroll');

    const scroller = screen.getByTestId('table-scroll');
    scroller.scrollTop = 90 * 41;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(asked()).toEqual([{ sort: 'name' }, { sort: 'name', after: '100' }]));

    // A sort and a filter go to the server, which answers from the first page again.
    await user.click(screen.getByRole('button', { name: 'Name' }));
    // The new order starts from its first page, at the top of the table.
    await waitFor(() => expect(asked().find((query) => query.sort === '-name')).toEqual({ sort: '-name' }));
    expect(scroller.scrollTop).toBe(0);
    fireEvent.scroll(scroller);
    expect(await screen.findByText('System 249')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Filter Name' }), '12');
    await waitFor(() => expect(asked().at(-1)).toEqual({ sort: '-name', name: '12' }));
    // Typing asks once the typing pauses, not once per key.
    expect(asked().filter((query) => query.name === '1')).toEqual([]);
    const expected = many
      .map((item) => item.name)
      .filter((name) => name.includes('12'))
      .reverse();
    expect(expected).toHaveLength(13);
    await waitFor(() =>
      expect(rows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(expected),
    );
    expect(screen.queryByTestId('table-more')).not.toBeInTheDocument();
  });

  it('adds a system with name, description and image only, then reloads', async () => {
    const user = userEvent.setup();
    let list = SYSTEMS;
    const server = fakeServer({
      'GET /api/systems/page': itemPages(() => list),
      'POST /api/systems': (body) => {
        const created = { ...(body as Item), href: '/api/systems/3', ...audit, etag: '"s3"' };
        list = [...list, created];
        return json(201, created);
      },
    });
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('Bremse');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    // Audit fields are not part of the Add form.
    expect(within(dialog).queryByLabelText('Created')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Antrieb');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Traktion');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Antrieb')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/systems',
        body: { name: 'Antrieb', description: 'Traktion', image: null },
      }),
    ]);
    expect(server.calls.filter((c) => c.method === 'GET' && c.path === '/api/systems/page')).toHaveLength(2);
  });

  it('saves a row with PUT on its href and If-Match, and shows a 412 with Reload', async () => {
    const user = userEvent.setup();
    let answer = 200;
    const server = fakeServer({
      'GET /api/systems/page': itemPages(() => SYSTEMS),
      'PUT /api/systems/1': (body) =>
        answer === 200
          ? json(200, { ...SYSTEMS[1], ...(body as object), etag: '"s1b"' })
          : json(412, {
              statusCode: 412,
              error: 'Precondition Failed',
              message: 'intern changed this system at 10:00.',
            }),
    });
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('Bremse');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    await user.type(within(rowOf('Bremse')).getByRole('textbox', { name: 'Comment' }), ' neu{Enter}');
    expect(await screen.findByText('1 row saved')).toBeInTheDocument();
    const put = server.writes()[0]!;
    expect(put).toMatchObject({
      method: 'PUT',
      path: '/api/systems/1',
      body: { name: 'Bremse', description: 'Druckluft neu', image: SYSTEMS[1]!.image },
    });
    expect(put.headers.get('If-Match')).toBe('"s1"');

    answer = 412;
    await user.click(within(rowOf('Bremse')).getByRole('button', { name: 'Edit row' }));
    await user.type(within(rowOf('Bremse')).getByRole('textbox', { name: 'Name' }), '!{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this entry meanwhile: intern changed this system at 10:00.');
    const gets = server.calls.filter((c) => c.method === 'GET').length;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'GET').length).toBe(gets + 1));
  });

  it("deletes after 'Really delete?' with If-Match and shows the server's 409 message", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/systems/page': itemPages(() => SYSTEMS),
      'DELETE /api/systems/2': () =>
        json(409, { statusCode: 409, error: 'Conflict', message: 'The system Zugsicherung still has versions.' }),
    });
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('Bremse');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(within(rowOf('Zugsicherung')).getByRole('button', { name: 'Delete' }));
    await user.click(within(rowOf('Zugsicherung')).getByRole('button', { name: 'Really delete?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not delete: The system Zugsicherung still has versions.',
    );
    expect(server.writes()[0]).toMatchObject({ method: 'DELETE', path: '/api/systems/2' });
    expect(server.writes()[0]!.headers.get('If-Match')).toBe('"s2"');
  });
});

describe('Internal obligation texts screen', () => {
  it('colours rows by state and offers the states as options', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/compatibility_infos': () =>
        json(200, [
          {
            href: '/api/compatibility_infos/1',
            compatibility_status: 'forbidden',
            obligation: 'Nicht zusammen einsetzen, da die Schnittstellen nicht passen und weiteres mehr.',
            etag: '"1"',
          },
          { href: '/api/compatibility_infos/2', compatibility_status: 'allowed', obligation: 'Frei', etag: '"2"' },
        ]),
    });
    renderWithProviders(<ObligationsScreen />);
    const cutText = await screen.findByText('Nicht zusammen einsetzen, da die Schnittstellen nicht passen…');
    const forbidden = cutText.closest('tr')!;
    expect(forbidden.style.backgroundColor).toBe('var(--mantine-color-red-light)');
    expect(within(forbidden).getByText('Forbidden')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Filter State' }));
    for (const state of ['Allowed', 'Conditional', 'Forbidden', 'Irrelevant'])
      expect(screen.getByRole('option', { name: state })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Allowed' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Frei');
  });
});

describe('Systems relations screen', () => {
  it('relates and unrelates assemblies of the chosen system, then reloads', async () => {
    const user = userEvent.setup();
    let related: RelatedItem[] = [
      { href: '/api/assemblies/7', name: 'Bremssteuerung', related: false, relation: null },
      { href: '/api/assemblies/8', name: 'Kompressor', related: true, relation: '/api/systems/1/assemblies/8' },
      { href: '/api/assemblies/9', name: 'Ventil', related: false, relation: null },
    ];
    const server = fakeServer({
      'GET /api/systems/page': itemPages(() => SYSTEMS),
      'GET /api/systems/1/assemblies/page': () => json(200, { items: related, next: null }),
      'POST /api/systems/1/assemblies/7': () => {
        related = related.map((r) => (r.href.endsWith('/7') ? { ...r, related: true } : r));
        return json(204, null);
      },
      'DELETE /api/systems/1/assemblies/8': () => {
        related = related.map((r) => (r.href.endsWith('/8') ? { ...r, related: false } : r));
        return json(204, null);
      },
    });
    renderWithProviders(<RelationsScreen parent="systems" child="assemblies" />);
    expect(screen.getByText('Choose an entry on the left to edit its relations.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Bremse' }));
    expect(await screen.findByText('Assemblies of Bremse')).toBeInTheDocument();
    await screen.findByText('Kompressor');
    // No add and no delete in the relation editor.
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(rowOf('Bremssteuerung')).getByRole('checkbox', { name: 'Related' }));
    await user.click(within(rowOf('Kompressor')).getByRole('checkbox', { name: 'Related' }));
    await user.click(screen.getByRole('button', { name: 'Save all' }));
    expect(await screen.findByText('2 rows saved')).toBeInTheDocument();
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/systems/1/assemblies/7',
      'DELETE /api/systems/1/assemblies/8',
    ]);
    await waitFor(() =>
      expect(
        server.calls.filter((c) => c.path === '/api/systems/1/assemblies/page' && c.method === 'GET'),
      ).toHaveLength(2),
    );
    await waitFor(() =>
      expect(within(rowOf('Bremssteuerung')).getByRole('checkbox', { name: 'Related' })).toBeChecked(),
    );
  });
});

describe('History action', () => {
  const historyLinks = () => screen.queryAllByRole('link', { name: 'History' });

  it('opens the history of each row for an admin: systems by id, relations by the containment', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/me': () => json(200, { username: 'admin', role: 'admin' }),
      'GET /api/systems/page': itemPages(() => SYSTEMS),
      'GET /api/systems/1/assemblies/page': () =>
        json(200, {
          items: [{ href: '/api/assemblies/8', name: 'Kompressor', related: true, relation: null }],
          next: null,
        }),
    });
    const { unmount } = renderWithProviders(<ItemsScreen kind="systems" />);
    await waitFor(() => expect(within(rowOf('Bremse')).getByRole('link', { name: 'History' })).toBeInTheDocument());
    expect(within(rowOf('Bremse')).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/database/history?entity=system&entity_id=1',
    );
    expect(within(rowOf('Zugsicherung')).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/database/history?entity=system&entity_id=2',
    );
    unmount();

    renderWithProviders(<RelationsScreen parent="systems" child="assemblies" />);
    await user.click(await screen.findByRole('button', { name: 'Bremse' }));
    await screen.findByText('Kompressor');
    expect(within(rowOf('Kompressor')).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      `/database/history?entity=containment&entity_id=${encodeURIComponent('/api/systems/1/assemblies/8')}`,
    );
  });

  it('links obligation texts to their compatibility_info history', async () => {
    fakeServer({
      'GET /api/me': () => json(200, { username: 'admin', role: 'admin' }),
      'GET /api/compatibility_infos': () =>
        json(200, [
          { href: '/api/compatibility_infos/4', compatibility_status: 'allowed', obligation: 'Frei', etag: '"4"' },
        ]),
    });
    renderWithProviders(<ObligationsScreen />);
    await waitFor(() => expect(historyLinks()).toHaveLength(1));
    expect(historyLinks()[0]).toHaveAttribute('href', '/database/history?entity=compatibility_info&entity_id=4');
  });

  it('is not offered to an intern, who may not read the history', async () => {
    const server = fakeServer({
      'GET /api/me': () => json(200, { username: 'intern', role: 'intern' }),
      'GET /api/systems/page': itemPages(() => SYSTEMS),
    });
    renderWithProviders(<ItemsScreen kind="systems" />);
    await screen.findByText('Bremse');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/me')).toBe(true));
    // The answer has arrived once the table is shown again after it; still no History link.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(historyLinks()).toHaveLength(0);
  });
});
