import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="sm" align="flex-start" data-testid="not-found">
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.text', { path: pathname })}</Text>
      <Button component={Link} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
