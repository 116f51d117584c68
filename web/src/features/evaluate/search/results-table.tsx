import { WatchStar } from '../../../components/watch-star';
import type { SearchResult } from '@dp/contract';
import { Anchor, Group, Loader, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLoadAhead } from '../../../components/use-load-ahead';
import { useAsOf, withAt } from '../as-of';
import { rememberSelection, resultLabel, resultLink } from './open-result';

const ROW_HEIGHT = 37;
const MAX_HEIGHT = 400;
/** Rows still below the view when the next page of results is asked for. */
const LOAD_AHEAD_ROWS = 20;

interface ResultsTableProps {
  results: SearchResult[];
  /** The server holds further results, to ask for (`loadMore`) as the end of these scrolls near. */
  hasMore: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  loadMore: () => void;
  onOpen: (result: SearchResult) => void;
}

/**
 * The results with parent name, name, name2 and type, as many as have been loaded (a page at a time, the
 * next as the end scrolls near), so only the visible ones are rendered; each row's first cell is a link
 * (keyboard and middle click), a click anywhere opens it.
 */
export function ResultsTable({ results, hasMore, loadingMore, loadMore, onOpen }: ResultsTableProps) {
  const { t } = useTranslation();
  const { at } = useAsOf();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A row that is not laid out (a hidden tab, jsdom) measures 0; the estimate is better then.
    measureElement: (row) => row.getBoundingClientRect().height || ROW_HEIGHT,
    overscan: 10,
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  useLoadAhead(virtualizer, { count: results.length, ahead: LOAD_AHEAD_ROWS, hasMore, loadingMore, loadMore });

  const openRow = (event: MouseEvent, result: SearchResult) => {
    // The link in the first cell navigates by itself.
    if (event.target instanceof Element && event.target.closest('a')) return;
    onOpen(result);
  };

  return (
    <div ref={scrollRef} style={{ maxHeight: MAX_HEIGHT, overflow: 'auto' }}>
      <Table
        stickyHeader
        highlightOnHover
        aria-label={t('search.resultsLabel')}
        aria-rowcount={hasMore ? -1 : results.length + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th>{t('search.columns.parent')}</Table.Th>
            <Table.Th>{t('search.columns.name')}</Table.Th>
            <Table.Th>{t('search.columns.name2')}</Table.Th>
            <Table.Th>{t('search.columns.type')}</Table.Th>
            <Table.Th>{t('watches.column')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {rows.map((row) => {
            const result = results[row.index];
            if (!result) return null;
            const type = t(`search.types.${result.type}`);
            return (
              <Table.Tr
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                aria-rowindex={row.index + 2}
                style={{ cursor: 'pointer' }}
                onClick={(event) => openRow(event, result)}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={withAt(resultLink(result), at)}
                    onClick={() => rememberSelection(result)}
                    aria-label={t('search.openResult', { label: resultLabel(result), type })}
                  >
                    {result.parent}
                  </Anchor>
                </Table.Td>
                <Table.Td>{result.name}</Table.Td>
                <Table.Td>{result.name2}</Table.Td>
                <Table.Td>{type}</Table.Td>
                <Table.Td>
                  {result.href.includes('/versions/') && <WatchStar href={result.href} label={resultLabel(result)} />}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Tbody>
      </Table>
      {loadingMore && (
        <Group gap="xs" p="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('table.loadingMore')}
          </Text>
        </Group>
      )}
    </div>
  );
}
