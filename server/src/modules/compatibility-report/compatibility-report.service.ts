import {
  APP_VERSION,
  PRODUCT_NAME,
  renderMessage,
  type CompatibilityStatus,
  type MessageKey,
  type MessageLanguage,
  naturalCompare,
  type MessageParams,
  type Role,
} from '@dp/contract';
import type ExcelJS from 'exceljs';
import { PassThrough, type Readable } from 'node:stream';
import type { Db, Executor } from '../../db/connection.js';
import { kindName, notFound, numbered } from '../../http/errors.js';
import * as queries from './compatibility-report.queries.js';
import type { ReportColumns, ReportRow } from './compatibility-report.queries.js';
import {
  DATE_TIME_FORMAT,
  EXCEL_MAX_ROWS,
  formatDateTime,
  needsDrain,
  sheetPipes,
  TEXT_FORMAT,
  textCell,
  timeZoneName,
  wallClock,
  xmlSafe,
} from './spreadsheet.js';

/** What a report buffers for a reader that is slower than the generator. */
const REPORT_BUFFER_BYTES = 16 * 1024;

export const REPORT_FILE_NAME = 'report.xlsx';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportRequest {
  role: Role;
  username: string;
  language: MessageLanguage;
  /** One system; all systems when absent. */
  systemId?: number;
}

/**
 * SPEC 6: extern sees statuses only; intern also obligation texts and references; the comments column
 * of the relation table is the admin's, so only the admin's report has one.
 */
export function columnsFor(role: Role): ReportColumns {
  return { details: role !== 'extern', comments: role === 'admin' };
}

// The screens' status colours (web/src/components/compatibility-status.tsx: green, orange, red, cyan)
// as Mantine's default palette resolves them: rows take `-light` (shade 1) like the relation tables,
// the status text shade 9 (`-light-color`).
const STATUS_COLOURS: Record<CompatibilityStatus, { fill: string; text: string }> = {
  allowed: { fill: 'FFD3F9D8', text: 'FF2B8A3E' },
  conditional: { fill: 'FFFFE8CC', text: 'FFD9480F' },
  forbidden: { fill: 'FFFFE3E3', text: 'FFC92A2A' },
  irrelevant: { fill: 'FFC5F6FA', text: 'FF0B7285' },
};
const STATUSES = Object.keys(STATUS_COLOURS) as CompatibilityStatus[];

type Style = Partial<ExcelJS.Style>;
const solid = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });
// A font with name and size in full: exceljs writes only what is given, and a <font> with just <b/>
// is left for each application to complete its own way.
const font = (extra: Partial<ExcelJS.Font>): Partial<ExcelJS.Font> => ({
  name: 'Calibri',
  family: 2,
  size: 11,
  ...extra,
});

// One style object per kind of cell and status: exceljs recognises a style it has seen by identity,
// so 1.9M cells cost a few style lookups instead of one style each.
const headerStyle: Style = {
  numFmt: TEXT_FORMAT,
  font: font({ bold: true }),
  fill: solid('FFE9ECEF'),
  border: { bottom: { style: 'thin', color: { argb: 'FF868E96' } } },
  alignment: { vertical: 'middle' },
};
const rowStyles = Object.fromEntries(
  STATUSES.map((status) => {
    const { fill, text: ink } = STATUS_COLOURS[status];
    const styles: Record<'text' | 'status' | 'date', Style> = {
      text: { numFmt: TEXT_FORMAT, fill: solid(fill) },
      status: { numFmt: TEXT_FORMAT, fill: solid(fill), font: font({ bold: true, color: { argb: ink } }) },
      date: { numFmt: DATE_TIME_FORMAT, fill: solid(fill), alignment: { horizontal: 'left' } },
    };
    return [status, styles];
  }),
) as Record<CompatibilityStatus, Record<'text' | 'status' | 'date', Style>>;
const labelStyle: Style = { numFmt: TEXT_FORMAT, font: font({ bold: true }), alignment: { vertical: 'top' } };
const valueStyle: Style = { numFmt: TEXT_FORMAT, alignment: { vertical: 'top', wrapText: true } };
const dateValueStyle: Style = { numFmt: DATE_TIME_FORMAT, alignment: { horizontal: 'left', vertical: 'top' } };
const titleStyle: Style = { numFmt: TEXT_FORMAT, font: font({ bold: true, size: 14 }) };

type Kind = 'text' | 'status' | 'date';
interface Column {
  header: MessageKey;
  width: number;
  kind: Kind;
  value: (row: ReportRow, system: SystemLabel) => ExcelJS.CellValue;
}
interface SystemLabel {
  system: string;
  version: string;
}

function columnList(columns: ReportColumns, say: Say): Column[] {
  const statusLabels = Object.fromEntries(
    STATUSES.map((s) => [s, textCell(say(`compatibilityReport.status.${s}`))]),
  ) as Record<CompatibilityStatus, ExcelJS.CellValue>;
  const list: Column[] = [
    { header: 'compatibilityReport.column.system', width: 30, kind: 'text', value: (_, s) => textCell(s.system) },
    {
      header: 'compatibilityReport.column.systemVersion',
      width: 16,
      kind: 'text',
      value: (_, s) => textCell(s.version),
    },
    { header: 'compatibilityReport.column.assembly', width: 36, kind: 'text', value: (r) => textCell(r.assembly) },
    { header: 'compatibilityReport.column.partNumber', width: 22, kind: 'text', value: (r) => textCell(r.part_number) },
    {
      header: 'compatibilityReport.column.materialNumber',
      width: 22,
      kind: 'text',
      value: (r) => textCell(r.material_number),
    },
    { header: 'compatibilityReport.column.status', width: 16, kind: 'status', value: (r) => statusLabels[r.status] },
  ];
  if (columns.details) {
    list.push(
      {
        header: 'compatibilityReport.column.obligation',
        width: 60,
        kind: 'text',
        value: (r) => textCell(r.obligation),
      },
      {
        header: 'compatibilityReport.column.references',
        width: 32,
        kind: 'text',
        value: (r) => textCell((r.references ?? []).join('; ')),
      },
    );
  }
  if (columns.comments) {
    const comment = (c: { author: string; comment: string; ms: number }) =>
      say('compatibilityReport.comment', { author: c.author, time: formatDateTime(c.ms), text: c.comment });
    list.push({
      header: 'compatibilityReport.column.comments',
      width: 60,
      kind: 'text',
      value: (r) => textCell((r.comments ?? []).map(comment).join('\n')),
    });
  }
  list.push({
    header: 'compatibilityReport.column.modified',
    width: 20,
    kind: 'date',
    value: (r) => wallClock(r.modified_ms),
  });
  return list;
}

type Say = (key: MessageKey, params?: MessageParams) => string;

const CURSOR = 'compatibility_report';

export interface ReportLimits {
  /** Rows per sheet, the header included; a report with more continues on further sheets. */
  rowsPerSheet: number;
  /** Rows fetched from the cursor at a time: few round trips, yet memory stays flat. */
  pageSize: number;
}
/** What the product uses; tests pass smaller ones to reach further sheets and backpressure with little data. */
export const REPORT_LIMITS: ReportLimits = { rowsPerSheet: EXCEL_MAX_ROWS, pageSize: 2000 };

/** The client went away; stop reading and release the connection. */
class ReportAborted extends Error {}

/**
 * Waits until what was written has moved on towards the reader (backpressure), or fails when the
 * reader left: first exceljs's pipes into the zip (see sheetPipes), then the response stream.
 */
async function readerCaughtUp(out: PassThrough, sheet: ExcelJS.Worksheet): Promise<void> {
  for (const stream of [...sheetPipes(sheet), out]) {
    if (out.destroyed) throw new ReportAborted();
    if (!needsDrain(stream)) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        out.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      // Once the client is gone nothing drains any more.
      out.on('close', done);
    });
  }
  if (out.destroyed) throw new ReportAborted();
}

interface Scope {
  /** Null for all systems. */
  systemName: string | null;
  /** System versions in the order of the screens: by system name, then version number. */
  versions: queries.SystemVersionRow[];
}

async function loadScope(tx: Executor, systemId: number | undefined): Promise<Scope> {
  let name: string | null = null;
  if (systemId !== undefined) {
    name = await queries.systemName(tx, systemId);
    if (name === null) throw notFound(numbered(kindName('system'), systemId));
  }
  const versions = (await queries.systemVersions(tx, systemId)).sort(
    (a, b) =>
      naturalCompare(a.system_name, b.system_name) ||
      a.item_id - b.item_id ||
      naturalCompare(a.version_name, b.version_name) ||
      a.id - b.id,
  );
  return { systemName: name, versions };
}

/**
 * The XLSX compatibility report (SPEC 2 'Database screens', issue 10 part 4): every system version's
 * assembly compatibilities, one row each, projected by the reader's role, in their language.
 *
 * Resolves once the request is known to be answerable (an unknown system rejects with a 404) and
 * then streams: the rows come from a cursor in one read-only snapshot, go through exceljs's
 * streaming writer and leave as zip output while later rows are still being read, at the pace of
 * the reader. Memory does not grow with the size of the report.
 */
export function compatibilityReport(
  db: Db,
  request: ReportRequest,
  limits: ReportLimits = REPORT_LIMITS,
): Promise<Readable> {
  return new Promise((resolve, reject) => {
    // A report waits for its reader once 16 kB are waiting (Node 22 raised the default to 64 kB): the
    // snapshot stays open no longer than the reader needs.
    const out = new PassThrough({ highWaterMark: REPORT_BUFFER_BYTES });
    // Failures after the first byte are reported by Fastify (it listens for the stream's error); this
    // listener only keeps a write after the client left from becoming an unhandled 'error' event.
    out.on('error', () => {});
    let started = false;
    db.transaction(
      async (tx) => {
        const scope = await loadScope(tx, request.systemId);
        started = true;
        resolve(out);
        return writeSheets(tx, request, scope, out, limits);
      },
      // One snapshot: a report never mixes states of concurrent edits.
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
      // The zip's last parts (styles, directory) need no database: the connection is back in the pool.
      .then((workbook) => unlessAborted(out, workbook.commit()))
      .catch((err: unknown) => {
        if (!started) reject(err instanceof Error ? err : new Error(String(err)));
        else if (!(err instanceof ReportAborted)) out.destroy(err as Error);
      });
  });
}

/**
 * `work`, or ReportAborted as soon as the reader is gone: exceljs's commit waits for the stream to
 * take everything and would otherwise wait forever.
 */
async function unlessAborted<T>(out: PassThrough, work: Promise<T>): Promise<T> {
  let onClose = () => {};
  const closed = new Promise<never>((_, reject) => {
    onClose = () => reject(new ReportAborted());
    if (out.destroyed) onClose();
    else out.once('close', onClose);
  });
  try {
    return await Promise.race([work, closed]);
  } finally {
    out.off('close', onClose);
  }
}

/** Every sheet of the report, written and committed; what is left is committing the workbook. */
async function writeSheets(
  tx: Executor,
  request: ReportRequest,
  scope: Scope,
  out: PassThrough,
  { rowsPerSheet, pageSize }: ReportLimits,
): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const say: Say = (key, params) => renderMessage(key, params, request.language);
  const createdMs = Date.now();
  // Loaded at the first report, not at start (exceljs alone is a quarter of a second).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = xmlSafe(request.username);
  workbook.created = new Date(createdMs);

  const columns = columnList(columnsFor(request.role), say);
  const lastColumn = columns.length;
  const labels = new Map(scope.versions.map((v) => [v.id, { system: v.system_name, version: v.version_name }]));

  let sheet!: ExcelJS.Worksheet;
  let sheetCount = 0;
  let rowNumber = 0;
  const openSheet = () => {
    sheetCount++;
    const name =
      sheetCount === 1
        ? say('compatibilityReport.sheet.data')
        : say('compatibilityReport.sheet.dataContinued', { number: sheetCount });
    // Views and column widths precede the rows in the sheet's XML, so a streamed sheet takes them now.
    sheet = workbook.addWorksheet(name, {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });
    sheet.columns = columns.map((c) => ({ width: c.width }));
    const header = sheet.addRow(columns.map((c) => textCell(say(c.header))));
    header.height = 20;
    header.eachCell((cell) => (cell.style = headerStyle));
    header.commit();
    rowNumber = 1;
  };
  const closeSheet = () => {
    // Written after the rows, so it can span them all: the filter applies to every row, not the first.
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rowNumber, column: lastColumn } };
    sheet.commit();
  };

  openSheet();
  let total = 0;
  if (scope.versions.length > 0) {
    await queries.openReportCursor(
      tx,
      CURSOR,
      scope.versions.map((v) => v.id),
      columnsFor(request.role),
    );
    let next = queries.fetchReportRows(tx, CURSOR, pageSize);
    for (;;) {
      const rows = await next;
      const more = rows.length === pageSize;
      if (more) {
        // PostgreSQL reads the next page while this one is written. Should writing fail, the page is
        // not awaited: marking it handled keeps its outcome from becoming an unhandled rejection.
        next = queries.fetchReportRows(tx, CURSOR, pageSize);
        next.catch(() => {});
      }
      for (const row of rows) {
        if (rowNumber === rowsPerSheet) {
          closeSheet();
          openSheet();
        }
        const system = labels.get(row.system_version_id);
        if (!system) throw new Error(`system version ${row.system_version_id} is outside the report's scope`);
        const styles = rowStyles[row.status];
        const line = sheet.addRow(columns.map((c) => c.value(row, system)));
        columns.forEach((column, i) => (line.getCell(i + 1).style = styles[column.kind]));
        line.commit();
        rowNumber++;
      }
      total += rows.length;
      await readerCaughtUp(out, sheet);
      if (!more) break;
    }
  }
  closeSheet();

  const dataMs = await queries.dataModifiedMs(tx);
  writeAboutSheet(workbook, say, {
    scope: scope.systemName === null ? say('compatibilityReport.about.allSystems') : scope.systemName,
    view: say(
      `compatibilityReport.about.view${request.role === 'admin' ? 'Admin' : request.role === 'intern' ? 'Intern' : 'Extern'}`,
    ),
    createdMs,
    createdBy: request.username,
    dataMs,
    total,
  });
  if (out.destroyed) throw new ReportAborted();
  return workbook;
}

interface About {
  scope: string;
  view: string;
  createdMs: number;
  createdBy: string;
  dataMs: number | null;
  total: number;
}

/** A second sheet that says what the report holds, for whom, and how current it is. */
function writeAboutSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, say: Say, about: About) {
  const sheet = workbook.addWorksheet(say('compatibilityReport.sheet.about'));
  sheet.columns = [{ width: 34 }, { width: 80 }];
  const add = (values: ExcelJS.CellValue[], styles: Style[]) => {
    const row = sheet.addRow(values);
    styles.forEach((style, i) => (row.getCell(i + 1).style = style));
    row.commit();
  };
  const pair = (label: MessageKey, value: ExcelJS.CellValue, style = valueStyle) =>
    add([textCell(say(label)), value], [labelStyle, style]);

  add([textCell(say('compatibilityReport.title'))], [titleStyle]);
  add([], []);
  pair('compatibilityReport.about.scope', textCell(about.scope));
  pair('compatibilityReport.about.view', textCell(about.view));
  pair('compatibilityReport.about.rows', about.total, { alignment: { horizontal: 'left' } });
  pair('compatibilityReport.about.createdAt', wallClock(about.createdMs), dateValueStyle);
  pair('compatibilityReport.about.createdBy', textCell(about.createdBy));
  pair('compatibilityReport.about.dataState', about.dataMs === null ? null : wallClock(about.dataMs), dateValueStyle);
  pair('compatibilityReport.about.version', textCell(`${PRODUCT_NAME} ${APP_VERSION}`));
  pair('compatibilityReport.about.timeZone', textCell(timeZoneName()));
  add([], []);
  add([textCell(say('compatibilityReport.about.legend'))], [labelStyle]);
  for (const status of STATUSES)
    add([textCell(say(`compatibilityReport.status.${status}`))], [rowStyles[status].status]);
  sheet.commit();
}
