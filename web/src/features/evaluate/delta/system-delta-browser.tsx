import { idOfHref, type Item, type Version } from '@dp/contract';
import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useItemList, useVersionsOfItem } from '../api/use-item-list';
import { useSystemDelta } from '../api/use-system-delta';
import { VirtualListbox } from '../browsers/virtual-listbox';
import { EvaluatePageHeader } from '../evaluate-page-header';
import { DeltaTable } from './delta-table';

const PICK_HEIGHT = 300;
const PICK_ROW = 36;

/** The numeric id at the end of an href such as /api/systems/versions/281. */

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
}: {
  heading: string;
  items: readonly T[] | undefined;
  selectedHref: string | undefined;
  onPick: (item: T) => void;
  name: (item: T) => string;
  placeholder: string;
}) {
  let body: ReactNode;
  if (!items)
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
      {body}
    </Paper>
  );
}

/**
 * /evaluate/system-delta-browser (SPEC 2): pick a system and two of its versions, compare their system
 * and assembly compatibilities. The choice lives in the address as ?system=&v1=&v2= (ids).
 */
export function SystemDeltaBrowser() {
  const { t } = useTranslation();
  const systems = useItemList('systems');
  const [params, setParams] = useSearchParams();
  const fetching = useIsFetching({ queryKey: ['evaluate'] }) > 0;

  const systemId = idParam(params.get('system'));
  const v1Id = idParam(params.get('v1'));
  const v2Id = idParam(params.get('v2'));
  const system = systems.data?.find((item) => idOfHref(item.href) === systemId);
  const versions = useVersionsOfItem(system?.href);
  const versionOf = (id: number | undefined) => versions.data?.find((version) => idOfHref(version.href) === id);
  const version1 = versionOf(v1Id);
  const version2 = versionOf(v2Id);
  const delta = useSystemDelta(version1 && v1Id, version2 && v2Id);

  // An address naming a system or version that does not exist (any more) is reported, never blank.
  const unknown =
    (systems.data !== undefined && params.has('system') && !system) ||
    (versions.data !== undefined && ((params.has('v1') && !version1) || (params.has('v2') && !version2)));

  const pickSystem = (item: Item) => {
    // SPEC 4: choosing a different system clears both versions.
    if (item.href !== system?.href) setParams({ system: String(idOfHref(item.href)) });
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
    result = <Text c="dimmed">{t(system ? 'browsers.delta.pickVersions' : 'browsers.delta.pickSystem')}</Text>;
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
    );
  }

  return (
    <Stack gap="md">
      <EvaluatePageHeader page="systemDeltaBrowser" loading={fetching} onReset={() => setParams({})}>
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
          items={systems.data}
          selectedHref={system?.href}
          onPick={pickSystem}
          name={(item) => item.name}
          placeholder={t('browsers.loading')}
        />
        <PickList
          heading={t('browsers.delta.version1')}
          items={system && versions.data}
          selectedHref={version1?.href}
          onPick={pickVersion('v1')}
          name={versionName}
          placeholder={t(system ? 'browsers.loading' : 'browsers.delta.pickSystem')}
        />
        <PickList
          heading={t('browsers.delta.version2')}
          items={system && versions.data}
          selectedHref={version2?.href}
          onPick={pickVersion('v2')}
          name={versionName}
          placeholder={t(system ? 'browsers.loading' : 'browsers.delta.pickSystem')}
        />
      </SimpleGrid>

      {result}
    </Stack>
  );
}
