import { Button, Checkbox, MultiSelect, PasswordInput, Select, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMessage, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCell } from '../image-cell/image-cell';
import { formatDateTime, plainText, textOf } from './format';
import { foldedOptionsFilter } from '../../lib/folded-options-filter';
import { selectOptionsOf } from './select-options';
import type { ColumnDef, TableComment } from './types';

/** Comments of a 'comments' cell as an array (anything else counts as none). */
const NO_COMMENTS: TableComment[] = [];

/** Comments of a 'comments' cell as an array (anything else counts as none; the empty list keeps its identity). */
export function commentsOf(value: unknown): TableComment[] {
  return Array.isArray(value) ? (value as TableComment[]) : NO_COMMENTS;
}

/** Comments the user still sees (deleted ones are kept for the save but not shown). */
function visibleComments(value: unknown): TableComment[] {
  return commentsOf(value).filter((c) => !c.isDeleted);
}

/** A cell in display mode. */
export function CellDisplay<Row>({
  column,
  row,
  value,
  onOpenComments,
}: {
  column: ColumnDef<Row>;
  row: Row;
  value: unknown;
  onOpenComments: () => void;
}): ReactNode {
  const { t } = useTranslation();
  if (column.render) return column.render(row);
  switch (column.type ?? 'text') {
    case 'checkbox':
      return value ? (
        <IconCheck size={18} role="img" aria-label={t('table.yes')} color="var(--mantine-color-green-filled)" />
      ) : (
        <IconMinus size={18} role="img" aria-label={t('table.no')} color="var(--mantine-color-dimmed)" />
      );
    case 'password':
      return value ? '••••••' : '';
    case 'image':
      return <ImageCell value={value} label={column.name} folder={column.imageFolder} />;
    case 'comments':
      return <CommentsButton count={visibleComments(value).length} onClick={onOpenComments} />;
    case 'date':
      return formatDateTime(value);
    default:
      return <ClampedText text={textOf(column, row, value)} />;
  }
}

/** Up to three lines of text; hovering shows the whole of a longer one, so that cut rows stay distinguishable. */
function ClampedText({ text }: { text: string }) {
  return (
    <Text size="sm" inherit lineClamp={3} title={text} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function CommentsButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  // Icon and count only, so that it fits a narrow column. The full name is visually hidden text rather
  // than an aria-label, which would differ from the visible text (WCAG 2.5.3, axe label-content-name-mismatch).
  const name = t('table.comments.open', { count });
  return (
    <Button
      size="compact-xs"
      variant={count ? 'light' : 'subtle'}
      leftSection={<IconMessage size={14} aria-hidden />}
      onClick={onClick}
      title={name}
    >
      <VisuallyHidden>{name}</VisuallyHidden>
      <span aria-hidden>{count}</span>
    </Button>
  );
}

export interface CellEditorProps<Row> {
  column: ColumnDef<Row>;
  /** undefined in the Add dialog. */
  row: Row | undefined;
  /** The row with its unsaved edits applied (function options see it); default the row. */
  edited?: Row;
  /** The input is shown but cannot be changed (a per-row `isEditable` answered false). */
  disabled?: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  onOpenComments?: () => void;
  /** Error text under the field (Add dialog). */
  error?: string;
  /** Show the column name as a visible label (Add dialog) instead of only an accessible one. */
  withLabel?: boolean;
  autoFocus?: boolean;
}

/** A cell as an input (edit mode and the Add dialog); every input is named by its column. */
export function CellEditor<Row>({
  column,
  row,
  edited,
  disabled = false,
  value,
  onChange,
  onOpenComments,
  error,
  withLabel,
  autoFocus,
}: CellEditorProps<Row>): ReactNode {
  const { t } = useTranslation();
  const label = withLabel ? { label: column.name, withAsterisk: column.required } : { 'aria-label': column.name };
  const size = withLabel ? 'sm' : 'xs';
  switch (column.type ?? 'text') {
    case 'checkbox':
      return (
        <Checkbox
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
          {...label}
          error={error}
          autoFocus={autoFocus}
          disabled={disabled}
        />
      );
    case 'select': {
      const options = selectOptionsOf(column, row, edited);
      return (
        <Select
          {...label}
          size={size}
          data={options}
          // A long choice is cut in the input; hovering shows it whole (the open list shows it too).
          title={options.find((option) => option.value === value)?.label}
          value={typeof value === 'string' ? value : null}
          disabled={disabled}
          onChange={(next) => onChange(next)}
          searchable
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('table.nothingFound')}
          clearable={!column.required}
          allowDeselect={!column.required}
          error={error}
          autoFocus={autoFocus}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'multiselect':
    case 'references':
      return (
        <MultiSelect
          {...label}
          size={size}
          data={selectOptionsOf(column, row, edited)}
          value={Array.isArray(value) ? value.map(String) : []}
          disabled={disabled}
          hidePickedOptions={column.type === 'references' || column.hidePickedOptions}
          // SPEC 5: beyond the maximum, further choices are ignored; duplicates cannot arise in a set of values.
          onChange={(next) => onChange(column.maxSelected !== undefined ? next.slice(0, column.maxSelected) : next)}
          maxValues={column.maxSelected}
          searchable
          filter={foldedOptionsFilter}
          nothingFoundMessage={t('table.nothingFound')}
          clearable
          error={error}
          autoFocus={autoFocus}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'password':
      return (
        <PasswordInput
          {...label}
          size={size}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          autoFocus={autoFocus}
          disabled={disabled}
        />
      );
    case 'date':
      return (
        <TextInput
          {...label}
          size={size}
          type="date"
          value={typeof value === 'string' ? value.slice(0, 10) : ''}
          onChange={(e) => onChange(e.currentTarget.value || null)}
          disabled={disabled}
          error={error}
          autoFocus={autoFocus}
        />
      );
    case 'image':
      return (
        <ImageCell
          value={value}
          onChange={disabled ? undefined : onChange}
          label={column.name}
          folder={column.imageFolder}
        />
      );
    case 'comments':
      // Disabled comments still open, read-only (the table decides whether the dialog may edit).
      return <CommentsButton count={visibleComments(value).length} onClick={() => onOpenComments?.()} />;
    default:
      return (
        <TextInput
          {...label}
          size={size}
          value={plainText(value)}
          placeholder={column.placeholder}
          onChange={(e) => onChange(e.currentTarget.value)}
          disabled={disabled}
          error={error}
          autoFocus={autoFocus}
        />
      );
  }
}
