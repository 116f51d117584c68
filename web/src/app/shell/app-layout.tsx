import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Outlet } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { DEFAULT_TARGET } from '../../lib/auth/return-to';
import { useSession } from '../../lib/auth/use-session';
import { useSignIn } from '../../lib/auth/use-sign-in';
import { useAppConfig } from '../../lib/config';
import { useDataFreshness } from '../../lib/data-freshness';
import { removeOffline } from '../../lib/offline/offline-data';
import { useOfflineSync } from '../../lib/offline/use-offline';
import classes from './app-layout.module.css';
import { Brand } from './brand';
import { ErrorBanner } from './error-banner';
import { LanguageMenu } from './language-menu';
import { MyWatches } from './my-watches';
import { NotificationBell } from './notification-bell';
import { OfflineBanner } from './offline-banner';
import { Toolbar } from './toolbar';
import { UserMenu } from './user-menu';

// Mantine's `md` breakpoint: from here the toolbar is a row under the header, below it a drawer.
const WIDE = '(min-width: 62em)';

/** The shell around every page: header, toolbar, error banner and the page. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const session = useSession();
  const auth = useAuth();
  const signIn = useSignIn();
  const queryClient = useQueryClient();
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  useDataFreshness(session.status === 'user');
  useOfflineSync(session.status === 'user');

  const login = () => void signIn(DEFAULT_TARGET);
  const logout = async () => {
    queryClient.clear();
    // The saved data is this user's reading: the next user of the device must not find it.
    await removeOffline();
    // Clears the tokens, then the provider ends its session (RP-Initiated Logout 1.0: id_token_hint,
    // client_id, post_logout_redirect_uri and state, see AppUserManager) and sends the user to /home.
    await auth.signoutRedirect({ extraQueryParams: { ui_locales: i18n.resolvedLanguage ?? i18n.language } });
    await auth.removeUser(); // only reached when the provider could not be reached
  };

  const toolbar = (
    <Toolbar
      session={session}
      deployment={config.deployment}
      orientation={wide ? 'horizontal' : 'vertical'}
      onLogin={login}
      onLogout={() => void logout()}
      onNavigate={drawer.close}
    />
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'md', collapsed: { desktop: true, mobile: !drawerOpened } }}
      padding={0}
    >
      <AppShell.Header className={classes.header} data-deployment={config.deployment} data-testid="app-header">
        <a href="#main-content" className={classes.skipLink}>
          {t('app.skipToContent')}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {!wide && (
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                size="sm"
                aria-label={t('app.toggleNavigation')}
                aria-expanded={drawerOpened}
              />
            )}
            <Brand version={config.version} demo={config.deployment === 'demo'} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {session.status === 'user' && <MyWatches />}
            {session.status === 'user' && <NotificationBell />}
            <LanguageMenu />
            {session.status === 'user' && <UserMenu username={session.username} onLogout={() => void logout()} />}
          </Group>
        </Group>
      </AppShell.Header>
      {!wide && <AppShell.Navbar p="md">{drawerOpened && toolbar}</AppShell.Navbar>}
      <AppShell.Main>
        {wide && <Box className={classes.toolbarBar}>{toolbar}</Box>}
        <Box id="main-content" tabIndex={-1} className={classes.content} p="md">
          <OfflineBanner />
          <ErrorBanner />
          {/* Pages load on their first visit (routes.tsx); the shell stays while one does. */}
          <Suspense fallback={<CenteredLoader label={t('app.loading')} />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
