import { describe, expect, it } from 'vitest';
import { pixelWidths, widthShares } from './column-widths';
import type { ColumnDef } from './types';

type Row = Record<string, unknown>;
const column = (key: string, width: number, minWidth?: number): ColumnDef<Row> => ({ key, name: key, width, minWidth });

describe('column widths with minimums', () => {
  it('keeps a column at its minimum; the others share the rest by their widths', () => {
    // Shares of 400 px would be 200, 67 and 133: the middle one keeps 100 px, the others split 300 as 3 : 2.
    expect(pixelWidths([column('a', 3), column('b', 1, 100), column('c', 2)], 400)).toEqual([180, 100, 120]);
    // Wide enough: plain shares.
    expect(pixelWidths([column('a', 3), column('b', 1, 100), column('c', 2)], 1200)).toEqual([600, 200, 400]);
  });

  it('keeps a column whose share falls below its minimum only once another one took its own', () => {
    // Shares of 350 px: 200, 50, 100. b takes 100; of the 250 left c would get 83, below its 90.
    expect(pixelWidths([column('a', 4), column('b', 1, 100), column('c', 2, 90)], 350)).toEqual([160, 100, 90]);
  });

  it('shrinks every column in proportion where even the minimums do not fit', () => {
    expect(pixelWidths([column('a', 1, 100), column('b', 1, 200)], 150)).toEqual([50, 100]);
    // A column without a minimum counts with its share (here 100 of 150), so it never vanishes.
    expect(pixelWidths([column('a', 2), column('b', 1, 200)], 150)).toEqual([50, 100]);
  });

  it('gives them as percentages of the measured table, after the fixed columns; unmeasured, as shares', () => {
    const columns = [column('a', 3), column('b', 1, 150)];
    // 440 px less 40 px fixed: b keeps 150 px, a takes the other 250.
    expect(widthShares(columns, 40, 440)).toEqual(['56.8182%', '34.0909%']);
    expect(widthShares(columns, 40)).toEqual(['calc((100% - 40px) * 0.75)', 'calc((100% - 40px) * 0.25)']);
  });
});
