import { Button, Checkbox, MultiSelect, PasswordInput, Select, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMessage, IconMinus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCell } from '../image-cell/image-cell';
import { formatDateTime, plainText, textOf } from './format';
import { foldedOptionsFilter, serverMatchedOptions } from '../../lib/folded-options-filter';
import { searchedData, useOptionLabels, useSearchedOptions } from './option-search';
import { selectOptionsOf } from './select-options';
import type { ColumnDef, OptionSearch, SelectOption, TableComment } from './types';

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
  const type = column.type ?? 'text';
  if (column.optionSearch && (type === 'select' || type === 'multiselect' || type === 'references'))
    return (
      <SearchedChoice
        column={column}
        search={column.optionSearch}
        known={selectOptionsOf(column, row, edited)}
        multiple={type !== 'select'}
        inputProps={{ ...label, size, disabled, error, autoFocus }}
        value={value}
        onChange={onChange}
      />
    );
  switch (type) {
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

/** What a searched select passes on to its Mantine input unchanged. */
interface SearchedInputProps {
  label?: string;
  withAsterisk?: boolean;
  'aria-label'?: string;
  size: string;
  disabled: boolean;
  error?: string;
  autoFocus?: boolean;
}

/**
 * A select or multiselect cell whose options the server finds as the user types (ColumnDef.optionSearch):
 * the first ones once the field has the focus, then the matches of the typed text once typing pauses.
 * The chosen values stay shown with their names; the server has matched already, so the input filters
 * nothing itself.
 */
function SearchedChoice<Row>({
  column,
  search,
  known,
  multiple,
  inputProps,
  value,
  onChange,
}: {
  column: ColumnDef<Row>;
  search: OptionSearch;
  /** The column's own options: the names of chosen values. */
  known: SelectOption[];
  multiple: boolean;
  inputProps: SearchedInputProps;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState(false);
  const labels = useOptionLabels(column.key);
  const chosen = multiple
    ? Array.isArray(value)
      ? value.map(String)
      : []
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];
  const chosenLabel = (current: string) =>
    known.find((option) => option.value === current)?.label ?? labels.get(current);
  // A single select shows its choice's name as the search text: that asks for the first options, not for it.
  const single = multiple ? undefined : chosen[0];
  const text = single !== undefined && typed === chosenLabel(single) ? '' : typed;
  const found = useSearchedOptions(search, text, asked);
  const data = searchedData(chosen, known, found.options, labels.get);
  const choose = (values: string[]) => {
    labels.remember(data.filter((option) => values.includes(option.value)));
    onChange(multiple ? values : (values[0] ?? null));
  };
  const common = {
    ...inputProps,
    data,
    searchable: true,
    searchValue: typed,
    onSearchChange: setTyped,
    onFocus: () => setAsked(true),
    filter: serverMatchedOptions<string>,
    nothingFoundMessage: found.loading ? t('table.loading') : t('table.nothingFound'),
    comboboxProps: { withinPortal: true },
  };
  if (!multiple)
    return (
      <Select
        {...common}
        title={single !== undefined ? chosenLabel(single) : undefined}
        value={single ?? null}
        onChange={(next) => choose(next === null ? [] : [next])}
        clearable={!column.required}
        allowDeselect={!column.required}
      />
    );
  return (
    <MultiSelect
      {...common}
      value={chosen}
      hidePickedOptions={column.type === 'references' || column.hidePickedOptions}
      onChange={(next) => choose(column.maxSelected !== undefined ? next.slice(0, column.maxSelected) : next)}
      maxValues={column.maxSelected}
      clearable
    />
  );
}
