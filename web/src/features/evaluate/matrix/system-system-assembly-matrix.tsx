import { idOfHref, naturalCompare } from '@dp/contract';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemSearch } from '../../../components/use-item-search';
import { useCompatibleIds } from './api/use-compatible-ids';
import { useAssemblyMatrix } from './api/use-matrix';
import { assemblyHrefs, hrefsOf, useMatrixCatalogs, type SystemEntry } from './api/use-matrix-catalogs';
import type { MatrixColumnGroup } from './matrix-table';
import { MatrixResult } from './matrix-result';
import { MatrixScreen } from './matrix-screen';
import { AssemblyMultiSelect, assemblyOptions, ChoiceSelect, type IdOption } from './matrix-selects';
import { MAX_ASSEMBLIES, relatedTo, type SystemBlock } from './selection-rules';
import {
  checkSystemSystemAssembly,
  parseSystemSystemAssemblySearch,
  relatedOffer,
  systemsTakenElsewhere,
  systemSystemAssemblyReducer,
  systemSystemAssemblySearch,
  visibleBlocks,
  type BlockIndex,
  type SystemSystemAssemblyAction,
  type SystemSystemAssemblyFacts,
} from './system-system-assembly-selection';
import { useUrlSelection } from './use-url-selection';

interface BlockProps {
  index: BlockIndex;
  systems: IdOption[];
  /** Block 0's system field asks the server as the user types; the others offer related systems. */
  systemSearch?: { value: string; onChange: (text: string) => void };
  versions: IdOption[];
  assemblies: IdOption[];
  system: number | null;
  version: number | null;
  chosen: number[];
  loading: { systems: boolean; assemblies: boolean };
  dispatch: (action: SystemSystemAssemblyAction) => void;
}

function SelectorBlock({
  index,
  systems,
  systemSearch,
  versions,
  assemblies,
  system,
  version,
  chosen,
  loading,
  dispatch,
}: BlockProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={`matrix-block-${index}`}
      data-testid={`matrix-block-${index}`}
    >
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={`matrix-block-${index}`}>
            {t('matrix.block', { number: index + 1 })}
          </Title>
          <Text size="sm" c="dimmed">
            {index === 0 ? t('matrix.blockRows') : t('matrix.blockColumns')}
          </Text>
        </div>
        <Stack gap="xs">
          <ChoiceSelect
            label={t('matrix.system')}
            placeholder={t('matrix.systemPlaceholder')}
            data={systems}
            value={system}
            onChoose={(id) => dispatch({ type: 'system', block: index, id })}
            loading={loading.systems}
            search={systemSearch}
          />
          <ChoiceSelect
            label={t('matrix.version')}
            placeholder={t('matrix.versionPlaceholder')}
            data={versions}
            value={version}
            onChoose={(id) => dispatch({ type: 'version', block: index, id })}
            disabled={system === null}
          />
          <AssemblyMultiSelect
            label={t('matrix.components')}
            placeholder={t('matrix.componentsPlaceholder')}
            data={assemblies}
            value={chosen}
            max={MAX_ASSEMBLIES}
            onChange={(ids) => dispatch({ type: 'assemblies', block: index, ids })}
            loading={version !== null && loading.assemblies}
            disabled={version === null}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}

/** "System 1.2.0" for a block with a chosen version. */
function versionName(systems: ReadonlyMap<number, SystemEntry>, block: SystemBlock): string | undefined {
  const system = block.system === null ? undefined : systems.get(block.system);
  const version = system?.versions.find((entry) => entry.id === block.version);
  return system && version ? `${system.name} ${version.name}` : undefined;
}

/**
 * /evaluate/system-system-assembly-matrix: the assemblies of one system version (block 0, rows) against
 * related assemblies of up to two other system versions (blocks 1 and 2, columns). The blocks live in
 * the URL.
 */
export function SystemSystemAssemblyMatrix() {
  const { t } = useTranslation();
  const url = useUrlSelection(parseSystemSystemAssemblySearch, systemSystemAssemblySearch);
  const requested = url.selection;
  const catalogs = useMatrixCatalogs(requested.map((block) => block.system));

  const versionAssemblies = useCompatibleIds(
    useMemo(() => hrefsOf([requested[0].version], catalogs.systemVersions), [requested, catalogs.systemVersions]),
    'assemblies',
  );
  const partners = useCompatibleIds(
    useMemo(
      () =>
        assemblyHrefs(
          requested[0].assemblies,
          requested[0].version === null ? undefined : versionAssemblies.byId.get(requested[0].version),
        ),
      [requested, versionAssemblies.byId],
    ),
    'assemblies',
  );
  // Which system versions each related assembly fits: one small call per related assembly version.
  const systemVersionsOf = useCompatibleIds(
    useMemo(() => {
      const related = relatedTo(requested[0].assemblies, partners.byId).ids;
      return assemblyHrefs([...related], related);
    }, [requested, partners.byId]),
    'systems',
  );
  const facts = useMemo<SystemSystemAssemblyFacts>(
    () => ({
      versionIdsOf: catalogs.versionIdsOf,
      versionAssemblies: versionAssemblies.byId,
      partners: partners.byId,
      systemVersionsOf: systemVersionsOf.byId,
      systemOfVersion: systemVersionsOf.parents,
    }),
    [catalogs.versionIdsOf, versionAssemblies.byId, partners.byId, systemVersionsOf.byId, systemVersionsOf.parents],
  );
  const checked = useMemo(() => checkSystemSystemAssembly(requested, facts), [requested, facts]);
  const blocks = checked.selection;
  const dispatch = (action: SystemSystemAssemblyAction) =>
    url.write(checkSystemSystemAssembly(systemSystemAssemblyReducer(blocks, action), facts).selection);
  const offer = useMemo(() => relatedOffer(blocks[0].assemblies, facts), [blocks, facts]);
  const relatedLoading = partners.loading || systemVersionsOf.loading;

  const columns = [...blocks[1].assemblies, ...blocks[2].assemblies];
  const matrix = useAssemblyMatrix(blocks[0].assemblies, columns, checked.complete);

  const systemById = catalogs.systems;
  const block0System = blocks[0].system === null ? undefined : systemById.get(blocks[0].system);
  const systemSearch = useItemSearch('systems', block0System);
  // Blocks 1 and 2 offer the systems of the related assemblies' system versions, named by those lists.
  const relatedSystems = [...offer.systems.keys()]
    .map((id) => ({ id, name: systemVersionsOf.parentNames.get(id) ?? '' }))
    .sort((a, b) => naturalCompare(a.name, b.name));
  const blockProps = (index: BlockIndex): Omit<BlockProps, 'dispatch'> => {
    const block = blocks[index];
    const taken = systemsTakenElsewhere(blocks, index);
    const system = block.system === null ? undefined : systemById.get(block.system);
    const offeredSystems = index === 0 ? systemSearch.options : relatedSystems;
    const relatedVersions = system && offer.systems.get(system.id);
    const offeredVersions =
      index === 0
        ? (system?.versions ?? [])
        : (system?.versions ?? []).filter((entry) => relatedVersions?.includes(entry.id));
    const assemblies =
      block.version === null
        ? undefined
        : index === 0
          ? versionAssemblies.byId.get(block.version)
          : offer.assemblies.get(block.version);
    return {
      index,
      systems: offeredSystems.map((entry) => ({ value: entry.id, label: entry.name, disabled: taken.has(entry.id) })),
      ...(index === 0
        ? { systemSearch: { value: systemSearch.searchValue, onChange: systemSearch.onSearchChange } }
        : {}),
      versions: offeredVersions.map((entry) => ({ value: entry.id, label: entry.name })),
      assemblies: assemblyOptions(assemblies, index === 0 ? versionAssemblies.labels : partners.labels),
      system: block.system,
      version: block.version,
      chosen: block.assemblies,
      loading: {
        systems: catalogs.loading || (index === 0 ? systemSearch.loading : relatedLoading),
        assemblies: catalogs.loading || (index === 0 ? versionAssemblies.loading : relatedLoading),
      },
    };
  };

  const visible = visibleBlocks(blocks);
  const othersOffered = [...offer.systems.keys()].some((system) => system !== blocks[0].system);
  const noneRelated = visible.length > 1 && offer.complete && !othersOffered;
  const selectors = (
    <SimpleGrid cols={{ base: 1, lg: 3 }}>
      <SelectorBlock {...blockProps(0)} dispatch={dispatch} />
      {visible.length > 1 &&
        (noneRelated ? (
          <Alert color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="matrix-no-related-systems">
            {t('matrix.noRelatedInOtherSystems')}
          </Alert>
        ) : (
          <>
            <SelectorBlock {...blockProps(1)} dispatch={dispatch} />
            <SelectorBlock {...blockProps(2)} dispatch={dispatch} />
          </>
        ))}
    </SimpleGrid>
  );

  const groupsOf = (data: { columns: MatrixColumnGroup['columns'] }): MatrixColumnGroup[] => {
    const byId = new Map(data.columns.map((column) => [idOfHref(column.href), column]));
    return ([1, 2] as const)
      .filter((index) => blocks[index].assemblies.length > 0)
      .map((index) => ({
        key: `block-${index}`,
        label: versionName(systemById, blocks[index]),
        columns: blocks[index].assemblies.flatMap((id) => byId.get(id) ?? []),
      }));
  };

  return (
    <MatrixScreen
      page="systemSystemAssemblyMatrix"
      onReset={() => dispatch({ type: 'reset' })}
      dropped={[...url.dropped, ...checked.dropped]}
      onDismissDropped={() => url.write(blocks, { replace: true })}
      selectors={selectors}
    >
      <MatrixResult
        ready={blocks[0].assemblies.length > 0 && columns.length > 0}
        failed={catalogs.failed || versionAssemblies.failed || partners.failed || systemVersionsOf.failed}
        emptyText={t('matrix.emptySystemSystemAssembly')}
        matrix={matrix}
        caption={t('evaluate.pages.systemSystemAssemblyMatrix.title')}
        rowsLabel={versionName(systemById, blocks[0])}
        groupsOf={groupsOf}
      />
    </MatrixScreen>
  );
}
