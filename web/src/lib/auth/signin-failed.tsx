import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AlertHeading } from '../../components/alert-heading';

/** Shown instead of redirecting again when the provider could not be reached: no redirect loop. */
export function SigninFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      title={<AlertHeading>{t('auth.signInFailedTitle')}</AlertHeading>}
      icon={<IconAlertTriangle aria-hidden />}
      role="alert"
      data-testid="signin-failed"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button onClick={onRetry}>{t('auth.signInAgain')}</Button>
      </Stack>
    </Alert>
  );
}
