import type { Item, KindPath, RelatedItem } from '@dp/contract';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, saveEach, useTableQuery, type ColumnDef } from '../../../components/editable-table';
import { idOf } from '../../../lib/api';
import { useAfterWrite } from '../../../lib/data-freshness';
import { historyTargetOf, useHistoryOf } from '../../../lib/history-link';
import { basicDataKeys, dependentKeys } from '../api/keys';
import { setRelated, useRelatedItemPages } from '../api/related-items';
import { ItemPicker } from './item-picker';

/** SPEC 9: relation tables are 250 px high; the item list beside them gets the simple-table height. */
const RELATIONS_TABLE_HEIGHT = 250;
const LIST_HEIGHT = 450;

interface RelationsScreenProps {
  parent: Extract<KindPath, 'systems' | 'assemblies'>;
  child: Extract<KindPath, 'assemblies' | 'subassemblies'>;
}

const TEXTS = {
  systems: {
    page: 'basicData.pages.systemsRelations.title',
    list: 'basicDataScreens.systemsList',
    title: 'basicDataScreens.systemAssemblies',
  },
  assemblies: {
    page: 'basicData.pages.assembliesRelations.title',
    list: 'basicDataScreens.assembliesList',
    title: 'basicDataScreens.assemblySubassemblies',
  },
} as const;

/**
 * The relation editor (SPEC 2): items on the left; for the chosen one, every possible child item with
 * a 'related' checkbox, edited all at once (multiple edit, no add, no delete). Ticking relates
 * (POST), unticking unrelates (DELETE); afterwards the data is reloaded.
 */
export function RelationsScreen({ parent, child }: RelationsScreenProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Item | null>(null);
  const selectedId = selected ? idOf(selected.href) : null;
  const afterWrite = useAfterWrite();
  // A row's history is that of the containment between the chosen item and the row's item.
  const containmentOf = useCallback(
    (row: RelatedItem) =>
      selectedId === null ? null : historyTargetOf(`/api/${parent}/${selectedId}/${child}/${idOf(row.href)}`),
    [parent, child, selectedId],
  );
  const historyOf = useHistoryOf(containmentOf);

  const columns = useMemo<ColumnDef<RelatedItem>[]>(
    () => [
      { key: 'name', name: t('basicDataScreens.name'), isSortable: true, filterable: true, width: 8 },
      {
        key: 'related',
        name: t('basicDataScreens.related'),
        type: 'checkbox',
        isEditable: true,
        isSortable: true,
        width: 2,
      },
    ],
    [t],
  );
  // The server sorts, filters and pages the candidates (issue 14): every item of the child kind is one.
  const query = useTableQuery({
    tableKey: `basic-data-${parent}-${child}-relations`,
    columns,
    initialSort: { key: 'name' },
    persistState: false,
  });
  const related = useRelatedItemPages(parent, selectedId, child, query);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t(TEXTS[parent].page)}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ItemPicker
            kind={parent}
            height={LIST_HEIGHT}
            title={t(TEXTS[parent].list)}
            selected={selected?.href ?? null}
            onSelect={(item) => {
              // Another item's table starts unfiltered, by name, as a table of its own would.
              if (item.href !== selected?.href) {
                query.setFilters([]);
                query.setSorting([{ id: 'name', desc: false }]);
              }
              setSelected(item);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected && selectedId ? (
            <EditableTable<RelatedItem>
              key={selected.href}
              tableKey={`basic-data-${parent}-${child}-relations`}
              persistState={false}
              title={t(TEXTS[parent].title, { name: selected.name })}
              rows={related.rows}
              server={{
                query,
                ...related.paging,
              }}
              loading={related.loading}
              loadError={related.error}
              onRetry={() => void related.refetch()}
              columns={columns}
              getRowId={(row) => row.href}
              historyOf={historyOf}
              height={RELATIONS_TABLE_HEIGHT}
              multiEdit
              onReload={() => void related.refetch()}
              onSave={async (changes) => {
                const result = await saveEach(
                  changes,
                  (row) => row.href,
                  ({ row, values }) => setRelated(parent, selectedId, child, row, Boolean(values.related)),
                );
                await afterWrite([basicDataKeys.relatedItems(parent, selectedId, child), ...dependentKeys.relations]);
                return result;
              }}
            />
          ) : (
            <Paper withBorder p="md">
              <Text c="dimmed">{t('basicDataScreens.chooseItem')}</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
