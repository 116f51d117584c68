import type { KindPath } from '@dp/contract';
import { Center, CloseButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVersionPages, type ListedVersion } from '../api/use-version-pages';
import { shortLabel, useNameLimit } from './display';
import { VirtualListbox } from './virtual-listbox';
import { LoadError } from '../../../components/load-error';
import { useQueryPaging } from '../../../components/use-load-ahead';
import { VersionListLabels } from '../labels/print-labels-button';

const VERSION_LIST_HEIGHT = 400;
const ROW_HEIGHT = 36;
/** The server is asked once typing pauses, not for every key. */
const FILTER_DEBOUNCE_MS = 250;

interface VersionSelectorProps {
  kind: KindPath;
  heading: string;
  selectedHref: string | undefined;
  onSelect: (version: ListedVersion) => void;
}

/**
 * The version selection list of a browser: a text filter above a virtualised list of the kind's
 * versions. The server filters and sends a page at a time; scrolling near the end loads the next.
 */
export function VersionSelector({ kind, heading, selectedHref, onSelect }: VersionSelectorProps) {
  const { t } = useTranslation();
  const limit = useNameLimit();
  const [filter, setFilter] = useState('');
  const [debouncedFilter] = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const { versions, error, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useVersionPages(kind, debouncedFilter);
  // While typing, the rows of the previous filter would be taken for matches: the spinner shows instead.
  const shown = filter.trim() === debouncedFilter ? versions : undefined;
  // A failed further page shows below the list, with a retry.
  const paging = useQueryPaging({ hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage });

  return (
    <Stack gap="xs">
      <TextInput
        aria-label={t('browsers.filterVersions', { heading })}
        placeholder={t('browsers.filterPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        rightSection={
          filter && <CloseButton size="sm" aria-label={t('browsers.clearFilter')} onClick={() => setFilter('')} />
        }
      />
      <VersionListLabels kind={kind} filter={debouncedFilter} list={heading} />
      {isError && !shown?.length ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !shown ? (
        <Center h={VERSION_LIST_HEIGHT}>
          <Loader size="sm" role="status" aria-label={t('browsers.loading')} />
        </Center>
      ) : shown.length === 0 ? (
        <Center h={VERSION_LIST_HEIGHT}>
          <Text c="dimmed">{t('browsers.noData')}</Text>
        </Center>
      ) : (
        <VirtualListbox
          items={shown}
          getKey={(version) => version.href}
          label={heading}
          height={VERSION_LIST_HEIGHT}
          rowHeight={ROW_HEIGHT}
          selectedKey={selectedHref}
          onActivate={onSelect}
          rowProps={(version) => ({ title: version.label })}
          testId="version-selector"
          paging={paging}
          renderItem={(version) => (
            <Text size="sm" px="sm" lh={`${ROW_HEIGHT}px`} truncate>
              {shortLabel(version, limit)}
            </Text>
          )}
        />
      )}
      {shown && shown.length > 0 && isFetchNextPageError && (
        <LoadError error={error} onRetry={() => void fetchNextPage()} />
      )}
    </Stack>
  );
}
