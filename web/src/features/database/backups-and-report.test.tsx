import type { Item } from '@dp/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from '../../app/shell/error-banner';
import { dismissError } from '../../lib/error-banner';
import { renderWithProviders } from '../../test/render';
import { BackupsScreen } from './components/backups-screen';
import { CompatibilityReportScreen } from './components/compatibility-report-screen';
import type { FakeRequest } from '../../test/fetch-stub';
import { backup, catchSavedFiles, fakeServer, file, json, renderWithApp } from './test-support';

const OLD = backup('2024-05-01_10-00-00', '2024-05-01T10:00:00.000Z', {
  transfers: [{ to: 'demo', at: '2024-05-01T11:00:00.000Z', by: 'admin' }],
});
const NEW = backup('2024-05-02_10-00-00', '2024-05-02T10:00:00.000Z', { origin: 'upload', created_by: 'intern' });
const TAKEN = backup('2024-05-03_10-00-00', '2024-05-03T10:00:00.000Z');

const rowOf = (name: string) =>
  screen.getAllByTestId('backup-row').find((row) => row.getAttribute('data-name') === name)!;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  act(() => dismissError());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Backups screen', () => {
  it('lists the backups and takes one now', async () => {
    const user = userEvent.setup();
    let files = [NEW, OLD];
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files }),
      'POST /api/backups': () => {
        files = [TAKEN, ...files];
        return json(201, TAKEN);
      },
    });
    renderWithProviders(<BackupsScreen />);
    await screen.findByTestId('backups-table');
    expect(screen.getAllByTestId('backup-row').map((row) => row.getAttribute('data-name'))).toEqual([
      NEW.name,
      OLD.name,
    ]);
    expect(rowOf(NEW.name)).toHaveTextContent('Uploaded by intern');
    expect(rowOf(NEW.name)).toHaveTextContent('120.6 KB');
    expect(within(rowOf(OLD.name)).getByText('DEMO')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take backup now' }));
    expect(await screen.findByTestId('backup-notice')).toHaveTextContent(`Backup ${TAKEN.name} was taken.`);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(3));
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/backups']);
  });

  it('deletes a backup only on the second click (Really delete?); Escape cancels', async () => {
    const user = userEvent.setup();
    let files = [NEW, OLD];
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files }),
      [`DELETE /api/backups/${OLD.name}`]: () => {
        files = [NEW];
        return json(204, null);
      },
    });
    renderWithProviders(<BackupsScreen />);
    await screen.findByTestId('backups-table');

    await user.click(within(rowOf(OLD.name)).getByRole('button', { name: `Delete backup ${OLD.name}` }));
    const confirm = within(rowOf(OLD.name)).getByRole('button', { name: 'Really delete?' });
    await user.keyboard('{Escape}');
    expect(confirm).not.toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.click(within(rowOf(OLD.name)).getByRole('button', { name: `Delete backup ${OLD.name}` }));
    await user.click(within(rowOf(OLD.name)).getByRole('button', { name: 'Really delete?' }));
    expect(await screen.findByTestId('backup-notice')).toHaveTextContent(`Backup ${OLD.name} was deleted.`);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(1));
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /api/backups/${OLD.name}`]);
  });

  it('downloads a backup file with the token-carrying client', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW] }),
      [`GET /api/backups/${NEW.name}/file`]: () =>
        new Response('DPBACKUP', { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
    });
    renderWithProviders(<BackupsScreen />);
    await screen.findByTestId('backups-table');
    await user.click(screen.getByRole('button', { name: `Download backup ${NEW.name}` }));
    await waitFor(() => expect(saved.saved.map((f) => f.name)).toEqual([`backup-${NEW.name}.dpbackup`]));
  });

  it('uploads a backup file as the raw body after a confirmation', async () => {
    const user = userEvent.setup();
    let files = [OLD];
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files }),
      'POST /api/backups/upload': () => {
        files = [TAKEN, OLD];
        return json(201, { ...TAKEN, origin: 'upload' });
      },
    });
    renderWithProviders(<BackupsScreen />);
    await screen.findByTestId('backups-table');
    const chosen = new File(['DPBACKUP-CONTENT'], 'backup-2024-05-03_10-00-00.dpbackup', { type: '' });

    // No: nothing is sent.
    await user.upload(screen.getByTestId('backup-upload-input'), chosen);
    let dialog = await screen.findByRole('dialog', { name: 'Upload backup file' });
    expect(dialog).toHaveTextContent('Upload backup-2024-05-03_10-00-00.dpbackup (16 B) as a new backup?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);

    // The same file again, then Yes.
    await user.upload(screen.getByTestId('backup-upload-input'), chosen);
    dialog = await screen.findByRole('dialog', { name: 'Upload backup file' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('backup-notice')).toHaveTextContent(`Backup ${TAKEN.name} was uploaded.`);
    const [upload] = server.writes();
    expect(upload?.path).toBe('/api/backups/upload');
    expect(upload?.headers.get('Content-Type')).toBe('application/octet-stream');
    // The file itself, not multipart or base64 around it.
    expect(upload?.rawBody).toBe(chosen);
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2));
  });

  it('shows a refused upload in the error banner', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [] }),
      'POST /api/backups/upload': () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: 'The file is damaged or was changed.' }),
    });
    renderWithApp(
      <>
        <ErrorBanner />
        <BackupsScreen />
      </>,
    );
    expect(await screen.findByTestId('backups-empty')).toHaveTextContent('No backups yet.');
    await user.upload(screen.getByTestId('backup-upload-input'), new File(['x'], 'bad.dpbackup'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('The file is damaged or was changed.');
    expect(screen.queryByTestId('backup-notice')).not.toBeInTheDocument();
  });
});

describe('Compatibility report screen', () => {
  // As the server sends them: by name.
  const SYSTEMS = [
    { href: '/api/systems/1', name: 'Bremse' },
    { href: '/api/systems/2', name: 'Zugsicherung' },
  ] as Item[];
  /** GET /api/systems/page: the systems whose name contains `name`. */
  const systemPage = (_body: unknown, request: FakeRequest) => {
    const name = (request.url.searchParams.get('name') ?? '').toLowerCase();
    return json(200, { items: SYSTEMS.filter((system) => system.name.toLowerCase().includes(name)), next: null });
  };

  it('needs All systems or one system, asks first, then saves report.xlsx', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const server = fakeServer({
      'GET /api/systems/page': systemPage,
      'POST /api/reports/systems/assemblies': () => file('PK-all', 'report.xlsx'),
      'POST /api/reports/systems/1/assemblies': () =>
        new Response('PK-one', {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    renderWithProviders(<CompatibilityReportScreen />);
    const download = screen.getByRole('button', { name: 'Download report' });
    expect(download).toBeDisabled();

    // One system, chosen from the server's first matches by name; typing asks the server for others.
    const select = screen.getByRole('combobox', { name: 'System' });
    await user.click(select);
    await waitFor(async () =>
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Bremse', 'Zugsicherung']),
    );
    await user.type(select, 'zug');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Zugsicherung']));
    const asked = server.to('GET /api/systems/page').map((call) => Object.fromEntries(call.url.searchParams));
    expect(asked).toEqual([{ limit: '50' }, { name: 'zug', limit: '50' }]);
    expect(server.to('GET /api/systems')).toEqual([]);
    await user.clear(select);
    await user.click(await screen.findByRole('option', { name: 'Bremse' }));
    expect(download).toBeEnabled();
    await user.click(download);
    let dialog = await screen.findByRole('dialog', { name: 'Download compatibility report' });
    expect(dialog).toHaveTextContent('Download the compatibility report of Bremse as a spreadsheet?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saved.saved.map((f) => f.name)).toEqual(['report.xlsx']));
    expect(server.writes()[0]).toMatchObject({ path: '/api/reports/systems/1/assemblies', body: { type: 'xls' } });

    // All systems.
    await user.click(screen.getByRole('checkbox', { name: 'All systems' }));
    expect(select).toBeDisabled();
    await user.click(download);
    dialog = await screen.findByRole('dialog', { name: 'Download compatibility report' });
    expect(dialog).toHaveTextContent('Download the compatibility report of all systems as a spreadsheet?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(saved.saved).toHaveLength(2));
    expect(await saved.saved[1]?.blob.text()).toBe('PK-all');
    expect(server.writes()[1]).toMatchObject({ path: '/api/reports/systems/assemblies', body: { type: 'xls' } });

    // Unticked again with the system still chosen: still valid; cleared: not.
    await user.click(screen.getByRole('checkbox', { name: 'All systems' }));
    expect(download).toBeEnabled();
  });

  it('downloads nothing when the question is answered No', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/systems/page': systemPage });
    renderWithProviders(<CompatibilityReportScreen />);
    await user.click(screen.getByRole('checkbox', { name: 'All systems' }));
    await user.click(screen.getByRole('button', { name: 'Download report' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(server.writes()).toEqual([]);
  });
});
