import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setAccessTokenSource } from '../lib/api';
import { AppAuthProvider } from '../lib/auth/auth-provider';
import { accessTokenSource, createUserManager } from '../lib/auth/user-manager';
import { ConfigContext, type AppConfig } from '../lib/config';
import { createQueryClient } from '../lib/query-client';
import { ConfigGate } from './config-gate';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

function ConfiguredApp({ config }: { config: AppConfig }) {
  const [router] = useState(() => createBrowserRouter(routes));
  const [userManager] = useState(() => {
    const manager = createUserManager(config);
    // Before the first render of any page, so that the first API call already carries the token.
    setAccessTokenSource(accessTokenSource(manager));
    return manager;
  });
  // flushSync: the page of the remembered path must be on screen before the provider reports the
  // user as signed in, or the callback page would react to that report first.
  const [navigate] = useState(() => (path: string) => router.navigate(path, { replace: true, flushSync: true }));
  return (
    <ConfigContext value={config}>
      <AppAuthProvider userManager={userManager} navigate={navigate}>
        <RouterProvider router={router} />
      </AppAuthProvider>
    </ConfigContext>
  );
}

/** Providers, then the config, then sign-in and the router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ConfigGate>{(config) => <ConfiguredApp config={config} />}</ConfigGate>
      </QueryClientProvider>
    </MantineProvider>
  );
}
