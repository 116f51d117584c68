import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Delete with a second click (SPEC 2: 'Really delete?'); Escape or leaving the button cancels. */
export function ConfirmDeleteButton({
  onConfirm,
  loading,
  testId,
}: {
  onConfirm: () => void;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  return (
    <Button
      size="xs"
      color="red"
      variant={armed ? 'filled' : 'light'}
      loading={loading}
      leftSection={<IconTrash size={14} aria-hidden />}
      data-testid={testId}
      onClick={() => {
        if (!armed) return setArmed(true);
        setArmed(false);
        onConfirm();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setArmed(false);
      }}
      onBlur={() => setArmed(false)}
    >
      {armed ? t('table.reallyDelete') : t('dataset.delete')}
    </Button>
  );
}
