import { foldedIncludes } from '@dp/contract';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef as TanstackColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type SortingFn,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { plainText, textOf, valueOf } from './format';
import { hasOptionFilter } from './select-options';
import type { ColumnDef, TableQuery } from './types';

/** A row as the table shows it. */
export interface ShownRow<Row> {
  id: string;
  original: Row;
}

/**
 * The table's only way to its data: the rows as shown (sorted and filtered), their count, lookup by
 * id, and the sort and filter of each column. Today all of it is computed in the browser from the
 * rows given; a server-paged source can answer the same questions.
 */
export interface TableRows<Row> {
  shown: ReadonlyArray<ShownRow<Row>>;
  /** Rows before filtering. */
  total: number;
  rowById: (id: string) => Row | undefined;
  sortOf: (key: string) => false | 'asc' | 'desc';
  /** `multi` (shift-click) adds the column to the sort instead of replacing it. */
  toggleSort: (key: string, multi?: boolean) => void;
  filterOf: (key: string) => string;
  setFilter: (key: string, value: string) => void;
}

export interface TableQueryOptions<Row> {
  tableKey: string;
  columns: ColumnDef<Row>[];
  initialSort?: { key: string; desc?: boolean };
  persistState: boolean;
}

export interface TableRowsOptions<Row> extends TableQueryOptions<Row> {
  rows: Row[];
  getRowId: (row: Row) => string;
  /** Rows the server sorted and filtered by this query: the table shows them as they come. */
  serverQuery?: TableQuery;
}

const NO_ROWS: never[] = [];

/** Sorting ignores case and accents like the filters do, and orders numbers by value (V2 before V10). */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

interface StoredState {
  sorting: SortingState;
  filters: ColumnFiltersState;
}

function storageKey(tableKey: string) {
  return `table:${tableKey}`;
}

function readStoredState(tableKey: string, persist: boolean): StoredState | null {
  if (!persist) return null;
  try {
    const raw = window.sessionStorage.getItem(storageKey(tableKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredState>;
    return {
      sorting: Array.isArray(parsed.sorting) ? parsed.sorting : [],
      filters: Array.isArray(parsed.filters) ? parsed.filters : [],
    };
  } catch {
    // Unreadable or disabled storage: start fresh.
    return null;
  }
}

/**
 * Sort and filters of a table, kept per tableKey in sessionStorage unless `persistState` is false. A screen
 * whose rows the server sorts and filters holds them itself and passes them as EditableTable's `server.query`.
 */
export function useTableQuery<Row>({
  tableKey,
  columns,
  initialSort,
  persistState,
}: TableQueryOptions<Row>): TableQuery {
  const stored = useMemo(() => readStoredState(tableKey, persistState), [tableKey, persistState]);
  // Kept state may name columns a newer version of the screen no longer has.
  const known = (id: string) => columns.some((c) => c.key === id);
  const [sorting, setSorting] = useState<SortingState>(
    () =>
      stored?.sorting.filter((s) => known(s.id)) ??
      (initialSort ? [{ id: initialSort.key, desc: initialSort.desc ?? false }] : []),
  );
  const [filters, setFilters] = useState<ColumnFiltersState>(() => stored?.filters.filter((f) => known(f.id)) ?? []);
  useEffect(() => {
    if (!persistState) return;
    try {
      window.sessionStorage.setItem(storageKey(tableKey), JSON.stringify({ sorting, filters }));
    } catch {
      // Not kept; the table still works.
    }
  }, [tableKey, persistState, sorting, filters]);
  return { sorting, setSorting, filters, setFilters };
}

/** The rows of a server-sorted and filtered table as they came, with `query`'s sort (one column) and filters. */
function serverTableRows<Row>(
  shown: ReadonlyArray<ShownRow<Row>>,
  rowsById: ReadonlyMap<string, Row>,
  { sorting, setSorting, filters, setFilters }: TableQuery,
): TableRows<Row> {
  const sortOf = (key: string) => {
    const sort = sorting.find((entry) => entry.id === key);
    return sort ? (sort.desc ? 'desc' : 'asc') : false;
  };
  return {
    shown,
    total: shown.length,
    rowById: (id) => rowsById.get(id),
    sortOf,
    // Ascending, descending, then back to the server's default order.
    toggleSort: (key) => {
      const current = sortOf(key);
      setSorting(current === 'desc' ? [] : [{ id: key, desc: current === 'asc' }]);
    },
    filterOf: (key) => {
      const value = filters.find((entry) => entry.id === key)?.value;
      return typeof value === 'string' ? value : '';
    },
    setFilter: (key, value) =>
      setFilters([...filters.filter((entry) => entry.id !== key), ...(value ? [{ id: key, value }] : [])]),
  };
}

/**
 * The rows of an EditableTable, sorted and filtered in the browser (TanStack Table), or, with
 * `serverQuery`, as the server sorted and filtered them.
 */
export function useTableRows<Row>(options: TableRowsOptions<Row>): TableRows<Row> {
  const { rows, columns, getRowId, serverQuery } = options;
  // With a server query the screen keeps (and stores) the sort and filters; this state stays unused.
  const { sorting, setSorting, filters, setFilters } = useTableQuery({
    ...options,
    persistState: options.persistState && serverQuery === undefined,
  });

  const tanstackColumns = useMemo<TanstackColumnDef<Row, string>[]>(() => {
    const filterFn: FilterFn<Row> = (row, columnId, filter: unknown) => {
      const column = columns.find((c) => c.key === columnId);
      if (typeof filter !== 'string' || filter === '') return true;
      if (column && hasOptionFilter(column)) return valueOf(row.original, column.key) === filter;
      return foldedIncludes(row.getValue<string>(columnId), filter);
    };
    const sortingFn: SortingFn<Row> = (a, b, columnId) => {
      const column = columns.find((c) => c.key === columnId);
      if (column?.type === 'date')
        return plainText(valueOf(a.original, columnId)).localeCompare(plainText(valueOf(b.original, columnId)));
      return collator.compare(a.getValue<string>(columnId), b.getValue<string>(columnId));
    };
    return columns.map((column) => ({
      id: column.key,
      accessorFn: (row: Row) => textOf(column, row),
      enableSorting: Boolean(column.isSortable),
      enableColumnFilter: Boolean(column.filterable),
      filterFn,
      sortingFn,
    }));
  }, [columns]);

  const table = useReactTable<Row>({
    data: serverQuery ? NO_ROWS : rows,
    columns: tanstackColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, columnFilters: filters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    autoResetAll: false,
  });

  const rowsById = useMemo(() => new Map(rows.map((row) => [getRowId(row), row])), [rows, getRowId]);
  const asServed = useMemo(() => rows.map((row) => ({ id: getRowId(row), original: row })), [rows, getRowId]);
  if (serverQuery) return serverTableRows(asServed, rowsById, serverQuery);
  return {
    shown: table.getRowModel().rows,
    total: rows.length,
    rowById: (id) => rowsById.get(id),
    sortOf: (key) => table.getColumn(key)?.getIsSorted() ?? false,
    toggleSort: (key, multi = false) => {
      const column = table.getColumn(key);
      column?.toggleSorting(undefined, multi && column.getCanMultiSort());
    },
    filterOf: (key) => (table.getColumn(key)?.getFilterValue() as string | undefined) ?? '',
    setFilter: (key, value) => table.getColumn(key)?.setFilterValue(value || undefined),
  };
}
