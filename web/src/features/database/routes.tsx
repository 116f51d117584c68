import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SideMenuLayout } from '../../components/side-menu-layout';
import { RoleRestricted } from '../../lib/auth/require-role';
import { hasRole } from '../../lib/auth/roles';
import { useSession } from '../../lib/auth/use-session';
import { useAppConfig } from '../../lib/config';
import { isWorkHost } from '../../lib/hosts';

type PageKey = 'deltaReport' | 'compatibilityReport' | 'transfer';

interface Page {
  path: string;
  key: PageKey;
  /** Only for admins on the work deployment (SPEC section 2, side menu of /database). */
  workTool: boolean;
}

const PAGES: Page[] = [
  { path: 'delta-report', key: 'deltaReport', workTool: true },
  { path: 'compatibility-report', key: 'compatibilityReport', workTool: false },
  { path: 'transfer', key: 'transfer', workTool: true },
];

/** Why the work tools are not offered to this user here, or null when they are. */
function useWorkToolBlock(): 'role' | 'host' | null {
  const session = useSession();
  const { deployment } = useAppConfig();
  if (session.status !== 'user' || !hasRole(session.role, 'admin')) return 'role';
  return isWorkHost(window.location.hostname, deployment) ? null : 'host';
}

function DatabaseLayout() {
  const { t } = useTranslation();
  const workTools = useWorkToolBlock() === null;
  const items = PAGES.filter((page) => workTools || !page.workTool).map((page) => ({
    to: page.path,
    label: t(`database.pages.${page.key}.title`),
    testId: `database-menu-${page.path}`,
  }));
  return <SideMenuLayout label={t('database.title')} groups={[{ items }]} />;
}

function DatabaseIndex() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('database.title')} description={t('database.intro')} />;
}

function DatabaseScreen({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t(`database.pages.${page}.title`)} description={t(`database.pages.${page}.description`)} />;
}

/** A work tool opened by its URL where the menu would not offer it. */
function WorkTool({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const block = useWorkToolBlock();
  if (block === 'role') return <RoleRestricted min="admin" />;
  if (block === 'host') {
    return (
      <Alert color="orange" role="alert" data-testid="work-only">
        {t('database.workOnly')}
      </Alert>
    );
  }
  return <DatabaseScreen page={page} />;
}

/** /database: delta report, compatibility report and transfer. */
export const databaseRoute: RouteObject = {
  path: 'database',
  element: <DatabaseLayout />,
  children: [
    { index: true, element: <DatabaseIndex /> },
    ...PAGES.map((page) => ({ path: page.path, element: page.workTool ? <WorkTool page={page.key} /> : <DatabaseScreen page={page.key} /> })),
  ],
};
