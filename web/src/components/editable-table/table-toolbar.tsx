import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconEdit, IconEditOff, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lostFocusTarget, takeLostFocus } from '../take-lost-focus';
import type { TableStatus } from './use-table-state';

export interface TableToolbarProps {
  title: ReactNode;
  headingOrder: 1 | 2;
  working: boolean;
  status: TableStatus;
  /** toolbarExtra and headerActions of the table, before its own buttons. */
  extra: ReactNode;
  /** Rows selected (shown while selection is possible), or null. */
  selectedCount: number | null;
  /** Shows 'Add'. */
  onAdd?: () => void;
  /** Shows 'Save all' with the number of changed rows. */
  saveAll?: { changed: number; onSave: () => void };
  /** Shows the edit-mode switch. */
  editSwitch?: { editMode: boolean; onToggle: () => void };
}

/** The line above the table: title, working indicator, last outcome, and the table's buttons. */
export function TableToolbar({
  title,
  headingOrder,
  working,
  status,
  extra,
  selectedCount,
  onAdd,
  saveAll,
  editSwitch,
}: TableToolbarProps) {
  const { t } = useTranslation();
  const statusText = statusTextOf(status, t);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // A save disables 'Save all' or ends the row's edit (its 'Save row' goes): the outcome takes the focus.
  useEffect(() => {
    if (status) takeLostFocus(statusRef.current);
  }, [status]);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        {typeof title === 'string' ? (
          <Title order={headingOrder} size="h4">
            {title}
          </Title>
        ) : (
          title
        )}
        {working && <Loader size="xs" aria-label={t('table.working')} role="status" data-testid="table-working" />}
        {statusText && (
          <Text
            size="sm"
            c={status?.kind === 'unchanged' ? 'dimmed' : 'green'}
            role="status"
            data-testid="table-status"
            {...lostFocusTarget}
            ref={statusRef}
          >
            {statusText}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {extra}
        {selectedCount !== null && selectedCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('table.selectedCount', { count: selectedCount })}
          </Text>
        )}
        {onAdd && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onAdd}
            disabled={working}
          >
            {t('table.add')}
          </Button>
        )}
        {saveAll && (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={saveAll.onSave}
            disabled={saveAll.changed === 0 || working}
          >
            {t('table.saveAll')}
          </Button>
        )}
        {editSwitch && (
          <Button
            size="xs"
            variant={editSwitch.editMode ? 'filled' : 'default'}
            aria-pressed={editSwitch.editMode}
            leftSection={
              editSwitch.editMode ? <IconEditOff size={16} aria-hidden /> : <IconEdit size={16} aria-hidden />
            }
            onClick={editSwitch.onToggle}
          >
            {editSwitch.editMode ? t('table.displayMode') : t('table.editMode')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

function statusTextOf(status: TableStatus, t: TFunction): string | null {
  switch (status?.kind) {
    case undefined:
      return null;
    case 'saved':
      return t('table.rowsSaved', { count: status.count });
    case 'added':
      return t('table.rowAdded');
    case 'deleted':
      return t('table.rowDeleted');
    case 'unchanged':
      return t('table.nothingChanged');
  }
}
