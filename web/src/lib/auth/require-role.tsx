import { hasRole, type Role } from '@dp/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from './use-session';
import { AlertHeading } from '../../components/alert-heading';

/** Says which role a page needs when the user's is lower. Only hides: the server refuses anyway. */
export function RoleRestricted({ min }: { min: Exclude<Role, 'extern'> }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      title={<AlertHeading>{t('auth.restrictedTitle')}</AlertHeading>}
      icon={<IconLock aria-hidden />}
      role="alert"
      data-testid="requires-role"
    >
      {t(`auth.requiresRole.${min}`)}
    </Alert>
  );
}

/** Layout route below RequireSignIn for pages that need the intern or admin role. */
export function RequireRole({ min }: { min: Exclude<Role, 'extern'> }) {
  const session = useSession();
  if (session.status !== 'user') return null; // RequireSignIn above already shows why
  return hasRole(session.role, min) ? <Outlet /> : <RoleRestricted min={min} />;
}
