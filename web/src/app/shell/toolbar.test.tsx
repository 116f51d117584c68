import type { Deployment, PublishRequestCount, Role } from '@dp/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/auth/use-session';
import { DATA_RECHECK_MS } from '../../lib/data-freshness';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { Toolbar } from './toolbar';

/** Renders the toolbar; the API answers the publish requests' count with `count`. */
function renderToolbar(
  session: Session,
  deployment: Deployment = 'work',
  count: () => PublishRequestCount = () => ({ approval: false, open: 0 }),
) {
  const onLogin = vi.fn();
  const onLogout = vi.fn();
  const countCalls = vi.fn();
  stubFetch((request) => {
    expect(request.path).toBe('/api/publish-requests/count');
    countCalls();
    return json(200, count());
  });
  renderWithProviders(
    <Toolbar
      session={session}
      deployment={deployment}
      orientation="horizontal"
      onLogin={onLogin}
      onLogout={onLogout}
    />,
  );
  return { onLogin, onLogout, countCalls };
}

const user = (role: Role): Session => ({ status: 'user', username: role, role });

/** The test ids of the toolbar entries, in order. */
function entries(): string[] {
  const toolbar = screen.getByTestId('toolbar');
  return [...toolbar.querySelectorAll('[data-testid]')].map((element) => element.getAttribute('data-testid') ?? '');
}

describe('Toolbar', () => {
  it('offers a visitor only Login', async () => {
    const { onLogin } = renderToolbar({ status: 'visitor' });
    expect(entries()).toEqual(['nav-login']);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('offers a user without a role only Logout', async () => {
    const { onLogout } = renderToolbar({ status: 'refused' });
    expect(entries()).toEqual(['nav-logout']);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('shows an extern user Evaluation, Infos and Help', () => {
    renderToolbar(user('extern'));
    expect(entries()).toEqual(['nav-evaluate', 'nav-infos', 'nav-help', 'nav-logout']);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Infos' })).toHaveAttribute('href', '/issues');
  });

  it('shows an intern user Data state and Infos (Internal) instead of Infos', () => {
    renderToolbar(user('intern'));
    expect(entries()).toEqual(['nav-evaluate', 'nav-dataset', 'nav-infos-internal', 'nav-help', 'nav-logout']);
    expect(screen.getByRole('link', { name: 'Infos (Internal)' })).toHaveAttribute('href', '/issues-internal');
  });

  it('shows an admin everything on the work deployment', () => {
    renderToolbar(user('admin'), 'work');
    expect(entries()).toEqual([
      'nav-evaluate',
      'nav-basic-data',
      'nav-compatibility',
      'nav-database',
      'nav-dataset',
      'nav-monitoring',
      'nav-infos-internal',
      'nav-help',
      'nav-api-docs',
      'nav-logout',
    ]);
  });

  it('lets a signed-in user log out from the toolbar', async () => {
    const { onLogout } = renderToolbar(user('intern'));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it.each(['work', 'demo'] as const)('shows an admin Monitoring (LIVE) on the %s deployment', (deployment) => {
    renderToolbar(user('admin'), deployment);
    expect(screen.getByRole('link', { name: 'Monitoring (LIVE)' })).toHaveAttribute('href', '/monitoring');
  });

  it.each(['live', 'demo'] as const)(
    'hides Basic Data and Compatibility on the read-only %s deployment',
    (deployment) => {
      renderToolbar(user('admin'), deployment);
      expect(entries()).not.toContain('nav-basic-data');
      expect(entries()).not.toContain('nav-compatibility');
      expect(entries()).toContain('nav-database');
      if (deployment === 'live') expect(entries()).not.toContain('nav-monitoring');
    },
  );

  it('links the API docs screen of the app, without any token', () => {
    renderToolbar(user('admin'));
    const link = screen.getByRole('link', { name: 'API Docs' });
    expect(link).toHaveAttribute('href', '/api-docs');
    expect(link).not.toHaveAttribute('target');
  });

  it('marks the current page', () => {
    renderWithProviders(
      <Toolbar
        session={user('extern')}
        deployment="work"
        orientation="horizontal"
        onLogin={vi.fn()}
        onLogout={vi.fn()}
      />,
      {
        route: '/evaluate/system-delta-browser',
      },
    );
    expect(screen.getByRole('link', { name: 'Evaluation' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Help' })).not.toHaveAttribute('aria-current');
  });

  it('shows nothing while the session is being checked', () => {
    renderToolbar({ status: 'loading' });
    expect(screen.queryByTestId('toolbar')).not.toBeInTheDocument();
  });
});

describe('The publish requests in the toolbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows an admin on work how many requests wait, linking the transfer screen, and follows the count', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let open = 2;
    const { countCalls } = renderToolbar(user('admin'), 'work', () => ({ approval: true, open }));
    const button = await screen.findByRole('link', { name: /Publish requests/ });
    expect(button).toHaveAttribute('href', '/database/transfer');
    expect(screen.getByTestId('publish-requests-count')).toHaveTextContent('2');
    // After the role's links, before Logout.
    expect(entries().slice(-4)).toEqual([
      'nav-api-docs',
      'nav-publish-requests',
      'publish-requests-count',
      'nav-logout',
    ]);

    // Asked again on the data's recheck interval: another admin's new request shows without a reload.
    open = 3;
    await act(() => vi.advanceTimersByTimeAsync(DATA_RECHECK_MS));
    await waitFor(() => expect(screen.getByTestId('publish-requests-count')).toHaveTextContent('3'));
    expect(countCalls).toHaveBeenCalledTimes(2);
    // Once all are decided, the button goes.
    open = 0;
    await act(() => vi.advanceTimersByTimeAsync(DATA_RECHECK_MS));
    await waitFor(() => expect(screen.queryByTestId('nav-publish-requests')).not.toBeInTheDocument());
  });

  it('is hidden when four eyes are off, even with requests left over', async () => {
    const { countCalls } = renderToolbar(user('admin'), 'work', () => ({ approval: false, open: 3 }));
    await waitFor(() => expect(countCalls).toHaveBeenCalled());
    expect(screen.queryByTestId('nav-publish-requests')).not.toBeInTheDocument();
  });

  it.each([
    ['an intern on work', 'intern', 'work'],
    ['an admin on live', 'admin', 'live'],
    ['an admin on demo', 'admin', 'demo'],
  ] as const)('is neither asked for nor shown for %s', async (_name, role, deployment) => {
    const { countCalls } = renderToolbar(user(role), deployment, () => ({ approval: true, open: 1 }));
    expect(await screen.findByTestId('nav-logout')).toBeInTheDocument();
    expect(countCalls).not.toHaveBeenCalled();
    expect(screen.queryByTestId('nav-publish-requests')).not.toBeInTheDocument();
  });
});
