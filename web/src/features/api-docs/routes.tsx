import { Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';

// Swagger UI is large: it is downloaded only when an admin opens this screen.
const ApiDocsScreen = lazy(() => import('./api-docs-screen'));

function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('apiDocs.title')}
      </Title>
      <Suspense fallback={<CenteredLoader label={t('apiDocs.loading')} />}>
        <ApiDocsScreen />
      </Suspense>
    </Stack>
  );
}

/** /api-docs (admins): the API documentation inside the app (SPEC 2: API Docs). */
export const apiDocsRoute: RouteObject = { path: 'api-docs', element: <ApiDocsPage /> };
