import type { Item, KindPath } from '@dp/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, saveEach, useTableQuery, type ColumnDef } from '../../../components/editable-table';
import { useAfterWrite } from '../../../lib/data-freshness';
import { createItem, deleteItem, updateItem, useItemPages } from '../api/items';
import { basicDataKeys, dependentKeys } from '../api/keys';
import { auditColumns, useDateColumnsToggle } from './audit-columns';
import { historyOfHref, useHistoryOf } from '../../../lib/history-link';

const PAGE_KEY = { systems: 'systems', assemblies: 'assemblies', subassemblies: 'subassemblies' } as const;
/** SPEC 9: simple tables are 450 px high. */
export const SIMPLE_TABLE_HEIGHT = 450;

/** Systems, assemblies or sub-assemblies: image, name, comment and the audit columns; add, edit, delete. */
export function ItemsScreen({ kind }: { kind: KindPath }) {
  const { t } = useTranslation();
  const historyOf = useHistoryOf(historyOfHref);
  const afterWrite = useAfterWrite();
  const dates = useDateColumnsToggle();
  const keys = [basicDataKeys.items(kind), ...dependentKeys.items(kind)];

  const columns = useMemo<ColumnDef<Item>[]>(
    () => [
      { key: 'image', name: t('basicDataScreens.image'), type: 'image', isEditable: true, imageFolder: kind, width: 3 },
      {
        key: 'name',
        name: t('basicDataScreens.name'),
        isEditable: true,
        isSortable: true,
        filterable: true,
        required: true,
        width: 4,
      },
      { key: 'description', name: t('basicDataScreens.comment'), isEditable: true, width: 6 },
      ...auditColumns<Item>(t),
    ],
    [t, kind],
  );
  const tableKey = `basic-data-${kind}`;
  // The server sorts, filters and pages the items (issue 14): a large catalog loads as it is scrolled.
  const query = useTableQuery({ tableKey, columns, initialSort: { key: 'name' }, persistState: true });
  const items = useItemPages(kind, query);

  return (
    <EditableTable<Item>
      tableKey={tableKey}
      headingOrder={1}
      title={t(`basicData.pages.${PAGE_KEY[kind]}.title`)}
      rows={items.rows}
      server={{ query, ...items.paging }}
      loading={items.loading}
      loadError={items.error}
      onRetry={() => void items.refetch()}
      columns={columns}
      getRowId={(item) => item.href}
      historyOf={historyOf}
      height={SIMPLE_TABLE_HEIGHT}
      hiddenColumns={dates.hiddenColumns}
      toolbarExtra={dates.button}
      onReload={() => void items.refetch()}
      onAdd={async (values) => {
        await createItem(kind, values);
        await afterWrite(keys);
      }}
      onSave={async (changes) => {
        const result = await saveEach(
          changes,
          (item) => item.href,
          ({ row, values }) => updateItem(row, values),
        );
        await afterWrite(keys);
        return result;
      }}
      onDelete={async (item) => {
        await deleteItem(item);
        await afterWrite(keys);
      }}
    />
  );
}
