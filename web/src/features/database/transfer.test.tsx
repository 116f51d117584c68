import type { TransferResult } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TransferScreen } from './components/transfer-screen';
import { formatDateTime } from './format';
import { transferState } from './selection';
import { backup, deferred, fakeServer, json } from './test-support';

const OLD = backup('2024-05-01_10-00-00', '2024-05-01T10:00:00.000Z');
const NEW = backup('2024-05-02_10-00-00', '2024-05-02T10:00:00.000Z');
const LIVE_URL = 'https://portfolio.example.com';
const DEMO_URL = 'https://portfolio-demo.example.com';
const HISTORY = [
  {
    name: OLD.name,
    created: OLD.created,
    size: 1,
    to: 'www',
    url: LIVE_URL,
    at: '2024-05-01T12:00:00.000Z',
    by: 'admin',
  },
];

function result(to: 'www' | 'demo', name = NEW.name): TransferResult {
  return {
    name,
    to,
    url: to === 'www' ? LIVE_URL : DEMO_URL,
    at: '2024-05-05T08:00:00.000Z',
    counts: { items: 10 },
    message: 'Transfer Complete',
  };
}

function server(
  routes: Parameters<typeof fakeServer>[0] = {},
  targets = [
    { to: 'www', url: LIVE_URL },
    { to: 'demo', url: DEMO_URL },
  ],
) {
  return fakeServer({
    'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
    'GET /api/transferred-dumps': () => json(200, { files: HISTORY }),
    'GET /api/db/targets': () => json(200, { targets }),
    ...routes,
  });
}

const liveButton = () => screen.getByRole('button', { name: 'Transfer database' });
const demoButton = () => screen.getByRole('button', { name: 'Transfer database to DEMO' });
const backupRadio = (b: { created: string }) =>
  screen.findByRole('radio', { name: new RegExp(formatDateTime(b.created)) });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('transfer selection rule (SPEC 5)', () => {
  it('needs the actual state or a selected backup', () => {
    expect(transferState({ actual: false, backup: null })).toBeNull();
    expect(transferState({ actual: false, backup: 'b' })).toBe('b');
    expect(transferState({ actual: true, backup: 'b' })).toBe('actual');
  });
});

describe('Transfer screen', () => {
  it('offers LIVE and, in red, DEMO once a state is chosen, and lists past transfers', async () => {
    const user = userEvent.setup();
    server();
    renderWithProviders(<TransferScreen />);
    await backupRadio(NEW);
    expect(liveButton()).toBeDisabled();
    expect(demoButton()).toBeDisabled();
    expect(demoButton().getAttribute('style')).toContain('red');
    expect(liveButton().getAttribute('style') ?? '').not.toContain('red');
    await waitFor(() => expect(screen.getByTestId('transfer-www-url')).toHaveTextContent(LIVE_URL));
    expect(screen.getByTestId('transfer-demo-url')).toHaveTextContent(DEMO_URL);

    await user.click(await backupRadio(NEW));
    expect(liveButton()).toBeEnabled();
    expect(demoButton()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Actual database state' }));
    expect(liveButton()).toBeEnabled();

    const history = await screen.findByTestId('transfer-history');
    const row = within(history).getAllByTestId('transfer-history-row')[0]!;
    expect(row).toHaveTextContent(formatDateTime('2024-05-01T12:00:00.000Z'));
    expect(row).toHaveTextContent('admin');
    expect(row).toHaveTextContent(`Backup of ${formatDateTime(OLD.created)} (${OLD.name})`);
    expect(row).toHaveTextContent(`LIVE ${LIVE_URL}`);
  });

  it('names target, address and state, and transfers only after the target is typed', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = server({ 'POST /api/db/uploads': () => answer.promise });
    renderWithProviders(<TransferScreen />);
    await user.click(await backupRadio(NEW));
    await user.click(liveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Transfer to LIVE' });
    const details = within(dialog).getByTestId('transfer-confirm-details');
    expect(details).toHaveTextContent('TargetLIVE');
    expect(details).toHaveTextContent(`Address${LIVE_URL}`);
    expect(details).toHaveTextContent(`StateBackup of ${formatDateTime(NEW.created)} (${NEW.name})`);
    expect(dialog).toHaveTextContent('All data on LIVE will be replaced by this state.');
    const confirm = within(dialog).getByRole('button', { name: 'Transfer to LIVE' });
    expect(confirm).toBeDisabled();
    // Enter on a wrong name does nothing; the other target's name does not count.
    const input = within(dialog).getByRole('textbox', { name: 'Type LIVE to confirm' });
    await user.type(input, 'DEMO{Enter}');
    expect(confirm).toBeDisabled();
    expect(api.writes()).toEqual([]);
    await user.clear(input);
    await user.type(input, 'live');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    // Running: the buttons wait, the screen says where it goes.
    expect(await screen.findByTestId('transfer-running')).toHaveTextContent('Transferring to LIVE…');
    expect(demoButton()).toBeDisabled();
    expect(api.writes().map((c) => c.body)).toEqual([{ to: 'www', bkp: NEW.name }]);

    answer.resolve(json(200, result('www')));
    const complete = await screen.findByTestId('transfer-complete');
    expect(complete).toHaveTextContent('Transfer Complete');
    expect(complete).toHaveTextContent(`Backup ${NEW.name} is now on LIVE (${LIVE_URL})`);
    expect(screen.queryByTestId('transfer-running')).not.toBeInTheDocument();
    // The record of transfers and the backups' badges are read again.
    await waitFor(() => expect(api.to('GET /api/transferred-dumps').length).toBeGreaterThan(1));
  });

  it('sends the actual state to DEMO and asks with the actual state named', async () => {
    const user = userEvent.setup();
    const api = server({ 'POST /api/db/uploads': () => json(200, result('demo', '2024-05-05_08-00-00')) });
    renderWithProviders(<TransferScreen />);
    await backupRadio(NEW);
    await user.click(screen.getByRole('checkbox', { name: 'Actual database state' }));
    await waitFor(() => expect(demoButton()).toBeEnabled());
    await user.click(demoButton());
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to DEMO' });
    expect(within(dialog).getByTestId('transfer-confirm-details')).toHaveTextContent(
      'StateActual database state (a backup of it is taken first)',
    );
    expect(within(dialog).getByTestId('transfer-confirm-details')).toHaveTextContent(DEMO_URL);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DEMO to confirm' }), 'DEMO{Enter}');
    expect(await screen.findByTestId('transfer-complete')).toHaveTextContent(
      'Backup 2024-05-05_08-00-00 is now on DEMO',
    );
    expect(api.writes().map((c) => c.body)).toEqual([{ to: 'demo', bkp: 'actual' }]);
  });

  it('cancels without sending anything', async () => {
    const user = userEvent.setup();
    const api = server();
    renderWithProviders(<TransferScreen />);
    await user.click(await backupRadio(OLD));
    await user.click(liveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to LIVE' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type LIVE to confirm' }), 'LIVE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);
    // Opened again, the confirmation starts empty.
    await user.click(liveButton());
    expect(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Type LIVE to confirm' }),
    ).toHaveValue('');
  });

  it("shows the server's message when the transfer fails", async () => {
    const user = userEvent.setup();
    server({
      'POST /api/db/uploads': () =>
        json(502, { statusCode: 502, error: 'Bad Gateway', message: 'The live instance refused the transfer token.' }),
    });
    renderWithProviders(<TransferScreen />);
    await user.click(await backupRadio(OLD));
    await user.click(liveButton());
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Type LIVE to confirm' }),
      'LIVE{Enter}',
    );
    const failed = await screen.findByTestId('transfer-failed');
    expect(failed).toHaveTextContent('Transfer failed');
    expect(failed).toHaveTextContent('The live instance refused the transfer token.');
    expect(screen.queryByTestId('transfer-complete')).not.toBeInTheDocument();
    expect(liveButton()).toBeEnabled();
  });

  it('shows the error findings a transfer to live was refused for, and publishes once the admin accepts them', async () => {
    const user = userEvent.setup();
    const finding = {
      rule: 'conditional_without_obligation',
      severity: 'error',
      message: 'The conditional status 18 has no obligation text.',
      hrefs: ['/api/compatibility_infos/18'],
      fix: '/basic-data/obligations-intern',
    };
    const api = server({
      'POST /api/db/uploads': (body) =>
        (body as { accept_findings?: boolean }).accept_findings
          ? json(200, result('www'))
          : json(409, {
              statusCode: 409,
              error: 'Conflict',
              message: 'The data has 1 consistency errors. Fix them, or confirm that they may be published to live.',
              code: 'transfer.findings',
              params: { count: 1 },
              findings: [finding],
            }),
    });
    renderWithProviders(<TransferScreen />);
    await user.click(await backupRadio(OLD));
    await user.click(liveButton());
    await user.type(
      within(await screen.findByRole('dialog')).getByRole('textbox', { name: 'Type LIVE to confirm' }),
      'LIVE{Enter}',
    );
    const refused = await screen.findByTestId('transfer-findings');
    expect(refused).toHaveTextContent('The conditional status 18 has no obligation text.');
    expect(within(refused).getByRole('link', { name: 'Fix it' })).toHaveAttribute(
      'href',
      '/basic-data/obligations-intern',
    );
    expect(screen.queryByTestId('transfer-failed')).not.toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'Publish to live anyway' }));
    // The button is gone with the findings: the outcome takes the focus, not the top of the page.
    expect(await screen.findByTestId('transfer-complete')).toHaveFocus();
    expect(api.to('POST /api/db/uploads').map((call) => call.body)).toEqual([
      { to: 'www', bkp: OLD.name },
      { to: 'www', bkp: OLD.name, accept_findings: true },
    ]);
  });

  it('keeps a target without an address closed', async () => {
    server({}, [
      { to: 'www', url: LIVE_URL },
      { to: 'demo', url: null as unknown as string },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TransferScreen />);
    await user.click(await backupRadio(OLD));
    await waitFor(() =>
      expect(screen.getByTestId('transfer-demo-url')).toHaveTextContent('DEMO is not configured on this instance.'),
    );
    expect(demoButton()).toBeDisabled();
    expect(liveButton()).toBeEnabled();
  });
});

describe('Transfer screen with four eyes (issue 44)', () => {
  const REQUEST = {
    id: 7,
    href: '/api/publish-requests/7',
    status: 'open',
    backup: NEW.name,
    reason: 'Spring release',
    requested_by: 'admin',
    requested_at: '2024-05-05T08:00:00.000Z',
    expires_at: '2024-05-08T08:00:00.000Z',
    decided_by: null,
    decided_at: null,
    comment: null,
    message: null,
  };

  it('asks for a reason, answers with the request, and lets another admin approve it', async () => {
    const user = userEvent.setup();
    const api = server({
      'GET /api/db/targets': () =>
        json(200, {
          targets: [
            { to: 'www', url: LIVE_URL },
            { to: 'demo', url: DEMO_URL },
          ],
          approval: true,
        }),
      'GET /api/publish-requests': () => json(200, { open: 1, requests: [REQUEST] }),
      'POST /api/db/uploads': () => json(202, REQUEST),
      'POST /api/publish-requests/7/approve': () => json(200, { ...REQUEST, status: 'done', decided_by: 'reviewer' }),
    });
    renderWithProviders(<TransferScreen />);
    expect(await screen.findByRole('heading', { name: 'Publish requests (1 open)' })).toBeInTheDocument();
    await user.click(await backupRadio(NEW));
    await user.click(liveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to LIVE' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type LIVE to confirm' }), 'LIVE');
    const confirm = within(dialog).getByRole('button', { name: 'Transfer to LIVE' });
    // Without a reason there is no request.
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spring release');
    await user.click(confirm);
    expect(await screen.findByTestId('publish-requested')).toHaveTextContent(NEW.name);
    expect(api.to('POST /api/db/uploads')[0]?.body).toEqual({ to: 'www', bkp: NEW.name, reason: 'Spring release' });

    const row = within(screen.getByTestId('publish-requests')).getByTestId('publish-request-row');
    expect(row).toHaveTextContent('Spring release');
    await user.type(within(row).getByRole('textbox', { name: 'Comment' }), 'Checked');
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.to('POST /api/publish-requests/7/approve')).toHaveLength(1));
    expect(api.to('POST /api/publish-requests/7/approve')[0]?.body).toEqual({ comment: 'Checked' });
  });
});
