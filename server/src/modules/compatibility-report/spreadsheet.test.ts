import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  EXCEL_MAX_CELL_CHARS,
  formatDateTime,
  needsDrain,
  sheetPipes,
  wallClock,
  xmlSafe,
} from './spreadsheet.js';

describe('cellText', () => {
  it('leaves ordinary text alone, formula-like text included', () => {
    for (const text of ['Bremsgerät BG-410', '=SUM(A1:A3)', '+1', '-2', '@x', '\tTab', 'Zeile 1\nZeile 2', '😀 ✓'])
      expect(cellText(text)).toBe(text);
  });

  it('drops what XML 1.0 forbids: C0 controls but tab and line feed, U+FFFE/U+FFFF, unpaired surrogates', () => {
    expect(cellText('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg')).toBe('abcdefg');
    expect(cellText('x\ufffey\uffffz')).toBe('xyz');
    expect(cellText('lone \ud800 high, lone \udc00 low, pair \ud83d\ude00')).toBe(
      'lone  high, lone  low, pair \ud83d\ude00',
    );
    expect(xmlSafe('a\u0002b')).toBe('ab');
  });

  it('writes a carriage return as the OOXML escape, so no XML parser turns it into a line feed', () => {
    expect(cellText('\rfirst\r\nsecond')).toBe('_x000D_first_x000D_\nsecond');
  });

  it('escapes text that would read as an OOXML escape', () => {
    expect(cellText('part_x0041_B')).toBe('part_x005F_x0041_B');
    expect(cellText('_x00aF_')).toBe('_x005F_x00aF_');
    expect(cellText('_X0041_')).toBe('_X0041_'); // the escape is a lower-case x only
    expect(cellText('_x12_ is no escape')).toBe('_x12_ is no escape');
  });

  it("cuts text at Excel's cell limit without splitting a surrogate pair", () => {
    const long = 'a'.repeat(EXCEL_MAX_CELL_CHARS + 10);
    const cut = cellText(long);
    expect(cut).toHaveLength(EXCEL_MAX_CELL_CHARS);
    expect(cut.endsWith('a…')).toBe(true);
    const emojiAtCut = `${'a'.repeat(EXCEL_MAX_CELL_CHARS - 3)}\ud83d\ude00${'b'.repeat(10)}`;
    const safe = cellText(emojiAtCut);
    expect(safe.length).toBeLessThanOrEqual(EXCEL_MAX_CELL_CHARS);
    expect(safe).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(cellText('a'.repeat(EXCEL_MAX_CELL_CHARS))).toHaveLength(EXCEL_MAX_CELL_CHARS);
  });
});

describe('times', () => {
  it('formats dd.MM.yyyy HH:mm:ss in local time', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(d.getTime())).toBe('05.01.2026 07:08:09');
  });

  it('gives a Date whose UTC fields are the local wall-clock time', () => {
    const d = new Date(2026, 6, 31, 23, 59, 1);
    const shifted = wallClock(d.getTime());
    expect([
      shifted.getUTCFullYear(),
      shifted.getUTCMonth(),
      shifted.getUTCDate(),
      shifted.getUTCHours(),
      shifted.getUTCMinutes(),
      shifted.getUTCSeconds(),
    ]).toEqual([2026, 6, 31, 23, 59, 1]);
  });
});

it("finds the streams exceljs's sheet writer feeds (its internals, pinned at 4.4.0)", async () => {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('x');
  const pipes = sheetPipes(sheet);
  expect(pipes.length).toBeGreaterThan(0);
  for (const pipe of pipes) expect(typeof pipe.write).toBe('function');
  expect(pipes.some(needsDrain)).toBe(false);
  // Committed rows reach them in 64 KB pieces, however much they already hold: what the report's
  // backpressure waits on.
  for (let i = 0; i < 3000; i++) sheet.addRow([{ richText: [{ text: `row ${i} ${'x'.repeat(20)}` }] }]).commit();
  expect(pipes.some(needsDrain)).toBe(true);
  sheet.commit();
  await workbook.commit();
});
