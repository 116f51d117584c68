import { APP_VERSION, PRODUCT_NAME } from '@dp/contract';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The licence notice at the top of both release-notes pages (SPEC 2). */
export function LicenceNotice() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="licence-notice">
      <Title order={2} size="h4" mb={4}>
        {t('infos.licence.title')}
      </Title>
      <Text size="sm">{t('infos.licence.text', { product: PRODUCT_NAME, version: APP_VERSION })}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('infos.licence.openSource')}
      </Text>
    </Paper>
  );
}
