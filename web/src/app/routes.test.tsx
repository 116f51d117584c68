import type { Me } from '@dp/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ConfigContext, type AppConfig } from '../lib/config';
import { fakeAuth, signedIn } from '../test/fake-auth';
import { routes } from './routes';
import { theme } from './theme';
import { apiError, json, stubFetch } from '../test/fetch-stub';

const auth = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('react-oidc-context', () => ({ useAuth: () => auth.current }));

const config: AppConfig = {
  deployment: 'work',
  version: '2.6.0',
  oidc: {
    authority: 'http://localhost:3000/idp',
    client_id: 'web',
    scope: 'openid',
    redirect_uri: 'http://localhost:3000/auth/callback',
    silent_redirect_uri: 'http://localhost:3000/auth/silent',
    post_logout_redirect_uri: 'http://localhost:3000/home',
  },
};

let fetchMock: Mock<typeof fetch>;

/** /api/me answers with `me`, or with the API's refusal when null. */
function meAnswers(me: Me | null) {
  fetchMock.mockImplementation(async () =>
    me ? json(200, me) : apiError(403, 'Forbidden', 'You dont have permissions to access the application.'),
  );
}

function renderAt(path: string, authState: ReturnType<typeof fakeAuth>, deployment: AppConfig['deployment'] = 'work') {
  auth.current = authState;
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfigContext value={{ ...config, deployment }}>
          <RouterProvider router={router} />
        </ConfigContext>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, auth: authState };
}

beforeEach(() => {
  fetchMock = stubFetch();
});
beforeAll(async () => {
  // The screens load lazily in the app; loading one opened here once keeps its test within findBy's time-out.
  await import('../features/basic-data/components/references-screen');
});

describe('routes for visitors', () => {
  it('redirect the empty route to the landing page with a Login button', async () => {
    const { router } = renderAt('/', fakeAuth());
    expect(await screen.findByTestId('home-login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('send a visitor of a protected page to the provider, remembering the page', async () => {
    const { auth } = renderAt('/basic-data/systems?filter=x', fakeAuth());
    expect(await screen.findByText('Taking you to the sign-in page…')).toBeInTheDocument();
    expect(auth.signinRedirect).toHaveBeenCalledOnce();
    expect(auth.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/basic-data/systems?filter=x' },
      ui_locales: 'en',
    });
  });

  it('renew an expired session with its refresh token before asking to log in again', async () => {
    const { auth } = renderAt('/evaluate', fakeAuth({ user: { expired: true, refresh_token: 'r' } }));
    await vi.waitFor(() => expect(auth.signinSilent).toHaveBeenCalledOnce());
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('offer a retry instead of redirecting in a loop when the provider cannot be reached', async () => {
    const error = Object.assign(new Error('Failed to fetch'), { source: 'signinRedirect' as const, args: undefined });
    const { auth } = renderAt('/evaluate', fakeAuth({ error }));
    expect(await screen.findByTestId('signin-failed')).toHaveTextContent('HTTP error. Unable to fetch');
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('start the login at once on /autologin, coming back to the evaluation', async () => {
    const { auth } = renderAt('/autologin', fakeAuth());
    await vi.waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/evaluate' }, ui_locales: 'en' }),
    );
  });

  it('send a visitor of an unknown path to the provider too, remembering it', async () => {
    const { auth } = renderAt('/no-such-page', fakeAuth());
    await vi.waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/no-such-page' }, ui_locales: 'en' }),
    );
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });
});

describe('routes for signed-in users', () => {
  it('move a signed-in user from /home to /evaluate with its link lists', async () => {
    meAnswers({ username: 'extern', role: 'extern' });
    const { router } = renderAt('/home', signedIn());
    expect(await screen.findByRole('heading', { name: 'Evaluation', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/evaluate');
    for (const group of ['Compatibility Browser', 'Delta Browser', 'Compatibility Matrix']) {
      expect(screen.getByRole('heading', { name: group })).toBeInTheDocument();
    }
    expect(screen.getByTestId('evaluate-link-system-system-assembly-matrix')).toHaveAttribute(
      'href',
      '/evaluate/system-system-assembly-matrix',
    );
    expect(screen.getByTestId('user-menu')).toHaveTextContent('extern');
  });

  it('show a 404 page for unknown paths', async () => {
    meAnswers({ username: 'extern', role: 'extern' });
    renderAt('/no-such-page', signedIn());
    expect(await screen.findByTestId('not-found')).toHaveTextContent('There is no page at /no-such-page.');
  });

  it('show the help page with its system overview', async () => {
    meAnswers({ username: 'intern', role: 'intern' });
    renderAt('/help', signedIn());
    expect(await screen.findByRole('heading', { name: 'Graphical system description' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Overview of a train/ })).toBeInTheDocument();
  });

  it('show the refusal text, and no page, to a user without a role', async () => {
    meAnswers(null);
    renderAt('/evaluate', signedIn());
    expect(await screen.findByTestId('refusal')).toHaveTextContent(
      'You dont have permissions to access the application, please contact the administrator for more information.',
    );
    expect(screen.queryByRole('heading', { name: 'Evaluation' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('say that an admin page needs the admin role', async () => {
    meAnswers({ username: 'intern', role: 'intern' });
    renderAt('/basic-data/systems', signedIn());
    expect(await screen.findByTestId('requires-role')).toHaveTextContent('This page requires the admin role.');
    expect(screen.queryByRole('heading', { name: 'Systems' })).not.toBeInTheDocument();
  });

  it('say that the internal release notes are for internal users', async () => {
    meAnswers({ username: 'extern', role: 'extern' });
    renderAt('/issues-internal', signedIn());
    expect(await screen.findByTestId('requires-role')).toHaveTextContent('This page is for internal users only.');
  });

  it('show an admin the basic data with its collapsible side menu', async () => {
    meAnswers({ username: 'admin', role: 'admin' });
    renderAt('/basic-data/references', signedIn());
    expect(await screen.findByRole('heading', { name: 'References' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Basic Data' });
    expect(within(menu).getAllByRole('link')).toHaveLength(7);
    expect(within(menu).getByRole('link', { name: 'References' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('group the compatibility navigation into System, Assembly and Sub-Assembly', async () => {
    meAnswers({ username: 'admin', role: 'admin' });
    renderAt('/compatibility', signedIn());
    const menu = await screen.findByRole('navigation', { name: 'Compatibility' });
    const groups = within(menu).getAllByRole('group');
    const headings = groups.map(
      (group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
    );
    expect(headings).toEqual(['System', 'Assembly', 'Sub-Assembly']);
    expect(within(groups[2]!).getAllByRole('link')).toHaveLength(2);
  });

  it('list Delta report, Backups, Transfer and History only for admins on the work deployment, the consistency check for admins', async () => {
    meAnswers({ username: 'admin', role: 'admin' });
    renderAt('/database', signedIn(), 'work');
    const menu = await screen.findByRole('navigation', { name: 'Database' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Delta report', 'Backups', 'Compatibility report', 'Transfer', 'Consistency check', 'History']);
  });

  it('list only the compatibility report for others', async () => {
    meAnswers({ username: 'extern', role: 'extern' });
    renderAt('/database/transfer', signedIn());
    const menu = await screen.findByRole('navigation', { name: 'Database' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Compatibility report']);
    expect(screen.getByTestId('requires-role')).toBeInTheDocument();
  });

  it('show the Demo label on the demo deployment', async () => {
    meAnswers({ username: 'extern', role: 'extern' });
    renderAt('/help', signedIn(), 'demo');
    expect(await screen.findByTestId('demo-label')).toHaveTextContent('Demo');
    expect(screen.getByTestId('app-header')).toHaveAttribute('data-deployment', 'demo');
    expect(screen.getByTestId('app-version')).toHaveTextContent('2.6.0');
  });
});
