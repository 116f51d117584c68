import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { openApiQuery } from './openapi-query';

// Swagger UI is large: it is downloaded only when this screen's address is opened.
const loadScreen = () => import('./api-docs-screen');
const ApiDocsScreen = lazy(loadScreen);

function ApiDocsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The document is fetched while Swagger UI's chunk downloads, not after it.
  useEffect(() => void queryClient.prefetchQuery(openApiQuery), [queryClient]);
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
export const apiDocsRoute: RouteObject = {
  path: 'api-docs',
  // The router runs this as soon as the address matches: Swagger UI downloads and compiles while the
  // sign-in is confirmed, not after (the chunk is public; the role is still checked before it shows).
  loader: () => {
    void loadScreen();
    return null;
  },
  element: <ApiDocsPage />,
};
