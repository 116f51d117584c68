import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useLoadAhead } from '../../../components/use-load-ahead';
import classes from './virtual-listbox.module.css';

export interface VirtualListboxProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Called on click and on Enter: select a version, or open a row. */
  onActivate: (item: T) => void;
  label: string;
  height: number;
  /** Every row has this height; fixed heights keep scrolling of long lists cheap. */
  rowHeight: number;
  selectedKey?: string;
  /** Extra attributes per row (a status for styling and tests, a full name as title). */
  rowProps?: (item: T) => { title?: string; style?: CSSProperties; 'data-status'?: string };
  testId?: string;
  /** A list the server pages: its next page is asked for as the rows shown come near the end of `items`. */
  paging?: { hasMore: boolean; loadingMore: boolean; loadMore: () => void };
}

const PAGE = 8;
/** Rows still below the view when the next page of a paged list is asked for. */
const LOAD_AHEAD_ROWS = 20;
const noPaging = { hasMore: false, loadingMore: false, loadMore: () => {} };

/**
 * A focusable, virtualised listbox: only the visible rows are in the DOM. Arrow keys, Home, End and
 * Page keys move the active row, Enter or Space activates it (ARIA listbox with aria-activedescendant).
 */
export function VirtualListbox<T>({
  items,
  getKey,
  renderItem,
  onActivate,
  label,
  height,
  rowHeight,
  selectedKey,
  rowProps,
  testId,
  paging = noPaging,
}: VirtualListboxProps<T>) {
  const id = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const selectedIndex = selectedKey === undefined ? -1 : items.findIndex((item) => getKey(item) === selectedKey);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => getKey(items[index] as T),
    overscan: 6,
  });

  // A selection from the address or a changed filter scrolls the selected row into view; a row that
  // appears because a further page was appended below does not pull the view away from the user.
  const firstKey = items.length > 0 ? getKey(items[0] as T) : undefined;
  const shownFor = useRef({ index: -1, firstKey: undefined as string | undefined, selectedKey });
  useEffect(() => {
    const before = shownFor.current;
    shownFor.current = { index: selectedIndex, firstKey, selectedKey };
    if (selectedIndex < 0 || selectedIndex === before.index) return;
    const appended = before.index < 0 && before.firstKey === firstKey && before.selectedKey === selectedKey;
    if (!appended) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, firstKey, selectedKey, virtualizer]);

  useLoadAhead(virtualizer, { count: items.length, ahead: LOAD_AHEAD_ROWS, ...paging });

  const current = active !== null && active < items.length ? active : null;
  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (items.length === 0) return;
    const from = current ?? (selectedIndex >= 0 ? selectedIndex : -1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(from + 1),
      ArrowUp: () => move(from < 0 ? 0 : from - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      PageDown: () => move(from + PAGE),
      PageUp: () => move(from - PAGE),
      Enter: () => current !== null && onActivate(items[current] as T),
      ' ': () => current !== null && onActivate(items[current] as T),
    };
    const handler = keys[event.key];
    if (!handler) return;
    event.preventDefault();
    handler();
  };

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div
      ref={viewport}
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={current !== null ? optionId(current) : undefined}
      className={classes.viewport}
      style={{ height }}
      onKeyDown={onKeyDown}
      onFocus={() => current === null && items.length > 0 && setActive(Math.max(0, selectedIndex))}
      onBlur={() => setActive(null)}
      data-testid={testId}
    >
      <Box style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as T;
          const extra = rowProps?.(item);
          return (
            <div
              key={row.key}
              id={optionId(row.index)}
              role="option"
              aria-selected={row.index === selectedIndex}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              data-active={row.index === current || undefined}
              className={classes.option}
              title={extra?.title}
              data-status={extra?.['data-status']}
              style={{ ...extra?.style, top: row.start, height: rowHeight }}
              onClick={() => {
                setActive(row.index);
                onActivate(item);
              }}
            >
              {renderItem(item)}
            </div>
          );
        })}
      </Box>
    </div>
  );
}
