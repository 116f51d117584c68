import { hasRole, type Deployment } from '@dp/contract';
import { Button, Group, Stack } from '@mantine/core';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Session } from '../../lib/auth/use-session';
import { navItemsFor, type NavItem } from './nav-items';
import { PublishRequestsButton } from './publish-requests-button';

interface ToolbarProps {
  session: Session;
  /** What this instance is (/api/config): decides the editing and monitoring links. */
  deployment: Deployment;
  orientation: 'horizontal' | 'vertical';
  onLogin: () => void;
  onLogout: () => void;
  /** Called after a link was followed (closes the navigation drawer on small screens). */
  onNavigate?: () => void;
}

function ToolbarLink({ item, fullWidth, onNavigate }: { item: NavItem; fullWidth: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const common = {
    fullWidth,
    px: 'sm',
    justify: fullWidth ? 'flex-start' : 'center',
    'data-testid': `nav-${item.key}`,
    onClick: onNavigate,
  } as const;
  const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
  return (
    <Button
      component={Link}
      to={item.to}
      variant={active ? 'light' : 'subtle'}
      aria-current={active ? 'page' : undefined}
      {...common}
    >
      {t(item.label)}
    </Button>
  );
}

/** The toolbar of SPEC section 2: what a visitor, a refused user and each role may open. */
export function Toolbar({ session, deployment, orientation, onLogin, onLogout, onNavigate }: ToolbarProps) {
  const { t } = useTranslation();
  const vertical = orientation === 'vertical';
  const Layout = vertical ? Stack : Group;

  const logout = (
    <Button
      variant="subtle"
      onClick={onLogout}
      leftSection={<IconLogout size={16} aria-hidden />}
      data-testid="nav-logout"
      {...(vertical ? { fullWidth: true, justify: 'flex-start' } : {})}
    >
      {t('nav.logout')}
    </Button>
  );

  let content;
  switch (session.status) {
    case 'loading':
      return null;
    case 'visitor':
      content = (
        <Button onClick={onLogin} leftSection={<IconLogin size={16} aria-hidden />} data-testid="nav-login">
          {t('nav.login')}
        </Button>
      );
      break;
    case 'refused':
    case 'failed':
      // Nothing but Logout: the page itself says why (SPEC section 2).
      content = logout;
      break;
    case 'user':
      // SPEC 2: the role's links, then Logout (also in the user menu of the header).
      content = (
        <>
          {navItemsFor(session.role, deployment).map((item) => (
            <ToolbarLink key={item.key} item={item} fullWidth={vertical} onNavigate={onNavigate} />
          ))}
          {/* Requests exist on work only; the server refuses the count to others. */}
          {hasRole(session.role, 'admin') && deployment === 'work' && (
            <PublishRequestsButton fullWidth={vertical} onNavigate={onNavigate} />
          )}
          {logout}
        </>
      );
      break;
  }
  return (
    <nav aria-label={t('nav.label')} data-testid="toolbar">
      <Layout gap={vertical ? 4 : 2} {...(vertical ? {} : { wrap: 'wrap' as const })}>
        {content}
      </Layout>
    </nav>
  );
}
