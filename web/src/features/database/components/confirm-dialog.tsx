import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: string;
  /** The confirm button stays disabled while this is true (e.g. until the target's name is typed). */
  confirmDisabled?: boolean;
  testId?: string;
}

/** The Yes/No question before a download, an upload or a transfer; No has the focus. */
export function ConfirmDialog({
  opened,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  confirmColor,
  confirmDisabled,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('database.confirm.close') }}
      data-testid={testId}
    >
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus data-testid="confirm-no">
            {cancelLabel ?? t('database.confirm.no')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} disabled={confirmDisabled} data-testid="confirm-yes">
            {confirmLabel ?? t('database.confirm.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
