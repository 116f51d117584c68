import type { Role } from '@dp/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/auth/use-session';
import { renderWithProviders } from '../../test/render';
import { Toolbar } from './toolbar';

function renderToolbar(session: Session, hostname = 'portfolio.example.com') {
  const onLogin = vi.fn();
  const onLogout = vi.fn();
  renderWithProviders(<Toolbar session={session} hostname={hostname} orientation="horizontal" onLogin={onLogin} onLogout={onLogout} />);
  return { onLogin, onLogout };
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

  it('shows an admin everything, Monitoring only on demo, work and local hosts', () => {
    renderToolbar(user('admin'), 'portfolio.example.com');
    expect(entries()).toEqual([
      'nav-evaluate',
      'nav-basic-data',
      'nav-compatibility',
      'nav-database',
      'nav-dataset',
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

  it.each(['localhost', '127.0.0.1', 'portfolio-demo.example.com', 'work.portfolio.example.com'])('shows an admin Monitoring (LIVE) on %s', (host) => {
    renderToolbar(user('admin'), host);
    expect(screen.getByRole('link', { name: 'Monitoring (LIVE)' })).toHaveAttribute('href', '/monitoring');
  });

  it('links the API docs without any token, in a new tab', () => {
    renderToolbar(user('admin'));
    const link = screen.getByRole('link', { name: 'API Docs' });
    expect(link).toHaveAttribute('href', '/api/docs');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('marks the current page', () => {
    renderWithProviders(<Toolbar session={user('extern')} hostname="x" orientation="horizontal" onLogin={vi.fn()} onLogout={vi.fn()} />, {
      route: '/evaluate/system-delta-browser',
    });
    expect(screen.getByRole('link', { name: 'Evaluation' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Help' })).not.toHaveAttribute('aria-current');
  });

  it('shows nothing while the session is being checked', () => {
    renderToolbar({ status: 'loading' });
    expect(screen.queryByTestId('toolbar')).not.toBeInTheDocument();
  });
});
