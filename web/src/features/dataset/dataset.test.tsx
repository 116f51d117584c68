import type { DatasetEntry, Me } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigContext, type AppConfig } from '../../lib/config';
import { signedIn } from '../../test/fake-auth';
import { apiError, json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DatasetPage } from './components/dataset-page';

vi.mock('react-oidc-context', () => ({ useAuth: () => signedIn() }));

const config = { deployment: 'work', version: '2.6.0', oidc: {} } as unknown as AppConfig;

/** A fake API at the network boundary: answers by "METHOD path" and records every request. */
function fakeServer(me: Me, routes: Record<string, (body: unknown, headers: Headers) => Response>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  stubFetch((request) => {
    const { method, path, body, headers } = request;
    calls.push({ method, path, body, headers });
    if (path === '/api/me') return json(200, me);
    if (path === '/api/infos') return json(200, { modification_time: '2026-01-01T00:00:00.000Z' });
    const route = routes[`${method} ${path}`];
    return route ? route(body, headers) : apiError(404, 'Not Found', `No route ${method} ${path}`);
  });
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const entry = (id: number, description: string, created: string, username = 'admin'): DatasetEntry => ({
  href: `/api/dataset/${id}`,
  username,
  description,
  creation_time: created,
  modification_time: created,
  etag: `"${id}.1"`,
});

const ENTRIES = [
  entry(2, '<h2>Import</h2><p>New <strong>brake</strong> data</p>', '2026-03-05T08:09:10.000Z'),
  entry(1, '<p>First load</p>', '2026-01-02T03:04:05.000Z', 'maria'),
];

function renderPage() {
  return renderWithProviders(
    <ConfigContext value={config}>
      <DatasetPage />
    </ConfigContext>,
    { route: '/dataset' },
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('data state page', () => {
  it('shows an intern the entries newest first with author, times and their formatting, and no editing', async () => {
    fakeServer({ username: 'intern', role: 'intern' }, { 'GET /api/dataset': () => json(200, ENTRIES) });
    renderPage();
    const cards = await screen.findAllByTestId('dataset-entry');
    expect(cards.map((c) => within(c).getByTestId('dataset-entry-author').textContent)).toEqual(['admin', 'maria']);
    expect(within(cards[0]!).getByTestId('dataset-entry-times').textContent).toMatch(
      /^Created 05\.03\.2026 \d\d:09:10 · modified 05\.03\.2026 \d\d:09:10$/,
    );
    expect(within(cards[0]!).getByRole('heading', { name: 'Import' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('brake').tagName).toBe('STRONG');
    expect(screen.queryByTestId('dataset-editor')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it("says an extern may not read it (the server's 403), without the error banner", async () => {
    fakeServer(
      { username: 'extern', role: 'extern' },
      {
        'GET /api/dataset': () =>
          json(403, { statusCode: 403, error: 'Forbidden', message: 'This action requires the intern role.' }),
      },
    );
    renderPage();
    expect(await screen.findByTestId('requires-role')).toHaveTextContent('This page is for internal users only.');
    expect(screen.queryByTestId('dataset-entry')).not.toBeInTheDocument();
  });

  it('an admin adds an entry (HTML written in the code view) and the list reloads', async () => {
    const user = userEvent.setup();
    let list = ENTRIES;
    const server = fakeServer(
      { username: 'admin', role: 'admin' },
      {
        'GET /api/dataset': () => json(200, list),
        'POST /api/dataset': (body) => {
          const created = entry(3, (body as { description: string }).description, '2026-04-01T10:00:00.000Z');
          list = [created, ...list];
          return json(201, created);
        },
      },
    );
    renderPage();
    const editor = await screen.findByTestId('dataset-editor', {}, { timeout: 5000 });
    expect(editor).toHaveAttribute('data-mode', 'add');
    expect(within(editor).getByTestId('dataset-editor-save')).toBeDisabled();
    await user.click(within(editor).getByRole('button', { name: 'Code view (HTML)' }));
    const source = within(editor).getByTestId('dataset-editor-source-text');
    await user.clear(source);
    await user.click(source);
    await user.paste('<p>Data of <strong>March</strong> loaded</p>');
    await user.click(within(editor).getByTestId('dataset-editor-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/dataset',
      body: { username: 'admin', description: '<p>Data of <strong>March</strong> loaded</p>' },
    });
    await waitFor(() => expect(screen.getAllByTestId('dataset-entry')).toHaveLength(3));
    expect(within(screen.getAllByTestId('dataset-entry')[0]!).getByText('March').tagName).toBe('STRONG');
  });

  it("deletes only after 'Really delete?', with If-Match", async () => {
    const user = userEvent.setup();
    let list = ENTRIES;
    const server = fakeServer(
      { username: 'admin', role: 'admin' },
      {
        'GET /api/dataset': () => json(200, list),
        'DELETE /api/dataset/1': () => {
          list = list.filter((e) => e.href !== '/api/dataset/1');
          return json(204, null);
        },
      },
    );
    renderPage();
    const card = (await screen.findAllByTestId('dataset-entry'))[1]!;
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(server.writes()).toHaveLength(0);
    // Escape cancels the confirmation.
    await user.keyboard('{Escape}');
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(card).getByRole('button', { name: 'Really delete?' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.method).toBe('DELETE');
    expect(server.writes()[0]!.headers.get('If-Match')).toBe('"1.1"');
    await waitFor(() => expect(screen.getAllByTestId('dataset-entry')).toHaveLength(1));
  });

  it('an edit that someone else overtook (412) says so and can load the current version', async () => {
    const user = userEvent.setup();
    const current = { ...ENTRIES[1]!, description: '<p>Changed by maria meanwhile</p>', etag: '"1.2"' };
    const server = fakeServer(
      { username: 'admin', role: 'admin' },
      {
        'GET /api/dataset': () => json(200, ENTRIES),
        'PUT /api/dataset/1': () =>
          json(412, {
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'Someone else changed this entry by maria.',
            current,
            etag: current.etag,
          }),
      },
    );
    renderPage();
    const card = (await screen.findAllByTestId('dataset-entry'))[1]!;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByTestId('dataset-editor');
    await waitFor(() => expect(editor).toHaveAttribute('data-mode', 'edit'));
    expect(within(editor).getByRole('heading').textContent).toMatch(/^Edit the entry of maria from 02\.01\.2026/);
    await user.click(within(editor).getByTestId('dataset-editor-save'));
    const alert = await within(editor).findByTestId('dataset-editor-error');
    expect(alert).toHaveTextContent('Someone else changed this entry by maria.');
    expect(server.writes()[0]!.headers.get('If-Match')).toBe('"1.1"');
    await user.click(within(alert).getByRole('button', { name: 'Load the current version (discard mine)' }));
    await user.click(within(editor).getByRole('button', { name: 'Code view (HTML)' }));
    expect(within(editor).getByTestId('dataset-editor-source-text')).toHaveValue('<p>Changed by maria meanwhile</p>');
    // Cancel goes back to add mode.
    await user.click(within(editor).getByTestId('dataset-editor-cancel'));
    await waitFor(() => expect(screen.getByTestId('dataset-editor')).toHaveAttribute('data-mode', 'add'));
  });

  it('on the live instance an admin only reads', async () => {
    fakeServer({ username: 'admin', role: 'admin' }, { 'GET /api/dataset': () => json(200, ENTRIES) });
    renderWithProviders(
      <ConfigContext value={{ ...config, deployment: 'live' }}>
        <DatasetPage />
      </ConfigContext>,
    );
    expect(await screen.findAllByTestId('dataset-entry')).toHaveLength(2);
    expect(screen.queryByTestId('dataset-editor')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
