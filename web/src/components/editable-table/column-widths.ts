import { useLayoutEffect, useState, type RefObject } from 'react';
import type { ColumnDef } from './types';

export const DEFAULT_HEIGHT = 450;
/** The table's own row buttons (edit / save + cancel, delete). */
export const ACTIONS_WIDTH = 120;
/** Default room for EditableTableProps.rowActions (one action icon and its gap). */
export const ROW_ACTIONS_WIDTH = 32;
/** An actions column holding only rowActions still fits its header text. */
export const MIN_ACTIONS_WIDTH = 88;
export const SELECT_WIDTH = 40;

const weightOf = <Row>(column: ColumnDef<Row>) => column.width ?? 3;
const trim = (n: number, digits: number) => n.toFixed(digits).replace(/\.?0+$/, '');

/**
 * The columns' widths in pixels out of `room`: shares of it by their widths, but no column narrower
 * than its `minWidth`; the columns above their minimum share what those at it leave. Where even the
 * minimums do not fit, every column shrinks in proportion to the larger of its minimum and its share.
 */
export function pixelWidths<Row>(columns: ColumnDef<Row>[], room: number): number[] {
  const shareOf = (column: ColumnDef<Row>, of: number, weights: number) =>
    weights > 0 ? (of * weightOf(column)) / weights : 0;
  const totalWeight = columns.reduce((sum, c) => sum + weightOf(c), 0);
  const minimums = columns.reduce((sum, c) => sum + (c.minWidth ?? 0), 0);
  if (minimums > room) {
    const wanted = columns.map((c) => Math.max(c.minWidth ?? 0, shareOf(c, room, totalWeight)));
    const sum = wanted.reduce((a, b) => a + b, 0);
    return wanted.map((width) => (width * room) / sum);
  }
  // Pins every column whose share falls below its minimum, until the shares of the others do not.
  const pinned = new Set<number>();
  for (;;) {
    const free = room - columns.reduce((sum, c, i) => sum + (pinned.has(i) ? (c.minWidth ?? 0) : 0), 0);
    const weights = columns.reduce((sum, c, i) => sum + (pinned.has(i) ? 0 : weightOf(c)), 0);
    const widths = columns.map((c, i) => (pinned.has(i) ? (c.minWidth ?? 0) : shareOf(c, free, weights)));
    const below = columns.flatMap((c, i) => (!pinned.has(i) && (c.minWidth ?? 0) > (widths[i] ?? 0) ? [i] : []));
    if (below.length === 0) return widths;
    for (const i of below) pinned.add(i);
  }
}

/**
 * The column's width as a share of the summed widths (SPEC 2: default 3). With `fixedPixels` (the
 * select and actions columns of edit mode) the shares split only what those leave of the table, so
 * that the columns together never exceed the table's width: given the table's width in pixels, as
 * percentages of it (browsers ignore calc() with percentages on table columns); before the table is
 * measured, as calc() of the rest. Columns with a `minWidth` are kept at least that wide once the
 * table's width is known (see pixelWidths).
 */
export function widthShares<Row>(columns: ColumnDef<Row>[], fixedPixels = 0, tableWidth = 0): string[] {
  if (tableWidth > fixedPixels && columns.some((c) => c.minWidth !== undefined))
    return pixelWidths(columns, tableWidth - fixedPixels).map((width) => `${trim((width / tableWidth) * 100, 4)}%`);
  const total = columns.reduce((sum, c) => sum + weightOf(c), 0);
  const rest = fixedPixels > 0 && tableWidth > fixedPixels ? (tableWidth - fixedPixels) / tableWidth : 1;
  return columns.map((c) => {
    const share = weightOf(c) / total;
    if (fixedPixels > 0 && rest === 1) return `calc((100% - ${fixedPixels}px) * ${trim(share, 6)})`;
    return `${trim(share * rest * 100, 4)}%`;
  });
}

/** The inner width of `element` in pixels (0 until measured, and where layout is not available). */
export function useInnerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The height given as a number of pixels, for the virtualiser's first guess before layout. */
export function pixelsOf(height: number | string | undefined): number {
  if (typeof height === 'number') return height;
  const parsed = height ? Number.parseFloat(height) : Number.NaN;
  return Number.isFinite(parsed) && (!height || height.endsWith('px') || /^\d+$/.test(height))
    ? parsed
    : DEFAULT_HEIGHT;
}
