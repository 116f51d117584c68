import { Select, Table, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { hasOptionFilter } from './select-options';
import type { ColumnDef } from './types';
import type { TableRows } from './use-table-rows';

export interface TableHeadProps<Row> {
  columns: ColumnDef<Row>[];
  rows: Pick<TableRows<Row>, 'sortOf' | 'toggleSort' | 'filterOf' | 'setFilter'>;
  showSelect: boolean;
  showActions: boolean;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** The column names (sort buttons where sortable) and, below them, the filters. */
export function TableHead<Row>({ columns, rows, showSelect, showActions }: TableHeadProps<Row>) {
  const { t } = useTranslation();
  const hasFilters = columns.some((c) => c.filterable);
  return (
    // The sticky head hides the rows scrolling under it, its cells without a filter too.
    <Table.Thead style={{ zIndex: 2, background: 'var(--mantine-color-body)' }}>
      <Table.Tr>
        {/* Named for screen readers (and axe's empty-table-header): the column holds only checkboxes. */}
        {showSelect && (
          <Table.Th>
            <VisuallyHidden>{t('table.selectColumn')}</VisuallyHidden>
          </Table.Th>
        )}
        {columns.map((column) => {
          const sorted = rows.sortOf(column.key);
          return (
            <Table.Th
              key={column.key}
              aria-sort={column.isSortable ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
              // A narrow column breaks its name rather than spilling into its neighbour.
              style={{ overflowWrap: 'anywhere' }}
            >
              {column.isSortable ? (
                <UnstyledButton
                  onClick={(event) => rows.toggleSort(column.key, event.shiftKey)}
                  fw={700}
                  fz="sm"
                  // The name wraps onto more lines in a narrow column instead of being cut to 'Part n…'.
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', textAlign: 'start' }}
                >
                  <span style={{ minWidth: 0 }}>{column.name}</span>
                  {sorted === 'asc' ? (
                    <IconArrowUp size={14} aria-hidden />
                  ) : sorted === 'desc' ? (
                    <IconArrowDown size={14} aria-hidden />
                  ) : (
                    <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                  )}
                </UnstyledButton>
              ) : (
                column.name
              )}
            </Table.Th>
          );
        })}
        {showActions && <Table.Th>{t('table.actions')}</Table.Th>}
      </Table.Tr>
      {hasFilters && (
        <Table.Tr>
          {/* Cells, not headers, where a column has no filter: an empty header names nothing. */}
          {showSelect && <Table.Td />}
          {columns.map((column) =>
            column.filterable ? (
              <Table.Th key={column.key} fw="normal">
                <ColumnFilter
                  column={column}
                  value={rows.filterOf(column.key)}
                  onChange={(value) => rows.setFilter(column.key, value)}
                />
              </Table.Th>
            ) : (
              <Table.Td key={column.key} />
            ),
          )}
          {showActions && <Table.Td />}
        </Table.Tr>
      )}
    </Table.Thead>
  );
}

function ColumnFilter<Row>({
  column,
  value,
  onChange,
}: {
  column: ColumnDef<Row>;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = t('table.filter', { column: column.name });
  if (hasOptionFilter(column) && Array.isArray(column.options)) {
    return (
      <Select
        size="xs"
        aria-label={label}
        placeholder={t('table.filterAll')}
        data={column.options}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
