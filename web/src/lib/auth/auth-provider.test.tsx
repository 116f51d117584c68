import { render, screen, waitFor } from '@testing-library/react';
import { ErrorResponse } from 'oidc-client-ts';
import { useAuth } from 'react-oidc-context';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppAuthProvider } from './auth-provider';
import { createUserManager } from './user-manager';

const config = {
  deployment: 'work' as const,
  version: '2.6.0',
  oidc: {
    authority: 'http://localhost:3000/idp',
    client_id: 'web',
    scope: 'openid offline_access',
    redirect_uri: 'http://localhost:3000/auth/callback',
    silent_redirect_uri: 'http://localhost:3000/auth/silent',
    post_logout_redirect_uri: 'http://localhost:3000/home',
  },
};

function Status() {
  const auth = useAuth();
  return <p>{auth.isLoading ? 'loading' : 'ready'}</p>;
}

afterEach(() => window.sessionStorage.clear());

describe('AppAuthProvider', () => {
  it('keeps tokens and sign-in state in sessionStorage, never in localStorage', async () => {
    const manager = createUserManager(config);
    expect(manager.settings.automaticSilentRenew).toBe(true);
    await manager.settings.userStore.set('user-probe', 'x');
    await manager.settings.stateStore.set('state-probe', 'x');
    const session = Object.keys(window.sessionStorage);
    expect(session.some((key) => key.endsWith('user-probe'))).toBe(true);
    expect(session.some((key) => key.endsWith('state-probe'))).toBe(true);
    expect(Object.keys(window.localStorage).filter((key) => key.includes('probe') || key.startsWith('oidc.'))).toEqual(
      [],
    );
  });

  it.each(['login_required', 'invalid_grant'])('signs the user out locally when renewal answers %s', async (error) => {
    const manager = createUserManager(config);
    const removeUser = vi.spyOn(manager, 'removeUser').mockResolvedValue();
    render(
      <AppAuthProvider userManager={manager} navigate={async () => {}}>
        <Status />
      </AppAuthProvider>,
    );
    await screen.findByText('ready');
    await manager.events._raiseSilentRenewError(new ErrorResponse({ error }));
    await waitFor(() => expect(removeUser).toHaveBeenCalledOnce());
  });

  it('keeps the session when renewal fails for another reason', async () => {
    const manager = createUserManager(config);
    const removeUser = vi.spyOn(manager, 'removeUser').mockResolvedValue();
    render(
      <AppAuthProvider userManager={manager} navigate={async () => {}}>
        <Status />
      </AppAuthProvider>,
    );
    await screen.findByText('ready');
    await manager.events._raiseSilentRenewError(new Error('Failed to fetch'));
    expect(removeUser).not.toHaveBeenCalled();
  });
});
