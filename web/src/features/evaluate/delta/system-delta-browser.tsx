import { idOfHref, type Item, type Version } from '@dp/contract';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRoute } from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useQueryPaging } from '../../../components/use-load-ahead';
import { isApiFailure } from '../../../lib/api-failure';
import { useItemPages, useVersionsOfItem } from '../api/use-item-list';
import { useSystemDelta } from '../api/use-system-delta';
import { VirtualListbox, type VirtualListboxProps } from '../browsers/virtual-listbox';
import { paramsWithAt, useAsOf } from '../as-of';
import { EvaluatePageHeader } from '../evaluate-page-header';
import { plannerLink } from '../planner/planner-question';
import { DeltaTable } from './delta-table';

const PICK_HEIGHT = 300;
const PICK_ROW = 36;

/** A positive whole number from the address, or undefined for anything else. */
function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

function PickList<T extends { href: string }>({
  heading,
  items,
  selectedHref,
  onPick,
  name,
  placeholder,
  failure,
  paging,
  chosen,
}: {
  heading: string;
  items: readonly T[] | undefined;
  selectedHref: string | undefined;
  onPick: (item: T) => void;
  name: (item: T) => string;
  placeholder: string;
  /** The list, or its next page, could not be loaded: shown with a retry in its place, or below it. */
  failure?: { error: unknown; retry: () => void };
  paging?: VirtualListboxProps<T>['paging'];
  /** The chosen entry's name, shown under the heading: a paged list may not have loaded its row. */
  chosen?: string;
}) {
  let body: ReactNode;
  if (!items && failure) body = <LoadError error={failure.error} onRetry={failure.retry} />;
  else if (!items)
    body = (
      <Center h={PICK_HEIGHT}>
        <Text c="dimmed" ta="center">
          {placeholder}
        </Text>
      </Center>
    );
  else {
    body = (
      <VirtualListbox
        items={items}
        getKey={(item) => item.href}
        label={heading}
        height={PICK_HEIGHT}
        rowHeight={PICK_ROW}
        selectedKey={selectedHref}
        onActivate={onPick}
        rowProps={(item) => ({ title: name(item) })}
        paging={paging}
        renderItem={(item) => (
          <Text size="sm" px="sm" lh={`${PICK_ROW}px`} truncate>
            {name(item)}
          </Text>
        )}
      />
    );
  }
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={heading}>
      <Title order={2} size="h4" mb="xs">
        {heading}
      </Title>
      {chosen && (
        <Text size="sm" c="dimmed" mb="xs" truncate title={chosen} data-testid="chosen-system">
          {chosen}
        </Text>
      )}
      {body}
      {items && failure && <LoadError error={failure.error} onRetry={failure.retry} />}
    </Paper>
  );
}

/**
 * /evaluate/system-delta-browser (SPEC 2): pick a system and two of its versions, compare their system
 * and assembly compatibilities. The choice lives in the address as ?system=&v1=&v2= (ids).
 */
export function SystemDeltaBrowser() {
  const { t } = useTranslation();
  const systems = useItemPages('systems');
  const [params, setParams] = useSearchParams();
  const { at } = useAsOf();
  const fetching = useIsFetching({ queryKey: ['evaluate'] }) > 0;

  const systemId = idParam(params.get('system'));
  const v1Id = idParam(params.get('v1'));
  const v2Id = idParam(params.get('v2'));
  // The systems come a page at a time: the chosen one is known by its id, whether or not its page is loaded.
  const systemHref = systemId === undefined ? undefined : `/api/systems/${systemId}`;
  const versions = useVersionsOfItem(systemHref);
  const versionOf = (id: number | undefined) => versions.data?.find((version) => idOfHref(version.href) === id);
  const version1 = versionOf(v1Id);
  const version2 = versionOf(v2Id);
  const delta = useSystemDelta(version1 && v1Id, version2 && v2Id);
  const systemUnknown = isApiFailure(versions.error) && versions.error.status === 404;
  const systemPaging = useQueryPaging(systems);

  // An address naming a system or version that does not exist (any more) is reported, never blank.
  const unknown =
    (params.has('system') && (systemId === undefined || systemUnknown)) ||
    (versions.data !== undefined && ((params.has('v1') && !version1) || (params.has('v2') && !version2)));

  const pickSystem = (item: Item) => {
    // SPEC 4: choosing a different system clears both versions.
    if (item.href !== systemHref) setParams(paramsWithAt({ system: String(idOfHref(item.href)) }, at));
  };
  const pickVersion = (which: 'v1' | 'v2') => (version: Version) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(which, String(idOfHref(version.href)));
      return next;
    });
  const versionName = (version: Version) => version.name ?? version.name2 ?? '';

  let result: ReactNode;
  if (!version1 || !version2) {
    result = <Text c="dimmed">{t(systemHref ? 'browsers.delta.pickVersions' : 'browsers.delta.pickSystem')}</Text>;
  } else if (delta.isError) {
    result = <Text c="dimmed">{t('browsers.noData')}</Text>;
  } else if (!delta.data) {
    result = (
      <Center h={200}>
        <Loader size="sm" role="status" aria-label={t('browsers.loading')} />
      </Center>
    );
  } else {
    result = (
      <Stack gap="md">
        {systemId !== undefined && v1Id !== undefined && v2Id !== undefined && (
          <Group>
            <Button
              component={Link}
              to={plannerLink(systemId, v1Id, v2Id)}
              variant="light"
              leftSection={<IconRoute size={16} aria-hidden />}
              data-testid="delta-plan-upgrade"
            >
              {t('planner.fromDelta')}
            </Button>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <DeltaTable
            heading={t('browsers.lists.systems')}
            kind="systems"
            rows={delta.data.systems}
            version1={versionName(version1)}
            version2={versionName(version2)}
          />
          <DeltaTable
            heading={t('browsers.lists.assemblies')}
            kind="assemblies"
            rows={delta.data.assemblies}
            version1={versionName(version1)}
            version2={versionName(version2)}
          />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <EvaluatePageHeader page="systemDeltaBrowser" loading={fetching} onReset={() => setParams(paramsWithAt({}, at))}>
        <Text c="dimmed">{t('browsers.delta.info')}</Text>
      </EvaluatePageHeader>

      {unknown && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="unknown-selection">
          {t('browsers.delta.unknownSelection')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <PickList
          heading={t('browsers.headings.systems')}
          items={systems.items}
          selectedHref={systemHref}
          onPick={pickSystem}
          name={(item) => item.name}
          placeholder={t('browsers.loading')}
          chosen={versions.data?.[0]?.parent_name}
          failure={
            systems.isError
              ? {
                  error: systems.error,
                  retry: () => void (systems.isFetchNextPageError ? systems.fetchNextPage() : systems.refetch()),
                }
              : undefined
          }
          paging={systemPaging}
        />
        {(['v1', 'v2'] as const).map((which) => (
          <PickList
            key={which}
            heading={t(which === 'v1' ? 'browsers.delta.version1' : 'browsers.delta.version2')}
            items={systemHref && !systemUnknown ? versions.data : undefined}
            selectedHref={(which === 'v1' ? version1 : version2)?.href}
            onPick={pickVersion(which)}
            name={versionName}
            placeholder={t(systemHref && !systemUnknown ? 'browsers.loading' : 'browsers.delta.pickSystem')}
            failure={
              versions.isError && !systemUnknown
                ? { error: versions.error, retry: () => void versions.refetch() }
                : undefined
            }
          />
        ))}
      </SimpleGrid>

      {result}
    </Stack>
  );
}
