import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SideMenuLayout } from '../../components/side-menu-layout';
import { lazyNamed } from '../../lib/lazy-named';

// Each screen loads on its first visit: only admins on the work deployment ever open them.
const ItemsScreen = lazyNamed(() => import('./components/items-screen'), 'ItemsScreen');
const ObligationsScreen = lazyNamed(() => import('./components/obligations-screen'), 'ObligationsScreen');
const ReferencesScreen = lazyNamed(() => import('./components/references-screen'), 'ReferencesScreen');
const RelationsScreen = lazyNamed(() => import('./components/relations-screen'), 'RelationsScreen');

type PageKey =
  | 'systems'
  | 'systemsRelations'
  | 'assemblies'
  | 'assembliesRelations'
  | 'subassemblies'
  | 'references'
  | 'obligationsIntern';

const PAGES: { path: string; key: PageKey; element: ReactNode }[] = [
  { path: 'systems', key: 'systems', element: <ItemsScreen kind="systems" /> },
  {
    path: 'systems-relations',
    key: 'systemsRelations',
    element: <RelationsScreen parent="systems" child="assemblies" />,
  },
  { path: 'assemblies', key: 'assemblies', element: <ItemsScreen kind="assemblies" /> },
  {
    path: 'assemblies-relations',
    key: 'assembliesRelations',
    element: <RelationsScreen parent="assemblies" child="subassemblies" />,
  },
  { path: 'subassemblies', key: 'subassemblies', element: <ItemsScreen kind="subassemblies" /> },
  { path: 'references', key: 'references', element: <ReferencesScreen /> },
  { path: 'obligations-intern', key: 'obligationsIntern', element: <ObligationsScreen /> },
];

function BasicDataLayout() {
  const { t } = useTranslation();
  const items = PAGES.map((page) => ({
    to: page.path,
    label: t(`basicData.pages.${page.key}.title`),
    testId: `basic-data-menu-${page.path}`,
  }));
  return <SideMenuLayout label={t('basicData.title')} groups={[{ items }]} />;
}

function BasicDataIndex() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('basicData.title')} description={t('basicData.intro')} />;
}

/** /basic-data (admins): base data maintenance with its collapsible side menu. */
export const basicDataRoute: RouteObject = {
  path: 'basic-data',
  element: <BasicDataLayout />,
  children: [
    { index: true, element: <BasicDataIndex /> },
    ...PAGES.map((page) => ({ path: page.path, element: page.element })),
  ],
};
