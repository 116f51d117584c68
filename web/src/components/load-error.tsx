import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure } from '../lib/api-failure';

/**
 * Says that data could not be loaded, with the reason and a retry, where the data would be shown: a
 * failed load must not look like an empty list.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('loadError.title')} data-testid="load-error">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{toFailure(error).message}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            {t('loadError.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
