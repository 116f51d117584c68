import type { ReportJob } from '@dp/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from '../../app/shell/error-banner';
import { dismissError } from '../../lib/error-banner';
import { OBJECT_URL_LIFETIME_MS } from '../../lib/save-file';
import { renderWithProviders } from '../../test/render';
import { DeltaReportScreen } from './components/delta-report-screen';
import { formatDateTime } from './format';
import { deltaPair } from './selection';
import { backup, catchSavedFiles, deferred, fakeServer, file, json } from './test-support';
import { PROGRESS_RESET_MS } from './use-delta-download';

const OLD = backup('2024-05-01_10-00-00', '2024-05-01T10:00:00.000Z', {
  transfers: [{ to: 'www', at: '2024-05-01T11:00:00.000Z', by: 'admin' }],
});
const NEW = backup('2024-05-02_10-00-00', '2024-05-02T10:00:00.000Z', { origin: 'scheduled' });
const NEWEST = backup('2024-05-03_10-00-00', '2024-05-03T10:00:00.000Z');
const label = (b: { created: string }) => formatDateTime(b.created);

function job(progress: number, status: ReportJob['status'] = 'running', message: string | null = null): ReportJob {
  return {
    id: 'j1',
    status,
    progress,
    file_name: 'delta-report-x.html',
    message,
    href: '/api/dumps/jobs/j1',
    file_href: '/api/dumps/jobs/j1/file',
  };
}

function renderScreen() {
  return renderWithProviders(
    <>
      <ErrorBanner />
      <DeltaReportScreen pollMs={5} />
    </>,
  );
}

const pdfButton = () => screen.getByRole('button', { name: 'Download PDF' });
const htmlButton = () => screen.getByRole('button', { name: 'Download HTML' });
const list = (name: 'Backup 1' | 'Backup 2') => screen.getByRole('radiogroup', { name });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  act(() => dismissError());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('delta report selection rules (SPEC 5)', () => {
  it('need Backup 2 and Backup 1 or the actual state, and two different states', () => {
    expect(deltaPair({ bkp1: null, actual: false, bkp2: null })).toEqual({ problem: 'incomplete' });
    expect(deltaPair({ bkp1: 'a', actual: false, bkp2: null })).toEqual({ problem: 'incomplete' });
    expect(deltaPair({ bkp1: null, actual: false, bkp2: 'b' })).toEqual({ problem: 'incomplete' });
    expect(deltaPair({ bkp1: 'b', actual: false, bkp2: 'b' })).toEqual({ problem: 'same' });
    expect(deltaPair({ bkp1: 'a', actual: false, bkp2: 'b' })).toEqual({ bkp1: 'a', bkp2: 'b' });
    expect(deltaPair({ bkp1: 'b', actual: true, bkp2: 'b' })).toEqual({ bkp1: 'actual', bkp2: 'b' });
  });

  it('take a point in time (the browser zone, sent as UTC) in the place of the backup of its side', () => {
    const march = `@${new Date('2024-03-03T14:30:15').toISOString()}`;
    const april = `@${new Date('2024-04-01T08:00:00').toISOString()}`;
    expect(deltaPair({ bkp1: 'a', actual: false, bkp2: 'b', at1: '2024-03-03T14:30:15' })).toEqual({
      bkp1: march,
      bkp2: 'b',
    });
    expect(
      deltaPair({ bkp1: null, actual: false, bkp2: null, at1: '2024-03-03T14:30:15', at2: '2024-04-01T08:00' }),
    ).toEqual({ bkp1: march, bkp2: april });
    expect(
      deltaPair({ bkp1: null, actual: true, bkp2: null, at1: '2024-03-03T14:30:15', at2: '2024-04-01T08:00' }),
    ).toEqual({
      bkp1: 'actual',
      bkp2: april,
    });
    expect(
      deltaPair({ bkp1: null, actual: false, bkp2: null, at1: '2024-04-01T08:00', at2: '2024-04-01T08:00:00' }),
    ).toEqual({
      problem: 'same',
    });
    // Half a date is no point in time.
    expect(deltaPair({ bkp1: null, actual: false, bkp2: 'b', at1: '2024-04-' })).toEqual({ problem: 'incomplete' });
  });
});

describe('Delta report screen', () => {
  it('enables the downloads only with a valid selection', async () => {
    const user = userEvent.setup();
    fakeServer({ 'GET /api/dumps': () => json(200, { files: [NEWEST, NEW, OLD] }) });
    renderScreen();

    // Newest first, dated dd.MM.yyyy HH:mm:ss, with where they went and who took them.
    await within(list('Backup 2')).findByRole('radio', { name: new RegExp(label(NEWEST)) });
    expect(
      within(list('Backup 2'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual([NEWEST.name, NEW.name, OLD.name]);
    expect(within(list('Backup 1')).getByRole('radio', { name: `${label(OLD)} LIVE` })).toBeInTheDocument();
    expect(within(list('Backup 1')).getAllByText('Scheduled backup')).toHaveLength(1);
    expect(pdfButton()).toBeDisabled();
    expect(htmlButton()).toBeDisabled();
    expect(screen.getByTestId('delta-hint')).toHaveTextContent(
      'Choose Backup 2 and either Backup 1 or the actual database state.',
    );

    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    expect(pdfButton()).toBeDisabled();

    await user.click(within(list('Backup 1')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    expect(screen.getByTestId('delta-hint')).toHaveTextContent('Backup 1 and Backup 2 must be different.');
    expect(pdfButton()).toBeDisabled();
    expect(htmlButton()).toBeDisabled();

    await user.click(within(list('Backup 1')).getByRole('radio', { name: new RegExp(label(OLD)) }));
    expect(pdfButton()).toBeEnabled();
    expect(htmlButton()).toBeEnabled();
    expect(screen.queryByTestId('delta-hint')).not.toBeInTheDocument();

    // The actual state takes Backup 1's place: its list is disabled, and it may pair with any backup.
    await user.click(screen.getByRole('checkbox', { name: 'Actual database state' }));
    for (const radio of within(list('Backup 1')).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(list('Backup 1')).queryByRole('radio', { checked: true })).not.toBeInTheDocument();
    expect(pdfButton()).toBeEnabled();
  });

  it('asks Yes/No first; No downloads nothing', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ 'GET /api/dumps': () => json(200, { files: [NEW, OLD] }) });
    renderScreen();
    await user.click(await within(list('Backup 1')).findByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(pdfButton());
    const dialog = await screen.findByRole('dialog', { name: 'Download delta report' });
    expect(dialog).toHaveTextContent(`Download the delta report between ${label(OLD)} and ${label(NEW)} as PDF?`);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);
    expect(screen.queryByTestId('delta-progress')).not.toBeInTheDocument();
  });

  it('follows the job with a progress bar, saves the file and resets 1.5 s after the end', async () => {
    const user = userEvent.setup();
    const files = catchSavedFiles();
    const lastStep = deferred<void>();
    let polls = 0;
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'POST /api/dumps/jobs': () => json(202, job(0)),
      'GET /api/dumps/jobs/j1': async () => {
        polls += 1;
        if (polls === 1) return json(200, job(40));
        await lastStep.promise;
        return json(200, job(100, 'done'));
      },
      'GET /api/dumps/jobs/j1/file': () =>
        file('<html>delta</html>', `delta-report-${OLD.name}-actual.html`, 'text/html'),
    });
    renderScreen();
    await user.click(await screen.findByRole('checkbox', { name: 'Actual database state' }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(htmlButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    const bar = await screen.findByRole('progressbar', { name: 'Progress of the delta report' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByTestId('delta-progress')).toHaveTextContent('Creating the delta report: 40 %');
    // No second report while one runs.
    expect(pdfButton()).toBeDisabled();
    expect(server.to('POST /api/dumps/jobs')[0]?.body).toEqual({
      bkp1: 'actual',
      bkp2: OLD.name,
      type: 'html',
      compareTransferred: false,
    });
    lastStep.resolve();

    await screen.findByText('The delta report was downloaded.');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(files.saved.map((f) => f.name)).toEqual([`delta-report-${OLD.name}-actual.html`]);
    expect(await files.saved[0]?.blob.text()).toBe('<html>delta</html>');
    await waitFor(() => expect(screen.queryByTestId('delta-progress')).not.toBeInTheDocument(), {
      timeout: PROGRESS_RESET_MS + 1000,
    });
    expect(pdfButton()).toBeEnabled();
    expect(OBJECT_URL_LIFETIME_MS).toBe(40_000);
  });

  it('compares a point in time with a backup: the dialog names the time, the job gets @ and the time in UTC', async () => {
    const user = userEvent.setup();
    const files = catchSavedFiles();
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'POST /api/dumps/jobs': () => json(202, job(0)),
      'GET /api/dumps/jobs/j1': () => json(200, job(100, 'done')),
      'GET /api/dumps/jobs/j1/file': () => file('%PDF-1.7', 'delta-report.pdf', 'application/pdf'),
    });
    renderScreen();
    await within(list('Backup 2')).findByRole('radio', { name: new RegExp(label(NEW)) });
    const at1 = screen.getByLabelText('Or Backup 1 as of a point in time');
    fireEvent.change(at1, { target: { value: '2024-03-03T14:30:15' } });
    // The point in time stands for Backup 1: its list is out of play.
    expect(within(list('Backup 1')).getByRole('radio', { name: new RegExp(label(OLD)) })).toBeDisabled();
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(pdfButton());
    const dialog = await screen.findByRole('dialog', { name: 'Download delta report' });
    const march = new Date('2024-03-03T14:30:15').toISOString();
    expect(dialog).toHaveTextContent(
      `Download the delta report between ${formatDateTime(march)} and ${label(NEW)} as PDF?`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await screen.findByText('The delta report was downloaded.');
    expect(server.to('POST /api/dumps/jobs')[0]?.body).toEqual({
      bkp1: `@${march}`,
      bkp2: NEW.name,
      type: 'pdf',
      compareTransferred: false,
    });
    expect(files.saved.map((f) => f.name)).toEqual(['delta-report.pdf']);
  });

  it('offers no point in time beside the backups transferred to LIVE, which the history does not hold', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'GET /api/transferred-dumps': () => json(200, { files: [] }),
    });
    renderScreen();
    expect(screen.getByLabelText('Or Backup 2 as of a point in time')).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Only backups transferred to LIVE' }));
    expect(screen.getByLabelText('Or Backup 1 as of a point in time')).toBeDisabled();
    expect(screen.getByLabelText('Or Backup 2 as of a point in time')).toBeDisabled();
  });

  it('revokes the object URL of the saved file after 40 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const files = catchSavedFiles();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'POST /api/dumps/jobs': () => json(202, job(100, 'done')),
      'GET /api/dumps/jobs/j1/file': () =>
        file('%PDF-1.7', `delta-report-${OLD.name}-${NEW.name}.pdf`, 'application/pdf'),
    });
    renderScreen();
    await user.click(await within(list('Backup 1')).findByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(pdfButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await screen.findByText('The delta report was downloaded.');
    expect(files.saved.map((f) => f.name)).toEqual([`delta-report-${OLD.name}-${NEW.name}.pdf`]);
    expect(files.revoked).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(files.revoked).toEqual(['blob:test/0']);
  });

  it('lists only backups transferred to LIVE with the toggle, and compares them as such', async () => {
    const user = userEvent.setup();
    catchSavedFiles();
    const transferredAt = (name: string, created: string, to: 'www' | 'demo', at: string) => ({
      name,
      created,
      size: 1,
      to,
      url: 'https://x',
      at,
      by: 'admin',
    });
    const server = fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEWEST, NEW, OLD] }),
      'GET /api/transferred-dumps': () =>
        json(200, {
          files: [
            transferredAt(NEW.name, NEW.created, 'www', '2024-05-04T09:00:00.000Z'),
            transferredAt(NEWEST.name, NEWEST.created, 'demo', '2024-05-03T12:00:00.000Z'),
            transferredAt(OLD.name, OLD.created, 'www', '2024-05-02T09:00:00.000Z'),
            transferredAt(OLD.name, OLD.created, 'www', '2024-05-01T11:00:00.000Z'),
          ],
        }),
      'POST /api/dumps/jobs': () => json(202, job(100, 'done')),
      'GET /api/dumps/jobs/j1/file': () => file('%PDF', 'delta.pdf', 'application/pdf'),
    });
    renderScreen();
    await within(list('Backup 2')).findByRole('radio', { name: new RegExp(label(NEWEST)) });
    await user.click(screen.getByRole('switch', { name: 'Only backups transferred to LIVE' }));
    // Demo-only transfers are left out; a backup sent twice is listed once.
    await waitFor(() =>
      expect(
        within(list('Backup 2'))
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual([NEW.name, OLD.name]),
    );
    await user.click(within(list('Backup 1')).getByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(pdfButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await screen.findByText('The delta report was downloaded.');
    expect(server.to('POST /api/dumps/jobs')[0]?.body).toEqual({
      bkp1: OLD.name,
      bkp2: NEW.name,
      type: 'pdf',
      compareTransferred: true,
    });
  });

  it('shows a failed report in the error banner and resets the progress', async () => {
    const user = userEvent.setup();
    const files = catchSavedFiles();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'POST /api/dumps/jobs': () => json(202, job(10)),
      'GET /api/dumps/jobs/j1': () => json(200, job(30, 'failed', 'Backup 2024-05-01_10-00-00 is damaged.')),
    });
    renderScreen();
    await user.click(await within(list('Backup 1')).findByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(htmlButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('error-banner')).toHaveTextContent('Backup 2024-05-01_10-00-00 is damaged.');
    expect(screen.queryByTestId('delta-progress')).not.toBeInTheDocument();
    expect(htmlButton()).toBeEnabled();
    expect(files.saved).toEqual([]);
  });

  it('shows a refused request (e.g. an unknown backup) in the error banner', async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/dumps': () => json(200, { files: [NEW, OLD] }),
      'POST /api/dumps/jobs': () =>
        json(404, { statusCode: 404, error: 'Not Found', message: 'There is no backup 2024-05-01_10-00-00.' }),
    });
    renderScreen();
    await user.click(await within(list('Backup 1')).findByRole('radio', { name: new RegExp(label(OLD)) }));
    await user.click(within(list('Backup 2')).getByRole('radio', { name: new RegExp(label(NEW)) }));
    await user.click(pdfButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const banner = await screen.findByTestId('error-banner');
    expect(banner).toHaveTextContent('Error: Not Found (404)');
    expect(banner).toHaveTextContent('There is no backup 2024-05-01_10-00-00.');
  });
});
