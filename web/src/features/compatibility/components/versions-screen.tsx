import {
  versionLabelText,
  versionNumbers,
  type ItemWithVersions,
  type KindPath,
  type VersionInput,
} from '@dp/contract';
import { ActionIcon, Alert, Anchor, Grid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableTable, saveEach, type ColumnDef, type RowChange } from '../../../components/editable-table';
import { isImageValue } from '../../../components/image-cell';
import { useAfterWrite } from '../../../lib/data-freshness';
import type { CopiedVersion } from '../api/copy-version';
import { createVersion } from '../api/create-version';
import { compatibilitiesBlocking, deleteVersion } from '../api/delete-version';
import { useVersionsOf } from '../api/items-with-versions';
import { compatibilityKeys } from '../api/query-keys';
import { updateVersion } from '../api/update-version';
import { CopyVersionDialog, type CopySource } from './copy-version-dialog';
import { useDeleteWithCompatibilities } from './delete-with-compatibilities';
import { SelectionList } from './selection-list';
import { useItemList } from './use-item-list';
import { historyOfHref, useHistoryOf } from '../../../lib/history-link';

type VersionRow = ItemWithVersions['versions'][number];

/** SPEC 9: versions tables are 350px high. */
const VERSIONS_HEIGHT = 350;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What a version save sends (SPEC 5): name, name2, description, rscp_link and image only. */
function versionInputOf(values: Record<string, unknown>, kind: KindPath): VersionInput {
  return {
    name: textOrNull(values.name),
    name2: kind === 'systems' ? null : textOrNull(values.name2),
    description: text(values.description),
    rscp_link: textOrNull(values.rscp_link),
    image: isImageValue(values.image) ? { original: values.image.original, thumbnail: values.image.thumbnail } : null,
  };
}

/** A versions screen (systems-, assemblies-, subassemblies-versions): items on the left, their versions on the right. */
export function VersionsScreen({ kind, title }: { kind: KindPath; title: string }) {
  const { t } = useTranslation();
  const historyOf = useHistoryOf(historyOfHref);
  const afterWrite = useAfterWrite();
  const items = useItemList(kind);
  const item = items.item;
  const versions = useVersionsOf(kind, item?.href ?? null);
  const [copySource, setCopySource] = useState<CopySource | null>(null);
  const [copied, setCopied] = useState<CopiedVersion | null>(null);
  const cascade = useDeleteWithCompatibilities();
  const isSystem = kind === 'systems';

  const refresh = () => afterWrite([compatibilityKeys.itemsWithVersions(kind)]);

  const columns = useMemo<ColumnDef<VersionRow>[]>(() => {
    const list: ColumnDef<VersionRow>[] = [
      {
        key: 'image',
        name: t('compatibilityScreens.columns.image'),
        type: 'image',
        imageFolder: 'versions',
        isEditable: true,
        width: 2,
      },
      {
        key: 'name',
        name: t(isSystem ? 'compatibilityScreens.columns.version' : 'compatibilityScreens.columns.partNumber'),
        isEditable: true,
        isSortable: true,
        filterable: true,
        required: isSystem,
      },
    ];
    if (!isSystem)
      list.push({
        key: 'name2',
        name: t('compatibilityScreens.columns.materialNumber'),
        isEditable: true,
        isSortable: true,
        filterable: true,
      });
    list.push(
      {
        key: 'description',
        name: t('compatibilityScreens.columns.description'),
        isEditable: true,
        filterable: true,
        width: 5,
      },
      {
        key: 'rscp_link',
        name: t('compatibilityScreens.columns.rscpLink'),
        isEditable: true,
        width: 4,
        placeholder: 'https://',
        render: (row) =>
          row.rscp_link ? (
            <Anchor
              href={row.rscp_link}
              target="_blank"
              rel="noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {row.rscp_link}
            </Anchor>
          ) : null,
      },
      {
        key: 'modification_time',
        name: t('compatibilityScreens.columns.modified'),
        type: 'date',
        isSortable: true,
        visibility: { add: false },
      },
      { key: 'updated_by', name: t('compatibilityScreens.columns.user'), width: 2, visibility: { add: false } },
    );
    return list;
  }, [isSystem, t]);

  // Copy is a row action (display and edit mode), not a column of its own.
  const rowActions = useCallback(
    (row: VersionRow) => (
      <Tooltip label={t('compatibilityScreens.copy.button', { version: versionNumbers(row) })}>
        <ActionIcon
          variant="subtle"
          aria-label={t('compatibilityScreens.copy.button', { version: versionNumbers(row) })}
          onClick={() =>
            setCopySource({ href: row.href, parentName: row.parent_name, name: row.name, name2: row.name2 })
          }
          data-testid="copy-version"
        >
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ),
    [t],
  );

  const onAdd = async (values: Record<string, unknown>) => {
    if (!item) return;
    await createVersion(item.href, versionInputOf(values, kind));
    await refresh();
  };
  const onSave = async (changes: Array<RowChange<VersionRow>>) => {
    const result = await saveEach(
      changes,
      (row) => row.href,
      ({ row, values }) => updateVersion(row, versionInputOf({ ...row, ...values }, kind)),
    );
    await refresh();
    return result;
  };
  // A version with compatibilities is refused (409, naming their count); the user may then delete it
  // with them. Declining leaves the refusal on the row.
  const onDelete = async (row: VersionRow) => {
    try {
      await deleteVersion(row);
    } catch (error) {
      const count = compatibilitiesBlocking(error);
      if (count === null || !(await cascade.confirm(versionLabelText(row), count))) throw error;
      await deleteVersion(row, { withCompatibilities: true });
    }
    await refresh();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <SelectionList
            title={t(`compatibilityScreens.kinds.${kind}`)}
            {...items.list}
            selectedId={item?.href ?? null}
            onSelect={(href) => {
              items.choose(href);
              setCopied(null);
            }}
            emptyText={t('compatibilityScreens.noItems')}
            testId="items-list"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            {copied && (
              <Alert
                color="green"
                role="status"
                withCloseButton
                onClose={() => setCopied(null)}
                closeButtonLabel={t('compatibilityScreens.dismiss')}
                data-testid="copy-result"
              >
                {t('compatibilityScreens.copy.done', {
                  version: versionNumbers(copied),
                  count: copied.copied_compatibilities,
                })}
              </Alert>
            )}
            {item ? (
              <EditableTable<VersionRow>
                tableKey={`compatibility-${kind}-versions`}
                title={t('compatibilityScreens.versionsOf', { item: item.name })}
                rows={versions.data ?? []}
                columns={columns}
                getRowId={(row) => row.href}
                historyOf={historyOf}
                loading={versions.isFetching}
                loadError={versions.error}
                onRetry={() => void versions.refetch()}
                height={VERSIONS_HEIGHT}
                initialSort={{ key: 'name' }}
                onAdd={onAdd}
                onSave={onSave}
                onDelete={onDelete}
                rowActions={rowActions}
                onReload={() => void refresh()}
              />
            ) : (
              <Text c="dimmed" role="status" data-testid="choose-item">
                {t('compatibilityScreens.chooseItem')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {cascade.dialog}
      <CopyVersionDialog
        kind={kind}
        source={copySource}
        onClose={() => setCopySource(null)}
        onCopied={(copy) => {
          setCopySource(null);
          setCopied(copy);
        }}
      />
    </Stack>
  );
}
