/**
 * Turning database text and times into what an XLSX cell can hold without Excel or LibreOffice
 * asking to repair the file or reading something else into it, and keeping exceljs's streaming
 * writer at the pace of its reader.
 */
import type ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';

/** Excel refuses (asks to repair) a cell with more characters than this. */
export const EXCEL_MAX_CELL_CHARS = 32_767;
/** Rows per sheet in Excel and LibreOffice, the header row included. */
export const EXCEL_MAX_ROWS = 1_048_576;

// XML 1.0 §2.2 allows tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD and U+10000–U+10FFFF; with the
// u flag an unpaired surrogate is a code point of its own and is matched (and dropped) as well.
const forbiddenInXml = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
// OOXML (ECMA-376 ST_Xstring) reads `_xHHHH_` as the character HHHH; a literal one must have its
// underscore escaped as `_x005F_`, or "_x0041_" in a name would come back as "A".
const escapeLike = /_(x[0-9A-Fa-f]{4}_)/g;
// Anything cellText might change: a character outside the plain ranges (CR, controls, surrogates,
// U+FFFE/U+FFFF) or the start of something like an escape.
const needsWork = /[^\t\n\u0020-\uD7FF\uE000-\uFFFD]|_x/;

/** Text without the characters XML 1.0 forbids (for document properties, which know no escapes). */
export const xmlSafe = (value: string) => value.replace(forbiddenInXml, '');

/**
 * Text as an XLSX cell must hold it: characters XML 1.0 forbids are dropped (the file would not
 * open), a carriage return is written as OOXML's `_x000D_` (an XML parser would otherwise turn it into
 * a line feed), text that looks like such an escape is escaped itself, and overlong text is cut at
 * Excel's limit with an ellipsis.
 */
export function cellText(value: string): string {
  // Nearly every text is plain: one cheap test instead of three replacements per cell, which at
  // size L (millions of cells) is the difference of seconds.
  if (value.length <= EXCEL_MAX_CELL_CHARS && !needsWork.test(value)) return value;
  let text = xmlSafe(value);
  if (text.length > EXCEL_MAX_CELL_CHARS) {
    let cut = EXCEL_MAX_CELL_CHARS - 1;
    // Never split a surrogate pair: half of one is itself forbidden.
    if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
    text = `${text.slice(0, cut)}…`;
  }
  // After the cut, so the escapes cannot be cut in half (they may push a cell a little past the
  // limit; Excel counts the decoded characters).
  return text.replace(escapeLike, '_x005F_$1').replace(/\r/g, '_x000D_');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** SPEC 9's dd.MM.yyyy HH:mm:ss, in the server's time zone. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The number format that shows a date cell as dd.MM.yyyy HH:mm:ss in Excel and LibreOffice alike. */
export const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm:ss';

/**
 * A moment as a Date whose UTC fields are the server's local wall-clock time. Spreadsheet dates have
 * no time zone and exceljs writes a Date's UTC fields, so this makes the cell show local time.
 */
export function wallClock(ms: number): Date {
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
}

/** The name of the server's time zone ('Europe/Berlin', 'UTC'), as the report states it. */
export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The streams a streamed exceljs worksheet feeds its XML into. exceljs 4.4 (pinned in package.json
 * for this) writes a sheet into a buffer (`stream`, a StreamBuf) that pushes each 64 KB into these
 * `pipes` — archiver's input for the sheet's zip entry — ignoring their backpressure: with a reader
 * slower than the writer, uncompressed XML would pile up there without bound. Waiting for them to
 * drain restores backpressure from the HTTP client through deflate to the rows.
 */
export function sheetPipes(sheet: object): Writable[] {
  const pipes = (sheet as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? (pipes as Writable[]) : [];
}

/**
 * Whether a stream holds more than it wants until it emits 'drain'. archiver's streams come from
 * readable-stream 2, which lacks Node's `writableNeedDrain` getter; both keep the flag in the state.
 */
export function needsDrain(stream: Writable): boolean {
  return (
    stream.writableNeedDrain ??
    (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true
  );
}

/** Excel's and LibreOffice's "Text" number format: what is typed into such a cell stays text, never a formula. */
export const TEXT_FORMAT = '@';

/**
 * A text cell's value. exceljs writes a plain string as `t="str"` (a formula's cached result);
 * rich text is written as an inline string (`t="inlineStr"`), OOXML's literal text, which no reader
 * evaluates — so a name like "=HYPERLINK(…)" is shown as it is. The Text number format on every
 * text cell keeps it text when someone edits it.
 */
export const textCell = (value: string | null | undefined): ExcelJS.CellRichTextValue | null =>
  value === null || value === undefined || value === '' ? null : { richText: [{ text: cellText(value) }] };
