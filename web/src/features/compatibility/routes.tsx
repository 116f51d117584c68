import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import type { KindPath } from '@dp/contract';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SideMenuLayout } from '../../components/side-menu-layout';
import { lazyNamed } from '../../lib/lazy-named';
import type { RelationKey } from './kinds';

// Each screen loads on its first visit: only admins on the work deployment ever open them.
const RelationScreen = lazyNamed(() => import('./components/relation-screen'), 'RelationScreen');
const VersionsScreen = lazyNamed(() => import('./components/versions-screen'), 'VersionsScreen');

type PageKey =
  | 'systemsVersions'
  | 'systemsSystemsCompatibility'
  | 'systemsAssembliesCompatibility'
  | 'assembliesVersions'
  | 'assembliesAssembliesCompatibility'
  | 'assembliesSubassembliesCompatibility'
  | 'subassembliesVersions'
  | 'subassembliesSubassembliesCompatibility';

type GroupKey = 'system' | 'assembly' | 'subassembly';

/** The left navigation, grouped into System, Assembly and Sub-Assembly (SPEC section 2). */
const GROUPS: { key: GroupKey; pages: { path: string; key: PageKey }[] }[] = [
  {
    key: 'system',
    pages: [
      { path: 'systems-versions', key: 'systemsVersions' },
      { path: 'systems-systems-compatibility', key: 'systemsSystemsCompatibility' },
      { path: 'systems-assemblies-compatibility', key: 'systemsAssembliesCompatibility' },
    ],
  },
  {
    key: 'assembly',
    pages: [
      { path: 'assemblies-versions', key: 'assembliesVersions' },
      { path: 'assemblies-assemblies-compatibility', key: 'assembliesAssembliesCompatibility' },
      { path: 'assemblies-subassemblies-compatibility', key: 'assembliesSubassembliesCompatibility' },
    ],
  },
  {
    key: 'subassembly',
    pages: [
      { path: 'subassemblies-versions', key: 'subassembliesVersions' },
      { path: 'subassemblies-subassemblies-compatibility', key: 'subassembliesSubassembliesCompatibility' },
    ],
  },
];

function CompatibilityLayout() {
  const { t } = useTranslation();
  const groups = GROUPS.map((group) => ({
    label: t(`compatibility.groups.${group.key}`),
    items: group.pages.map((page) => ({
      to: page.path,
      label: t(`compatibility.pages.${page.key}.title`),
      testId: `compatibility-menu-${page.path}`,
    })),
  }));
  return <SideMenuLayout label={t('compatibility.title')} groups={groups} />;
}

function CompatibilityIndex() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('compatibility.title')} description={t('compatibility.intro')} />;
}

/** What each page shows: the versions of a kind, or one of the relations of kinds.ts. */
const SCREENS: Record<PageKey, { versions: KindPath } | { relation: RelationKey }> = {
  systemsVersions: { versions: 'systems' },
  systemsSystemsCompatibility: { relation: 'systemsSystems' },
  systemsAssembliesCompatibility: { relation: 'systemsAssemblies' },
  assembliesVersions: { versions: 'assemblies' },
  assembliesAssembliesCompatibility: { relation: 'assembliesAssemblies' },
  assembliesSubassembliesCompatibility: { relation: 'assembliesSubassemblies' },
  subassembliesVersions: { versions: 'subassemblies' },
  subassembliesSubassembliesCompatibility: { relation: 'subassembliesSubassemblies' },
};

function CompatibilityScreen({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const screen = SCREENS[page];
  const title = t(`compatibility.pages.${page}.title`);
  // Keyed by page: moving to another screen starts from an empty selection.
  return 'versions' in screen ? (
    <VersionsScreen key={page} kind={screen.versions} title={title} />
  ) : (
    <RelationScreen key={page} relationKey={screen.relation} title={title} />
  );
}

/** /compatibility: versions and compatibility relations, with the grouped left navigation. */
export const compatibilityRoute: RouteObject = {
  path: 'compatibility',
  element: <CompatibilityLayout />,
  children: [
    { index: true, element: <CompatibilityIndex /> },
    ...GROUPS.flatMap((group) => group.pages).map((page) => ({
      path: page.path,
      element: <CompatibilityScreen page={page.key} />,
    })),
  ],
};
