import { Paper, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemSearch } from '../../../components/use-item-search';
import { useCompatibleIds } from './api/use-compatible-ids';
import { useAssemblyMatrix } from './api/use-matrix';
import { assemblyHrefs, hrefsOf, useMatrixCatalogs } from './api/use-matrix-catalogs';
import { MatrixResult } from './matrix-result';
import { MatrixScreen } from './matrix-screen';
import { AssemblyMultiSelect, assemblyOptions, ChoiceSelect } from './matrix-selects';
import { MAX_ASSEMBLIES, MAX_OTHER_ASSEMBLIES, relatedTo } from './selection-rules';
import {
  checkSystemAssembly,
  parseSystemAssemblySearch,
  systemAssemblyReducer,
  systemAssemblySearch,
  type SystemAssemblyAction,
  type SystemAssemblyFacts,
} from './system-assembly-selection';
import { useUrlSelection } from './use-url-selection';

/**
 * /evaluate/system-assembly-matrix: a system version's assemblies (rows) against the assemblies related
 * to them (columns). The selection lives in the URL.
 */
export function SystemAssemblyMatrix() {
  const { t } = useTranslation();
  const url = useUrlSelection(parseSystemAssemblySearch, systemAssemblySearch);
  const requested = url.selection;
  const catalogs = useMatrixCatalogs([requested.system]);

  const versionAssemblies = useCompatibleIds(
    useMemo(() => hrefsOf([requested.version], catalogs.systemVersions), [requested.version, catalogs.systemVersions]),
    'assemblies',
  );
  const partners = useCompatibleIds(
    useMemo(
      () =>
        assemblyHrefs(
          requested.assemblies,
          requested.version === null ? undefined : versionAssemblies.byId.get(requested.version),
        ),
      [requested.assemblies, requested.version, versionAssemblies.byId],
    ),
    'assemblies',
  );
  const facts = useMemo<SystemAssemblyFacts>(
    () => ({ versionIdsOf: catalogs.versionIdsOf, versionAssemblies: versionAssemblies.byId, partners: partners.byId }),
    [catalogs.versionIdsOf, versionAssemblies.byId, partners.byId],
  );
  const checked = useMemo(() => checkSystemAssembly(requested, facts), [requested, facts]);
  const selection = checked.selection;
  const dispatch = (action: SystemAssemblyAction) =>
    url.write(checkSystemAssembly(systemAssemblyReducer(selection, action), facts).selection);
  const matrix = useAssemblyMatrix(selection.assemblies, selection.others, checked.complete);

  const system = selection.system === null ? undefined : catalogs.systems.get(selection.system);
  const version = system?.versions.find((entry) => entry.id === selection.version);
  const systemSearch = useItemSearch('systems', system);
  const compatible = selection.version === null ? undefined : versionAssemblies.byId.get(selection.version);
  const related = useMemo(() => relatedTo(selection.assemblies, partners.byId), [selection.assemblies, partners.byId]);
  const componentOptions = useMemo(
    () => assemblyOptions(compatible, versionAssemblies.labels),
    [compatible, versionAssemblies.labels],
  );
  const relatedOptions = useMemo(() => assemblyOptions(related.ids, partners.labels), [related, partners.labels]);

  const selectors = (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChoiceSelect
          label={t('matrix.system')}
          placeholder={t('matrix.systemPlaceholder')}
          data={systemSearch.options.map((entry) => ({ value: entry.id, label: entry.name }))}
          value={selection.system}
          onChoose={(id) => dispatch({ type: 'system', id })}
          loading={catalogs.loading || systemSearch.loading}
          search={{ value: systemSearch.searchValue, onChange: systemSearch.onSearchChange }}
        />
        <ChoiceSelect
          label={t('matrix.version')}
          placeholder={t('matrix.versionPlaceholder')}
          data={(system?.versions ?? []).map((entry) => ({ value: entry.id, label: entry.name }))}
          value={selection.version}
          onChoose={(id) => dispatch({ type: 'version', id })}
          disabled={!system}
        />
        <AssemblyMultiSelect
          label={t('matrix.components')}
          placeholder={t('matrix.componentsPlaceholder')}
          data={componentOptions}
          value={selection.assemblies}
          max={MAX_ASSEMBLIES}
          onChange={(ids) => dispatch({ type: 'assemblies', ids })}
          loading={selection.version !== null && (versionAssemblies.loading || catalogs.loading)}
          disabled={selection.version === null}
        />
        <AssemblyMultiSelect
          label={t('matrix.others')}
          placeholder={t('matrix.othersPlaceholder')}
          data={relatedOptions}
          value={selection.others}
          max={MAX_OTHER_ASSEMBLIES}
          onChange={(ids) => dispatch({ type: 'others', ids })}
          loading={selection.assemblies.length > 0 && partners.loading}
          disabled={selection.assemblies.length === 0}
          emptyMessage={t('matrix.noRelatedAssemblies')}
        />
      </SimpleGrid>
    </Paper>
  );

  return (
    <MatrixScreen
      page="systemAssemblyMatrix"
      onReset={() => dispatch({ type: 'reset' })}
      dropped={[...url.dropped, ...checked.dropped]}
      onDismissDropped={() => url.write(selection, { replace: true })}
      selectors={selectors}
    >
      <MatrixResult
        ready={selection.assemblies.length > 0 && selection.others.length > 0}
        failed={catalogs.failed || versionAssemblies.failed || partners.failed}
        emptyText={t('matrix.emptySystemAssembly')}
        matrix={matrix}
        caption={t('evaluate.pages.systemAssemblyMatrix.title')}
        rowsLabel={system && version ? `${system.name} ${version.name}` : undefined}
        groupsOf={(data) => [{ key: 'others', columns: data.columns }]}
      />
    </MatrixScreen>
  );
}
