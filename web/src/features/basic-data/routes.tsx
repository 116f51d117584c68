import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SideMenuLayout } from '../../components/side-menu-layout';

type PageKey = 'systems' | 'systemsRelations' | 'assemblies' | 'assembliesRelations' | 'subassemblies' | 'references' | 'obligationsIntern';

const PAGES: { path: string; key: PageKey }[] = [
  { path: 'systems', key: 'systems' },
  { path: 'systems-relations', key: 'systemsRelations' },
  { path: 'assemblies', key: 'assemblies' },
  { path: 'assemblies-relations', key: 'assembliesRelations' },
  { path: 'subassemblies', key: 'subassemblies' },
  { path: 'references', key: 'references' },
  { path: 'obligations-intern', key: 'obligationsIntern' },
];

function BasicDataLayout() {
  const { t } = useTranslation();
  const items = PAGES.map((page) => ({ to: page.path, label: t(`basicData.pages.${page.key}.title`), testId: `basic-data-menu-${page.path}` }));
  return <SideMenuLayout label={t('basicData.title')} groups={[{ items }]} />;
}

function BasicDataIndex() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('basicData.title')} description={t('basicData.intro')} />;
}

function BasicDataScreen({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t(`basicData.pages.${page}.title`)} description={t(`basicData.pages.${page}.description`)} />;
}

/** /basic-data: base data maintenance with its collapsible side menu. */
export const basicDataRoute: RouteObject = {
  path: 'basic-data',
  element: <BasicDataLayout />,
  children: [{ index: true, element: <BasicDataIndex /> }, ...PAGES.map((page) => ({ path: page.path, element: <BasicDataScreen page={page.key} /> }))],
};
