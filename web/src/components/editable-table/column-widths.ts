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

/**
 * The column's width as a share of the summed widths (SPEC 2: default 3). With `fixedPixels` (the
 * select and actions columns of edit mode) the shares split only what those leave of the table, so
 * that the columns together never exceed the table's width: given the table's width in pixels, as
 * percentages of it (browsers ignore calc() with percentages on table columns); before the table is
 * measured, as calc() of the rest.
 */
export function widthShares<Row>(columns: ColumnDef<Row>[], fixedPixels = 0, tableWidth = 0): string[] {
  const total = columns.reduce((sum, c) => sum + (c.width ?? 3), 0);
  const trim = (n: number, digits: number) => n.toFixed(digits).replace(/\.?0+$/, '');
  const rest = fixedPixels > 0 && tableWidth > fixedPixels ? (tableWidth - fixedPixels) / tableWidth : 1;
  return columns.map((c) => {
    const share = (c.width ?? 3) / total;
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
