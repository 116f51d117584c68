import type { LiveStatus, ServerStatus, TargetStatus } from '@dp/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../components/editable-table';
import { renderWithProviders } from '../../test/render';
import { isGood, MonitoringPage } from './monitoring-page';
import { MONITORING_POLL_MS } from './use-live-status';
import { apiError, json, stubFetch } from '../../test/fetch-stub';

const live: TargetStatus = {
  target: 'live',
  url: 'https://portfolio.example.com',
  app_status: 'OK',
  db_status: 'Active',
  time_updated: '2024-05-02T10:00:00.000Z',
  time_active: '2024-05-05T08:00:00.000Z',
  response_ms: 42.4,
  reason: null,
  last_publication: {
    backup: '2024-05-02_09-58-00',
    requested_by: 'admin',
    approved_by: 'reviewer',
    published_at: '2024-05-02T10:00:00.000Z',
  },
};
const demo: TargetStatus = {
  target: 'demo',
  url: 'https://portfolio-demo.example.com',
  app_status: 'Not available',
  db_status: 'Not available',
  time_updated: null,
  time_active: null,
  response_ms: null,
  reason: 'No answer within 3 s (connect ECONNREFUSED).',
  last_publication: null,
};

function status(targets: TargetStatus[] = [live, demo]): LiveStatus {
  return {
    checked_at: '2024-05-05T08:00:01.000Z',
    targets,
    response: '42 ms',
    live_app_status: 'OK',
    live_db_status: 'Active',
    time_updated: '2024-05-02T10:00:00.000Z',
    time_active: '2024-05-05T08:00:00.000Z',
    demo_app_status: 'Not available',
    demo_db_status: 'Not available',
  };
}

const instance: ServerStatus = {
  checked_at: '2024-05-05T08:00:01.000Z',
  deployment: 'work',
  node: 'v24.22.3',
  uptime_seconds: 7200,
  memory_rss_bytes: 300 * 1024 * 1024,
  reads: {
    replica: { reachable: true, lag_bytes: 2048, lag_seconds: 1.5 },
    cache: {
      budget_bytes: 32 * 1024 * 1024,
      used_bytes: 1024 * 1024,
      entries: 12,
      hits: 75,
      misses: 25,
      hit_rate: 0.75,
    },
  },
};

/** Answers the live status with `body`, this instance's status with `instance`; the mock of the live status' calls. */
function answer(body: () => LiveStatus | Promise<LiveStatus>) {
  const liveStatusCalls = vi.fn();
  stubFetch(async (request) => {
    if (request.path === '/api/server-status') return json(200, instance);
    expect(request.path).toBe('/api/live-status');
    liveStatusCalls();
    return json(200, await body());
  });
  return liveStatusCalls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Monitoring colours', () => {
  it('are green for OK, Active and a response time, red for anything else', () => {
    expect(['OK', 'Active', '42 ms', '7.5 ms'].map(isGood)).toEqual([true, true, true, true]);
    expect(['Not available', '', 'ok', 'Error'].map(isGood)).toEqual([false, false, false, false]);
  });
});

describe('Monitoring page', () => {
  it('shows green for OK and Active, red with the reason otherwise', async () => {
    answer(() => status());
    renderWithProviders(<MonitoringPage />);
    // A loading state first.
    expect(screen.getByRole('status')).toHaveTextContent('Asking the live and demo instances…');

    const liveCard = await screen.findByTestId('monitoring-live');
    const demoCard = screen.getByTestId('monitoring-demo');
    expect(screen.getByTestId('monitoring-checked')).toHaveTextContent(
      `Last check: ${formatDateTime('2024-05-05T08:00:01.000Z')}`,
    );
    expect(screen.getByTestId('monitoring-response')).toHaveAttribute('data-status', 'ok');
    expect(screen.getByTestId('monitoring-response')).toHaveTextContent('42 ms');

    expect(within(liveCard).getByRole('heading', { name: 'LIVE' })).toBeInTheDocument();
    expect(liveCard).toHaveTextContent('https://portfolio.example.com');
    expect(screen.getByTestId('monitoring-live-app')).toHaveTextContent('OK');
    expect(screen.getByTestId('monitoring-live-app')).toHaveAttribute('data-status', 'ok');
    expect(screen.getByTestId('monitoring-live-app').getAttribute('style')).toContain('green');
    expect(screen.getByTestId('monitoring-live-db')).toHaveTextContent('Active');
    expect(screen.getByTestId('monitoring-live-db')).toHaveAttribute('data-status', 'ok');
    expect(screen.getByTestId('monitoring-live-updated')).toHaveTextContent(formatDateTime(live.time_updated));
    expect(screen.getByTestId('monitoring-live-active')).toHaveTextContent(formatDateTime(live.time_active));
    expect(screen.getByTestId('monitoring-live-publication')).toHaveTextContent(
      `2024-05-02_09-58-00, asked for by admin, approved by reviewer, ${formatDateTime('2024-05-02T10:00:00.000Z')}`,
    );
    expect(screen.getByTestId('monitoring-demo-publication')).toHaveTextContent('–');
    expect(liveCard).toHaveTextContent('42 ms');
    expect(liveCard).toHaveAttribute('data-status', 'ok');
    expect(within(liveCard).queryByTestId('monitoring-live-reason')).not.toBeInTheDocument();

    expect(screen.getByTestId('monitoring-demo-app')).toHaveTextContent('Not available');
    expect(screen.getByTestId('monitoring-demo-app')).toHaveAttribute('data-status', 'failed');
    expect(screen.getByTestId('monitoring-demo-app').getAttribute('style')).toContain('red');
    expect(screen.getByTestId('monitoring-demo-db')).toHaveAttribute('data-status', 'failed');
    expect(demoCard).toHaveAttribute('data-status', 'failed');
    expect(screen.getByTestId('monitoring-demo-reason')).toHaveTextContent(
      'No answer within 3 s (connect ECONNREFUSED).',
    );
  });

  it('polls every 60 s while open, on demand with Refresh, and stops when left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let app: TargetStatus['app_status'] = 'OK';
    const fetchMock = answer(() => status([{ ...live, app_status: app, reason: app === 'OK' ? null : 'HTTP 503' }]));
    const { unmount } = renderWithProviders(<MonitoringPage />);
    await screen.findByTestId('monitoring-live');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    app = 'Not available';
    await act(() => vi.advanceTimersByTimeAsync(MONITORING_POLL_MS - 1000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByTestId('monitoring-live-app')).toHaveAttribute('data-status', 'failed'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('monitoring-live-reason')).toHaveTextContent('HTTP 503');

    app = 'OK';
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('monitoring-live-app')).toHaveAttribute('data-status', 'ok'));
    expect(fetchMock).toHaveBeenCalledTimes(3);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * MONITORING_POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shows what serves this instance's reads: the replica's lag and the cache's hit rate", async () => {
    answer(() => status());
    renderWithProviders(<MonitoringPage />);
    const card = await screen.findByTestId('monitoring-instance');
    expect(within(card).getByTestId('monitoring-replica')).toHaveTextContent('2 kB and 1.5 s behind the primary');
    expect(within(card).getByTestId('monitoring-cache')).toHaveTextContent(
      '75 % of reads answered from it (75 hits, 25 computed); 1.0 of 32.0 MB in 12 answers',
    );
    expect(within(card).getByTestId('monitoring-runtime')).toHaveTextContent('Node v24.22.3, work, up 2.0 h');
  });

  it('says so when the status cannot be read', async () => {
    stubFetch(() => apiError(403, 'Forbidden', 'Monitoring is offered on the work and demo instances.'));
    renderWithProviders(<MonitoringPage />);
    expect(await screen.findByTestId('monitoring-failed')).toHaveTextContent(
      'Monitoring is offered on the work and demo instances.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
