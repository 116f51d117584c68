import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The database screens, each with a title and a description in locales' `database.pages`. */
export type DatabasePage = 'backups' | 'deltaReport' | 'compatibilityReport' | 'transfer' | 'consistency' | 'history';

/** The head of every database screen: its title and what it does. */
export function DatabasePageHeader({ page }: { page: DatabasePage }) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={1} size="h2">
        {t(`database.pages.${page}.title`)}
      </Title>
      <Text c="dimmed">{t(`database.pages.${page}.description`)}</Text>
    </div>
  );
}
