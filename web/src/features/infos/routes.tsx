import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

function InfosPage({ audience }: { audience: 'external' | 'internal' }) {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t(`infos.${audience}.title`)} description={t(`infos.${audience}.description`)} />;
}

/** /issues: the release notes for every signed-in user. */
export const issuesRoute: RouteObject = { path: 'issues', element: <InfosPage audience="external" /> };

/** /issues-internal: the internal release notes. */
export const issuesInternalRoute: RouteObject = { path: 'issues-internal', element: <InfosPage audience="internal" /> };
