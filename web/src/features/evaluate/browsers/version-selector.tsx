import { fold } from '@dp/contract';
import { Center, CloseButton, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogVersion } from '../api/use-item-versions';
import { shortLabel, useNameLimit } from './display';
import { VirtualListbox } from './virtual-listbox';

const VERSION_LIST_HEIGHT = 400;
const ROW_HEIGHT = 36;

interface VersionSelectorProps {
  heading: string;
  versions: readonly CatalogVersion[] | undefined;
  selectedHref: string | undefined;
  onSelect: (version: CatalogVersion) => void;
}

/** The version selection list of a browser: a text filter above a virtualised list of every version. */
export function VersionSelector({ heading, versions, selectedHref, onSelect }: VersionSelectorProps) {
  const { t } = useTranslation();
  const limit = useNameLimit();
  const [filter, setFilter] = useState('');
  // Typing stays responsive while a list of thousands is filtered.
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => {
    const wanted = fold(deferredFilter);
    return versions?.filter((version) => version.folded.includes(wanted));
  }, [versions, deferredFilter]);

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
      {!shown ? (
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
          renderItem={(version) => (
            <Text size="sm" px="sm" lh={`${ROW_HEIGHT}px`} truncate>
              {shortLabel(version, limit)}
            </Text>
          )}
        />
      )}
    </Stack>
  );
}
