import { Table, Text } from '@mantine/core';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TableRow, type RowCommands } from './table-row';
import type { ColumnDef, RowError } from './types';
import type { Drafts } from './use-table-state';
import type { ShownRow } from './use-table-rows';

const ESTIMATED_ROW_HEIGHT = 41;

/** Rows are virtualised inside `scrollRef`, so thousands stay fast. */
export function useRowVirtualizer<Row>(
  scrollRef: RefObject<HTMLDivElement | null>,
  shown: ReadonlyArray<ShownRow<Row>>,
  fallbackHeight: number,
) {
  return useVirtualizer<HTMLDivElement, HTMLTableSectionElement>({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => shown[index]?.id ?? index,
    overscan: 8,
    // Before layout (and in jsdom) the box measures 0; assume the configured height so rows appear.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight }),
      ),
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : ESTIMATED_ROW_HEIGHT;
    },
  });
}

export interface TableBodyProps<Row> {
  virtualizer: ReturnType<typeof useRowVirtualizer<Row>>;
  shown: ReadonlyArray<ShownRow<Row>>;
  columns: ColumnDef<Row>[];
  columnCount: number;
  /** 'No data' is not claimed while loading or after a failed load. */
  showEmpty: boolean;
  drafts: Drafts;
  errors: Record<string, RowError>;
  editMode: boolean;
  multiEdit: boolean;
  editingId: string | null;
  confirmId: string | null;
  selectedIds: ReadonlySet<string>;
  canEdit: boolean;
  canDelete: boolean;
  canReload: boolean;
  selectable: boolean;
  working: boolean;
  rowActions: ((row: Row) => ReactNode) | undefined;
  rowColor: ((row: Row) => string | undefined) | undefined;
  commands: RowCommands;
}

/** The shown rows (only those in view, with spacers for the rest), or 'No data'. */
export function TableBody<Row>(props: TableBodyProps<Row>) {
  const { t } = useTranslation();
  const { virtualizer, shown, drafts, errors, editMode, multiEdit, editingId, rowColor } = props;
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length ? (items[0]?.start ?? 0) : 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  return (
    <>
      {paddingTop > 0 && (
        <Table.Tbody aria-hidden>
          <Table.Tr style={{ height: paddingTop }} />
        </Table.Tbody>
      )}
      {items.map((item) => {
        const tableRow = shown[item.index];
        if (!tableRow) return null;
        const id = tableRow.id;
        return (
          <TableRow<Row>
            key={id}
            id={id}
            index={item.index}
            row={tableRow.original}
            draft={drafts[id]}
            columns={props.columns}
            editing={editMode && (multiEdit || editingId === id)}
            rowActions={props.rowActions}
            editMode={editMode}
            multiEdit={multiEdit}
            canEdit={props.canEdit}
            canDelete={props.canDelete}
            canReload={props.canReload}
            selectable={props.selectable}
            selected={props.selectedIds.has(id)}
            confirmingDelete={props.confirmId === id}
            error={errors[id]}
            color={rowColor?.(tableRow.original)}
            working={props.working}
            commands={props.commands}
            measure={virtualizer.measureElement}
          />
        );
      })}
      {paddingBottom > 0 && (
        <Table.Tbody aria-hidden>
          <Table.Tr style={{ height: paddingBottom }} />
        </Table.Tbody>
      )}
      {shown.length === 0 && props.showEmpty && (
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={props.columnCount}>
              <Text c="dimmed" ta="center" py="md" data-testid="table-no-data">
                {t('table.noData')}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      )}
    </>
  );
}
