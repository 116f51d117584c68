import { foldedIncludes } from '@dp/contract';
import { Box, CloseButton, Loader, NavLink, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadOnScroll } from '../../../components/use-load-on-scroll';

const noMore = () => {};

export interface SelectionEntry {
  id: string;
  label: string;
  description?: string;
}

interface SelectionListProps {
  title: string;
  entries: SelectionEntry[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading?: boolean;
  /** Shown when there are no entries at all. */
  emptyText: string;
  /** Height of the scrolling list (SPEC 9: version list 400px). */
  height?: number;
  testId: string;
  /**
   * A list the server filters and pages: `filter` is its filter (the list shows `entries` as they are) and
   * `more` its next page, asked for as the list's end scrolls near.
   */
  server?: {
    filter: string;
    onFilterChange: (filter: string) => void;
    hasMore: boolean;
    loadingMore: boolean;
    loadMore: () => void;
  };
}

/** Moves the focus between the entries with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-entry]')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : event.key === 'ArrowDown'
          ? Math.min(index + 1, buttons.length - 1)
          : Math.max(index - 1, 0);
  buttons[next]?.focus();
}

/** A titled, filterable list of which one entry can be chosen (items, then versions, on the left of a screen). */
export function SelectionList({
  title,
  entries,
  selectedId,
  onSelect,
  loading = false,
  emptyText,
  height = 400,
  testId,
  server,
}: SelectionListProps) {
  const { t } = useTranslation();
  const [ownFilter, setOwnFilter] = useState('');
  const filter = server ? server.filter : ownFilter;
  const setFilter = server ? server.onFilterChange : setOwnFilter;
  const headingId = useId();
  const shown = useMemo(
    () =>
      server ? entries : entries.filter((entry) => foldedIncludes(`${entry.label} ${entry.description ?? ''}`, filter)),
    [entries, filter, server],
  );
  const paging = useLoadOnScroll({
    count: entries.length,
    hasMore: server?.hasMore ?? false,
    loadingMore: server?.loadingMore ?? false,
    loadMore: server?.loadMore ?? noMore,
  });

  return (
    <Paper withBorder p="xs" data-testid={testId}>
      <Stack gap="xs">
        <Title order={2} size="h5" id={headingId}>
          {title}
        </Title>
        <TextInput
          size="xs"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={t('compatibilityScreens.filter')}
          aria-label={t('compatibilityScreens.filterLabel', { what: title })}
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={
            filter ? (
              <CloseButton size="sm" aria-label={t('compatibilityScreens.clearFilter')} onClick={() => setFilter('')} />
            ) : null
          }
          data-testid={`${testId}-filter`}
        />
        {/* Long names wrap (anywhere, if need be) in a narrow panel rather than scroll sideways. */}
        <ScrollArea.Autosize
          mah={height}
          type="auto"
          scrollbars="y"
          style={{ overflowWrap: 'anywhere' }}
          viewportRef={paging.viewportRef}
          onScrollPositionChange={paging.onScrollPositionChange}
        >
          {loading ? (
            <Box role="status" aria-live="polite" p="xs">
              <Loader size="sm" aria-hidden />{' '}
              <Text span size="sm" c="dimmed">
                {t('compatibilityScreens.loading')}
              </Text>
            </Box>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed" p="xs" role="status">
              {entries.length === 0 ? emptyText : t('compatibilityScreens.nothingFound')}
            </Text>
          ) : (
            <div role="group" aria-labelledby={headingId} onKeyDown={moveFocus}>
              {shown.map((entry) => (
                <NavLink
                  key={entry.id}
                  component="button"
                  type="button"
                  data-entry
                  label={entry.label}
                  description={entry.description}
                  active={entry.id === selectedId}
                  aria-pressed={entry.id === selectedId}
                  onClick={() => onSelect(entry.id)}
                  data-testid={`${testId}-entry`}
                />
              ))}
            </div>
          )}
          {server?.hasMore && (
            <Text size="xs" c="dimmed" p="xs" role="status">
              {t(server.loadingMore ? 'table.loadingMore' : 'table.moreOnScroll', { shown: entries.length })}
            </Text>
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
