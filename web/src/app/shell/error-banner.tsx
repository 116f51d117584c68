import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissError, useCurrentError } from '../../lib/error-banner';

/** The dismissible banner of SPEC section 8: red for an HTTP status, green for status 0. */
export function ErrorBanner() {
  const { t } = useTranslation();
  const failure = useCurrentError();
  if (!failure) return null;
  const color = failure.status > 0 ? 'red' : 'green';
  return (
    <Alert
      color={color}
      data-color={color}
      icon={failure.status > 0 ? <IconAlertCircle aria-hidden /> : <IconInfoCircle aria-hidden />}
      title={t('error.title', { statusText: failure.statusText, status: failure.status })}
      withCloseButton
      closeButtonLabel={t('error.dismiss')}
      onClose={dismissError}
      role="alert"
      data-testid="error-banner"
      mb="md"
    >
      {failure.message}
    </Alert>
  );
}
