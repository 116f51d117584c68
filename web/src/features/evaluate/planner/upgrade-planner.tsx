import { Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useItemSearch } from '../../../components/use-item-search';
import { EvaluatePageHeader } from '../evaluate-page-header';
import { useCompatibleIds } from '../matrix/api/use-compatible-ids';
import { hrefsOf, useMatrixCatalogs } from '../matrix/api/use-matrix-catalogs';
import { AssemblyMultiSelect, assemblyOptions, ChoiceSelect } from '../matrix/matrix-selects';
import { downloadChecklist, usePlanner } from './api/use-planner';
import { PlanAnswer } from './planner-answer';
import { SystemsForParts } from './planner-systems';
import {
  onePerItem,
  parsePlannerQuestion,
  plannerRequestOf,
  plannerSearch,
  type PlannerQuestion,
} from './planner-question';
import { PLANNER_MAX_ASSEMBLIES, PLANNER_MAX_SUBASSEMBLIES } from '@dp/contract';

const EMPTY: PlannerQuestion = { system: null, from: null, to: null, assemblies: [], subassemblies: [] };

/**
 * /evaluate/upgrade-planner (issue 43): pick a system, its installed version, the installed assemblies
 * (from those related to that version) and sub-assemblies, and the target version; the server proposes
 * what to change. The whole question lives in the address, so a link shares it.
 */
export function UpgradePlanner() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const question = useMemo(() => parsePlannerQuestion(params), [params]);
  const write = (next: PlannerQuestion) => setParams(plannerSearch(next));

  const catalogs = useMatrixCatalogs([question.system]);
  const system = question.system === null ? undefined : catalogs.systems.get(question.system);
  const systemSearch = useItemSearch('systems', system);
  const versions = (system?.versions ?? []).map((entry) => ({ value: entry.id, label: entry.name }));

  const installed = useCompatibleIds(
    useMemo(() => hrefsOf([question.from], catalogs.systemVersions), [question.from, catalogs.systemVersions]),
    'assemblies',
  );
  const subassemblies = useCompatibleIds(
    useMemo(() => question.assemblies.map((id) => `/api/assemblies/versions/${id}`), [question.assemblies]),
    'subassemblies',
  );
  const assemblyChoices = useMemo(
    () => assemblyOptions(question.from === null ? undefined : installed.byId.get(question.from), installed.labels),
    [question.from, installed],
  );
  const subassemblyChoices = useMemo(
    () => assemblyOptions(new Set([...subassemblies.byId.values()].flatMap((ids) => [...ids])), subassemblies.labels),
    [subassemblies],
  );

  const request = plannerRequestOf(question);
  const plan = usePlanner(request);
  const download = useMutation({
    mutationFn: (type: 'pdf' | 'xlsx') => (request ? downloadChecklist(request, type) : Promise.resolve()),
  });

  let answer;
  if (!request) answer = <Text c="dimmed">{t('planner.pickQuestion')}</Text>;
  else if (plan.isError) answer = <LoadError error={plan.error} onRetry={() => void plan.refetch()} />;
  else if (!plan.data)
    answer = (
      <Center h={200}>
        <Loader size="sm" role="status" aria-label={t('browsers.loading')} />
      </Center>
    );
  else
    answer = (
      <PlanAnswer plan={plan.data} onDownload={(type) => download.mutate(type)} downloading={download.isPending} />
    );

  return (
    <Stack gap="md">
      <EvaluatePageHeader page="upgradePlanner" asOf={false} loading={plan.isFetching} onReset={() => write(EMPTY)}>
        <Text c="dimmed">{t('evaluate.pages.upgradePlanner.description')}</Text>
      </EvaluatePageHeader>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <ChoiceSelect
            label={t('planner.system')}
            placeholder={t('matrix.systemPlaceholder')}
            data={systemSearch.options.map((entry) => ({ value: entry.id, label: entry.name }))}
            value={question.system}
            onChoose={(id) => write({ ...EMPTY, system: id })}
            loading={catalogs.loading || systemSearch.loading}
            search={{ value: systemSearch.searchValue, onChange: systemSearch.onSearchChange }}
          />
          <ChoiceSelect
            label={t('planner.from')}
            placeholder={t('matrix.versionPlaceholder')}
            data={versions}
            value={question.from}
            // Another installed version has other related assemblies: the chosen ones go.
            onChoose={(id) => write({ ...question, from: id, assemblies: [], subassemblies: [] })}
            disabled={!system}
          />
          <ChoiceSelect
            label={t('planner.to')}
            placeholder={t('matrix.versionPlaceholder')}
            data={versions}
            value={question.to}
            onChoose={(id) => write({ ...question, to: id })}
            disabled={!system}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
          <AssemblyMultiSelect
            label={t('planner.assemblies')}
            placeholder={t('planner.assembliesPlaceholder')}
            data={assemblyChoices}
            value={question.assemblies}
            max={PLANNER_MAX_ASSEMBLIES}
            onChange={(ids) => write({ ...question, assemblies: onePerItem(ids, installed.parents) })}
            loading={question.from !== null && installed.loading}
            disabled={question.from === null}
            emptyMessage={t('planner.noAssemblies')}
          />
          <AssemblyMultiSelect
            label={t('planner.subassemblies')}
            placeholder={t('planner.subassembliesPlaceholder')}
            data={subassemblyChoices}
            value={question.subassemblies}
            max={PLANNER_MAX_SUBASSEMBLIES}
            onChange={(ids) => write({ ...question, subassemblies: onePerItem(ids, subassemblies.parents) })}
            loading={question.assemblies.length > 0 && subassemblies.loading}
            disabled={question.assemblies.length === 0}
            emptyMessage={t('planner.noSubassemblies')}
          />
        </SimpleGrid>
      </Paper>
      {answer}
      {request && (
        <SystemsForParts
          request={{ assemblies: request.assemblies ?? [], subassemblies: request.subassemblies ?? [] }}
        />
      )}
    </Stack>
  );
}
