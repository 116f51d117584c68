import { compatibilityStatuses, type CompatibilityInfo } from '@dp/contract';
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, STATUS_STYLE } from '../../../components/compatibility-status';
import { cut, EditableTable, saveEach, type ColumnDef } from '../../../components/editable-table';
import { useAfterWrite } from '../../../lib/data-freshness';
import { sharedListKeys, useObligations } from '../../../lib/shared-lists';
import { createObligation, deleteObligation, updateObligation } from '../api/obligations';
import { SIMPLE_TABLE_HEIGHT } from './items-screen';
import { historyOfHref, useHistoryOf } from '../../../lib/history-link';

/** SPEC 9: obligation texts are cut at 60 characters in display. */
const OBLIGATION_CUT = 60;

/** Internal obligation texts: State (select, sortable) and Obligation-Text; filters; rows coloured by state. */
export function ObligationsScreen() {
  const { t } = useTranslation();
  const historyOf = useHistoryOf(historyOfHref);
  const obligations = useObligations();
  const afterWrite = useAfterWrite();
  const keys = [sharedListKeys.obligations];

  const columns = useMemo<ColumnDef<CompatibilityInfo>[]>(
    () => [
      {
        key: 'compatibility_status',
        name: t('basicDataScreens.state'),
        type: 'select',
        options: compatibilityStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
        isEditable: true,
        isSortable: true,
        filterable: true,
        required: true,
        default: 'allowed',
        width: 2,
        render: (row) => <StatusBadge status={row.compatibility_status} />,
      },
      {
        key: 'obligation',
        name: t('basicDataScreens.obligation'),
        isEditable: true,
        isSortable: true,
        filterable: true,
        width: 8,
        render: (row) => (
          <Text size="sm" title={(row.obligation ?? '').length > OBLIGATION_CUT ? row.obligation : undefined}>
            {cut(row.obligation, OBLIGATION_CUT)}
          </Text>
        ),
      },
    ],
    [t],
  );

  return (
    <EditableTable<CompatibilityInfo>
      tableKey="basic-data-obligations"
      headingOrder={1}
      title={t('basicData.pages.obligationsIntern.title')}
      rows={obligations.data ?? []}
      loading={obligations.isPending}
      loadError={obligations.error}
      onRetry={() => void obligations.refetch()}
      columns={columns}
      getRowId={(row) => row.href}
      historyOf={historyOf}
      height={SIMPLE_TABLE_HEIGHT}
      rowColor={(row) => STATUS_STYLE[row.compatibility_status].color}
      onReload={() => void obligations.refetch()}
      onAdd={async (values) => {
        await createObligation(values);
        await afterWrite(keys);
      }}
      onSave={async (changes) => {
        const result = await saveEach(
          changes,
          (row) => row.href,
          ({ row, values }) => updateObligation(row, values),
        );
        await afterWrite(keys);
        return result;
      }}
      onDelete={async (row) => {
        await deleteObligation(row);
        await afterWrite(keys);
      }}
    />
  );
}
