import type { AuditEntry } from '@dp/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { BackupsScreen } from './components/backups-screen';
import { HistoryScreen } from './components/history-screen';
import { justBefore } from './components/restore';
import { backup, deferred, fakeServer, json } from './test-support';

const change: AuditEntry = {
  id: 9,
  at: '2026-03-03T08:09:10.500Z',
  actor: 'admin',
  action: 'update',
  entity: 'compatibility_info',
  entity_id: '7',
  href: '/api/compatibility_infos/7',
  change_set: '1009',
  changes: [{ field: 'obligation', before: 'old text', after: 'new text' }],
  before: null,
  after: null,
};
const restored = { restored: '@2026-03-03T08:09:10.499Z', backup: '2026-03-04_10-00-00', counts: { items: 3 } };

describe('restore (issue 41)', () => {
  it('from the history: the state just before the change, after RESTORE is typed, with progress and outcome', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const server = fakeServer({
      'GET /api/audit': () => json(200, { items: [change], next: null }),
      'POST /api/db/restore': () => answer.promise,
    });
    renderWithProviders(<HistoryScreen />, { route: '/database/history' });
    await user.click(await screen.findByRole('button', { name: 'Restore the state before this change' }));
    const dialog = await screen.findByTestId('restore-confirm');
    const confirm = within(dialog).getByTestId('confirm-yes');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByTestId('restore-confirm-input'), 'restore');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByTestId('restore-confirm-input'));
    await user.type(within(dialog).getByTestId('restore-confirm-input'), 'RESTORE');
    await user.click(confirm);
    expect(await screen.findByTestId('restore-progress')).toBeInTheDocument();
    expect(server.to('POST /api/db/restore').map((call) => call.body)).toEqual([{ bkp: '@2026-03-03T08:09:10.499Z' }]);
    const historyReads = server.to('GET /api/audit').length;
    answer.resolve(json(200, restored));
    expect(await screen.findByTestId('restore-done')).toHaveTextContent('2026-03-04_10-00-00');
    // Everything cached may have changed: the history itself is read again.
    await waitFor(() => expect(server.to('GET /api/audit').length).toBeGreaterThan(historyReads));
  });

  it('from the backups: the chosen backup; a refusal shows the server message', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files: [backup('2026-03-01_10-00-00', '2026-03-01T10:00:00.000Z')] }),
      'POST /api/db/restore': () => apiError(403, 'Forbidden', 'Only work can be restored.'),
    });
    renderWithProviders(<BackupsScreen />, { route: '/database/backups' });
    await user.click(await screen.findByRole('button', { name: 'Restore backup 2026-03-01_10-00-00' }));
    const dialog = await screen.findByTestId('restore-confirm');
    await user.type(within(dialog).getByTestId('restore-confirm-input'), 'RESTORE{Enter}');
    expect(await screen.findByTestId('restore-failed')).toHaveTextContent('Only work can be restored.');
    expect(server.to('POST /api/db/restore').map((call) => call.body)).toEqual([{ bkp: '2026-03-01_10-00-00' }]);
  });

  it('cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files: [backup('2026-03-01_10-00-00', '2026-03-01T10:00:00.000Z')] }),
    });
    renderWithProviders(<BackupsScreen />, { route: '/database/backups' });
    await user.click(await screen.findByTestId('backup-restore'));
    await user.click(within(await screen.findByTestId('restore-confirm')).getByTestId('confirm-no'));
    expect(server.writes()).toEqual([]);
  });

  it('the time just before a change is one millisecond earlier, as a point in time', () => {
    expect(justBefore('2026-03-03T08:09:10.000Z')).toBe('@2026-03-03T08:09:09.999Z');
  });
});
