import type { CompatibilityRecord, KindPath, SearchResult } from '@dp/contract';
import { Button, Group, Loader } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy-named';
import {
  compatibilityLabels,
  fullSearchLabels,
  searchResultLabels,
  versionListLabels,
  type LabelVersion,
} from './label-sources';
import { useAsOf } from '../as-of';

// The dialog loads when it first opens: the search's first screen stays as light as it was (issue 13).
const PrintLabelsDialog = lazyNamed(() => import('./print-labels-dialog'), 'PrintLabelsDialog');

/** Versions at hand, or how to collect them when the dialog opens (a paged list the screen has only begun). */
type LabelSource =
  { versions: LabelVersion[] } | { key: readonly unknown[]; load: (signal: AbortSignal) => Promise<LabelVersion[]> };

/** "Print labels" for the list named `list`: opens the labels dialog with its versions. */
export function PrintLabelsButton({ list, source }: { list: string; source: LabelSource }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const loaded = useQuery({
    queryKey: ['evaluate', 'label-versions', ...('key' in source ? source.key : [])],
    queryFn: ({ signal }) => ('load' in source ? source.load(signal) : source.versions),
    enabled: opened && 'load' in source,
    // Collected afresh at each opening: the list may have changed since.
    staleTime: 0,
    gcTime: 0,
    meta: { banner: false },
  });
  return (
    <>
      <Button
        variant="light"
        size="compact-sm"
        // In a column of a Stack it would stretch to the column's width.
        style={{ alignSelf: 'flex-start' }}
        leftSection={<IconQrcode size={16} aria-hidden />}
        aria-label={t('labels.printList', { list })}
        onClick={() => setOpened(true)}
      >
        {t('labels.print')}
      </Button>
      {opened && (
        <Suspense fallback={<Loader size="xs" role="status" aria-label={t('app.loading')} />}>
          <PrintLabelsDialog
            opened
            onClose={() => setOpened(false)}
            versions={'versions' in source ? source.versions : loaded.data}
            loadError={loaded.error}
          />
        </Suspense>
      )}
    </>
  );
}

/** A browser's version list: every version its filter lets through. */
export function VersionListLabels({ kind, filter, list }: { kind: KindPath; filter: string; list: string }) {
  const { at } = useAsOf();
  return (
    <PrintLabelsButton
      list={list}
      source={{ key: ['versions', kind, filter, at], load: (signal) => versionListLabels(kind, filter, at, signal) }}
    />
  );
}

/** A browser's compatibility list (a system's assemblies, …): the versions it shows. */
export function CompatibilityListLabels({
  records,
  list,
}: {
  records: CompatibilityRecord[] | undefined;
  list: string;
}) {
  if (!records?.length) return null;
  return (
    <Group mb="xs">
      <PrintLabelsButton list={list} source={{ versions: compatibilityLabels(records) }} />
    </Group>
  );
}

/** The search shown: all its versions, also those further down than the table has loaded. */
export function SearchResultLabels({
  search,
}: {
  search: { term: string; results: SearchResult[]; next: string | null };
}) {
  const { t } = useTranslation();
  const { at } = useAsOf();
  return (
    <PrintLabelsButton
      list={t('search.resultsLabel')}
      source={
        search.next === null
          ? { versions: searchResultLabels(search.results) }
          : { key: ['search', search.term, at], load: () => fullSearchLabels(search.term, at) }
      }
    />
  );
}
