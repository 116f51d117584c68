import type { Reference } from '@dp/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cut, EditableTable, saveEach, useTableQuery, type ColumnDef } from '../../../components/editable-table';
import { useAfterWrite } from '../../../lib/data-freshness';
import { sharedListKeys } from '../../../lib/shared-lists';
import { createReference, deleteReference, updateReference, useReferencePages } from '../api/references';
import { auditColumns, useDateColumnsToggle } from './audit-columns';
import { SIMPLE_TABLE_HEIGHT } from './items-screen';
import { historyOfHref, useHistoryOf } from '../../../lib/history-link';

/** SPEC 9: descriptions are cut at 30 characters in display. */
const REFERENCE_DESCRIPTION_CUT = 30;

/** References: reference and description with the audit columns; add, edit, delete; filters. */
export function ReferencesScreen() {
  const { t } = useTranslation();
  const historyOf = useHistoryOf(historyOfHref);
  const afterWrite = useAfterWrite();
  const dates = useDateColumnsToggle();
  const keys = [sharedListKeys.references];

  const columns = useMemo<ColumnDef<Reference>[]>(
    () => [
      {
        key: 'reference',
        name: t('basicDataScreens.reference'),
        isEditable: true,
        isSortable: true,
        filterable: true,
        required: true,
        width: 4,
      },
      {
        key: 'description',
        name: t('basicDataScreens.description'),
        isEditable: true,
        isSortable: true,
        filterable: true,
        width: 6,
        render: (row) => (
          <Text size="sm" title={row.description.length > REFERENCE_DESCRIPTION_CUT ? row.description : undefined}>
            {cut(row.description, REFERENCE_DESCRIPTION_CUT)}
          </Text>
        ),
      },
      ...auditColumns<Reference>(t),
    ],
    [t],
  );
  const tableKey = 'basic-data-references';
  // The server sorts, filters and pages the references (issue 14): a large catalog loads as it is scrolled.
  const query = useTableQuery({ tableKey, columns, initialSort: { key: 'reference' }, persistState: true });
  const references = useReferencePages(query);

  return (
    <EditableTable<Reference>
      tableKey={tableKey}
      headingOrder={1}
      title={t('basicData.pages.references.title')}
      rows={references.rows}
      server={{ query, ...references.paging }}
      loading={references.loading}
      loadError={references.error}
      onRetry={() => void references.refetch()}
      columns={columns}
      getRowId={(row) => row.href}
      historyOf={historyOf}
      height={SIMPLE_TABLE_HEIGHT}
      hiddenColumns={dates.hiddenColumns}
      toolbarExtra={dates.button}
      onReload={() => void references.refetch()}
      onAdd={async (values) => {
        await createReference(values);
        await afterWrite(keys);
      }}
      onSave={async (changes) => {
        const result = await saveEach(
          changes,
          (row) => row.href,
          ({ row, values }) => updateReference(row, values),
        );
        await afterWrite(keys);
        return result;
      }}
      onDelete={async (row) => {
        await deleteReference(row);
        await afterWrite(keys);
      }}
    />
  );
}
