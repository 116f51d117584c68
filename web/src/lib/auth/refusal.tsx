import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateApiMessage } from '../api-message';
import { AlertHeading } from '../../components/alert-heading';

/** The page of a signed-in user the API knows no role for (SPEC section 8), in the API's words. */
export function Refusal() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      title={<AlertHeading>{t('auth.refusedTitle')}</AlertHeading>}
      icon={<IconLock aria-hidden />}
      role="alert"
      data-testid="refusal"
    >
      {translateApiMessage({ code: 'auth.refused', params: {} })}
    </Alert>
  );
}
