import 'swagger-ui-dist/swagger-ui.css';
import { Alert, Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import SwaggerUI from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { asOpenApi30 } from './as-openapi-30';
import { jsonSpecPlugin } from './json-spec';
import classes from './api-docs.module.css';
import { openApiQuery } from './openapi-query';
import { signRequest } from './sign-request';

/**
 * The API documentation (Swagger UI, bundled with the app and loaded only for this screen). The
 * document and every "Try it out" call carry the signed-in admin's token in the Authorization
 * header, taken fresh for each call; no token is ever put into a URL.
 */
export default function ApiDocsScreen() {
  const { t } = useTranslation();
  const doc = useQuery({ ...openApiQuery, select: asOpenApi30 });
  const node = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!doc.data || !node.current) return;
    const target = node.current;
    SwaggerUI({
      domNode: target,
      spec: doc.data,
      validatorUrl: null,
      deepLinking: false,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      filter: true,
      requestInterceptor: signRequest,
      plugins: [jsonSpecPlugin],
    });
    return () => {
      target.replaceChildren();
    };
  }, [doc.data]);

  if (doc.isPending) return <CenteredLoader label={t('apiDocs.loading')} />;
  if (doc.error) {
    return (
      <Alert color="red" role="alert" title={t('apiDocs.loadFailed')} data-testid="api-docs-error">
        {doc.error.message}
      </Alert>
    );
  }
  return (
    <Box>
      <Text size="sm" c="dimmed" mb="sm">
        {t('apiDocs.intro')}
      </Text>
      <div ref={node} className={classes.docs} data-testid="api-docs" />
    </Box>
  );
}
