import type { TransferTarget } from '@dp/contract';
import { Alert, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

interface TransferConfirmDialogProps {
  /** The target asked about; null when the dialog is closed. */
  target: { to: TransferTarget; url: string } | null;
  /** What will overwrite the target, as the user reads it. */
  stateLabel: string;
  /** Four eyes: the transfer becomes a request, which needs a reason. */
  needsReason: boolean;
  onConfirm: (to: TransferTarget, reason: string | undefined) => void;
  onCancel: () => void;
}

/**
 * No publishing by accident: the dialog names the target, its address and the state that will replace
 * its data, and the transfer starts only after the target's name has been typed.
 */
export function TransferConfirmDialog({
  target,
  stateLabel,
  needsReason,
  onConfirm,
  onCancel,
}: TransferConfirmDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const name = target ? t(`database.targets.${target.to}`) : '';
  const [reason, setReason] = useState('');
  const matches =
    target !== null && typed.trim().toUpperCase() === name.toUpperCase() && (!needsReason || reason.trim() !== '');
  const confirm = () => {
    if (!target || !matches) return;
    setTyped('');
    setReason('');
    onConfirm(target.to, needsReason ? reason.trim() : undefined);
  };
  const close = () => {
    setTyped('');
    setReason('');
    onCancel();
  };
  return (
    <ConfirmDialog
      opened={target !== null}
      title={t('database.transfer.confirmTitle', { target: name })}
      confirmLabel={t('database.transfer.submit', { target: name })}
      cancelLabel={t('database.transfer.cancel')}
      confirmColor="red"
      confirmDisabled={!matches}
      onConfirm={confirm}
      onCancel={close}
      testId="transfer-confirm"
    >
      <Table variant="vertical" withTableBorder data-testid="transfer-confirm-details">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={120}>{t('database.transfer.confirmTarget')}</Table.Th>
            <Table.Td fw={700}>{name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('database.transfer.confirmUrl')}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{target?.url}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('database.transfer.confirmState')}</Table.Th>
            <Table.Td>{stateLabel}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
        <Text size="sm">{t('database.transfer.confirmWarning', { target: name })}</Text>
      </Alert>
      {needsReason && (
        <Textarea
          label={t('database.publish.reason')}
          description={t('database.publish.reasonHint')}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-testid="transfer-confirm-reason"
        />
      )}
      <TextInput
        label={t('database.transfer.typeToConfirm', { target: name })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') confirm();
        }}
        autoComplete="off"
        data-testid="transfer-confirm-input"
      />
    </ConfirmDialog>
  );
}
