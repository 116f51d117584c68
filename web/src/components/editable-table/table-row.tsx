import { ActionIcon, Alert, Button, Checkbox, Group, Table, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { memo, useMemo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CellDisplay, CellEditor } from './cells';
import { valueOf } from './format';
import { isCellEditable, isEditableColumn } from './select-options';
import { selectModeOf, type SelectMode } from './selection';
import type { ColumnDef, RowError } from './types';

/** Row-level commands; the table keeps them stable so rows only re-render when their own data changes. */
export interface RowCommands {
  change: (id: string, key: string, value: unknown) => void;
  startEdit: (id: string) => void;
  save: (id: string) => void;
  cancel: (id: string) => void;
  askDelete: (id: string) => void;
  confirmDelete: (id: string) => void;
  cancelDelete: () => void;
  select: (id: string, mode: SelectMode) => void;
  openComments: (id: string, key: string) => void;
  dismissError: (id: string) => void;
  reload: () => void;
}

export interface TableRowProps<Row> {
  id: string;
  index: number;
  row: Row;
  /** The row's changed fields (drafts), if any. */
  draft: Record<string, unknown> | undefined;
  columns: ColumnDef<Row>[];
  /** The row shows inputs. */
  editing: boolean;
  /** Buttons of the row itself (EditableTableProps.rowActions), in the actions column. */
  rowActions: ((row: Row) => ReactNode) | undefined;
  /** The table is in edit mode (row actions and selection shown). */
  editMode: boolean;
  multiEdit: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canReload: boolean;
  selectable: boolean;
  selected: boolean;
  confirmingDelete: boolean;
  error: RowError | undefined;
  color: string | undefined;
  working: boolean;
  commands: RowCommands;
  measure: (element: HTMLTableSectionElement | null) => void;
}

/** A Mantine colour name becomes its light variant; anything else is used as CSS. */
function backgroundOf(color: string | undefined): string | undefined {
  if (!color) return undefined;
  return /^[a-z]+$/.test(color) ? `var(--mantine-color-${color}-light)` : color;
}

const INTERACTIVE = 'input, textarea, button, a, select, label, [role="combobox"], [role="option"], [data-no-select]';

function TableRowImpl<Row>(props: TableRowProps<Row>) {
  const { t } = useTranslation();
  const {
    id,
    index,
    row,
    draft,
    columns,
    editing,
    rowActions,
    editMode,
    multiEdit,
    canEdit,
    canDelete,
    canReload,
    selectable,
    selected,
    confirmingDelete,
    error,
    color,
    working,
    commands,
    measure,
  } = props;
  const valueFor = (key: string) => (draft && key in draft ? draft[key] : valueOf(row, key));
  // The row as it would be saved: per-row editability and options are decided on it.
  const edited = useMemo(() => (draft ? { ...row, ...draft } : row), [row, draft]);
  const showActions = rowActions !== undefined || (editMode && ((canEdit && !multiEdit) || canDelete));
  const columnCount = columns.length + (showActions ? 1 : 0) + (selectable && editMode ? 1 : 0);

  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!selectable || !editMode) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    commands.select(id, selectModeOf(event));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!editing) return;
    const target = event.target as HTMLElement;
    // An open dropdown of a select field takes Enter and Escape itself; the table must not react too.
    if (target.getAttribute('aria-expanded') === 'true') {
      if (event.key === 'Escape' || event.key === 'Enter') event.stopPropagation();
      return;
    }
    if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'file') {
      event.preventDefault();
      commands.save(id);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      commands.cancel(id);
    }
  };

  return (
    <Table.Tbody ref={measure} data-index={index}>
      <Table.Tr
        data-row-id={id}
        data-testid="table-row"
        aria-selected={selectable && editMode ? selected : undefined}
        data-editing={editing || undefined}
        onClick={onClick}
        onMouseDown={(event) => {
          // Shift-click would otherwise select the text between the two rows.
          if (selectable && editMode && event.shiftKey) event.preventDefault();
        }}
        onKeyDown={onKeyDown}
        style={{
          backgroundColor: selected ? 'var(--mantine-primary-color-light)' : backgroundOf(color),
          cursor: selectable && editMode ? 'pointer' : undefined,
        }}
      >
        {selectable && editMode && (
          <Table.Td>
            <Checkbox
              size="xs"
              aria-label={t('table.selectRow')}
              checked={selected}
              onChange={() => undefined}
              onClick={(event) => {
                event.stopPropagation();
                commands.select(id, event.shiftKey ? 'range' : 'toggle');
              }}
            />
          </Table.Td>
        )}
        {columns.map((column) => {
          const value = valueFor(column.key);
          const inputCell = editing && isEditableColumn(column);
          return (
            <Table.Td key={column.key} data-column={column.key} style={{ overflow: 'hidden' }}>
              {inputCell ? (
                <CellEditor
                  column={column}
                  row={row}
                  edited={edited}
                  disabled={!isCellEditable(column, row, edited)}
                  value={value}
                  onChange={(next) => commands.change(id, column.key, next)}
                  onOpenComments={() => commands.openComments(id, column.key)}
                />
              ) : (
                <CellDisplay
                  column={column}
                  row={row}
                  value={value}
                  onOpenComments={() => commands.openComments(id, column.key)}
                />
              )}
            </Table.Td>
          );
        })}
        {showActions && (
          <Table.Td>
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {/* While 'Really delete?' asks, it has the column to itself (other buttons would cut it). */}
              {!confirmingDelete && rowActions?.(row)}
              {editMode && canEdit && editing && !multiEdit && !confirmingDelete && (
                <>
                  <Tooltip label={t('table.saveRow')}>
                    <ActionIcon
                      variant="filled"
                      aria-label={t('table.saveRow')}
                      onClick={() => commands.save(id)}
                      disabled={working}
                    >
                      <IconCheck size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('table.cancelRow')}>
                    <ActionIcon variant="default" aria-label={t('table.cancelRow')} onClick={() => commands.cancel(id)}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
              {editMode && canEdit && !editing && !multiEdit && !confirmingDelete && (
                <Tooltip label={t('table.editRow')}>
                  <ActionIcon variant="subtle" aria-label={t('table.editRow')} onClick={() => commands.startEdit(id)}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {editMode &&
                canDelete &&
                (confirmingDelete ? (
                  <Button
                    size="compact-xs"
                    color="red"
                    autoFocus
                    onClick={() => commands.confirmDelete(id)}
                    disabled={working}
                    // Two lines rather than cut where a language's text is longer than the column.
                    h="auto"
                    py={2}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
                  >
                    {t('table.reallyDelete')}
                  </Button>
                ) : (
                  <Tooltip label={t('table.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('table.delete')}
                      onClick={() => commands.askDelete(id)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ))}
            </Group>
          </Table.Td>
        )}
      </Table.Tr>
      {error && (
        <Table.Tr data-testid="row-error">
          <Table.Td colSpan={columnCount}>
            <Alert
              color={error.stale ? 'orange' : 'red'}
              role="alert"
              p="xs"
              withCloseButton
              closeButtonLabel={t('table.dismiss')}
              onClose={() => commands.dismissError(id)}
            >
              <Group gap="sm" justify="space-between" wrap="nowrap">
                <span>{error.message}</span>
                {error.stale && canReload && (
                  <Button size="compact-xs" variant="light" color="orange" onClick={commands.reload}>
                    {t('table.reload')}
                  </Button>
                )}
              </Group>
            </Alert>
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  );
}

/** One row (and its error line) as its own <tbody>, the unit the virtualiser measures. */
export const TableRow = memo(TableRowImpl) as typeof TableRowImpl;
