import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SideMenuLayout } from '../../components/side-menu-layout';
import { RoleRestricted } from '../../lib/auth/require-role';
import { hasRole } from '@dp/contract';
import { useSession } from '../../lib/auth/use-session';
import { useAppConfig } from '../../lib/config';
import { offersWorkTools } from '../../lib/deployment';
import { lazyNamed } from '../../lib/lazy-named';

// Each tool loads on its first visit.
const BackupsScreen = lazyNamed(() => import('./components/backups-screen'), 'BackupsScreen');
const CompatibilityReportScreen = lazyNamed(
  () => import('./components/compatibility-report-screen'),
  'CompatibilityReportScreen',
);
const DeltaReportScreen = lazyNamed(() => import('./components/delta-report-screen'), 'DeltaReportScreen');
const HistoryScreen = lazyNamed(() => import('./components/history-screen'), 'HistoryScreen');
const TransferScreen = lazyNamed(() => import('./components/transfer-screen'), 'TransferScreen');
const ConsistencyScreen = lazyNamed(() => import('./components/consistency-screen'), 'ConsistencyScreen');

type PageKey = 'deltaReport' | 'backups' | 'compatibilityReport' | 'transfer' | 'consistency' | 'history';

interface Page {
  path: string;
  key: PageKey;
  /** Only for admins on the work deployment (SPEC section 2, side menu of /database). */
  workTool: boolean;
  /** For admins on every deployment (the consistency checker). */
  adminTool?: boolean;
  element: ReactNode;
}

const PAGES: Page[] = [
  { path: 'delta-report', key: 'deltaReport', workTool: true, element: <DeltaReportScreen /> },
  // Not in SPEC 2's list: where backups are taken, downloaded, uploaded and deleted (issue 10).
  { path: 'backups', key: 'backups', workTool: true, element: <BackupsScreen /> },
  { path: 'compatibility-report', key: 'compatibilityReport', workTool: false, element: <CompatibilityReportScreen /> },
  { path: 'transfer', key: 'transfer', workTool: true, element: <TransferScreen /> },
  // Issue 43: the data a transfer publishes is checked here first.
  { path: 'consistency', key: 'consistency', workTool: false, adminTool: true, element: <ConsistencyScreen /> },
  // Issue 41: who changed what, when; on work, where the data is edited.
  { path: 'history', key: 'history', workTool: true, element: <HistoryScreen /> },
];

/** Why the work tools are not offered to this user here, or null when they are. */
function useWorkToolBlock(): 'role' | 'deployment' | null {
  const session = useSession();
  const { deployment } = useAppConfig();
  if (session.status !== 'user' || !hasRole(session.role, 'admin')) return 'role';
  return offersWorkTools(deployment) ? null : 'deployment';
}

function useIsAdmin() {
  const session = useSession();
  return session.status === 'user' && hasRole(session.role, 'admin');
}

function DatabaseLayout() {
  const { t } = useTranslation();
  const workTools = useWorkToolBlock() === null;
  const admin = useIsAdmin();
  const offered = (page: Page) => (workTools || !page.workTool) && (admin || !page.adminTool);
  const items = PAGES.filter(offered).map((page) => ({
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

/** A work tool opened by its URL where the menu would not offer it. */
function WorkTool({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const block = useWorkToolBlock();
  if (block === 'role') return <RoleRestricted min="admin" />;
  if (block === 'deployment') {
    return (
      <Alert color="orange" role="alert" data-testid="work-only">
        {t('database.workOnly')}
      </Alert>
    );
  }
  return children;
}

/** An admin tool opened by its URL by someone else. */
function AdminTool({ children }: { children: ReactNode }) {
  return useIsAdmin() ? children : <RoleRestricted min="admin" />;
}

/** /database: delta report, backups, compatibility report, transfer and the consistency checker. */
export const databaseRoute: RouteObject = {
  path: 'database',
  element: <DatabaseLayout />,
  children: [
    { index: true, element: <DatabaseIndex /> },
    ...PAGES.map((page) => ({
      path: page.path,
      element: page.workTool ? (
        <WorkTool>{page.element}</WorkTool>
      ) : page.adminTool ? (
        <AdminTool>{page.element}</AdminTool>
      ) : (
        page.element
      ),
    })),
  ],
};
