import {
  renderMessage,
  type MessageKey,
  type MessageLanguage,
  type PairStatus,
  type PlannerResponse,
  type VersionLabel,
} from '@dp/contract';
import { formatDateTime, TEXT_FORMAT, textCell, xmlSafe } from '../compatibility-report/spreadsheet.js';
import { loadFonts } from '../delta-report/delta-report.pdf.js';

export const CHECKLIST_TYPES = {
  pdf: { contentType: 'application/pdf', fileName: 'upgrade-checklist.pdf' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: 'upgrade-checklist.xlsx',
  },
} as const;

export interface ChecklistAudience {
  language: MessageLanguage;
  username: string;
}

/** The checklist's content, in the reader's language: the same for both file types. */
interface Sheet {
  title: string;
  lines: string[];
  sections: Array<{ title: string; columns: string[]; widths: number[]; rows: string[][] }>;
}

const versionOf = (label: VersionLabel) => [label.name, label.name2].filter(Boolean).join(' / ');
const partOf = (label: VersionLabel) => `${label.parent_name} ${versionOf(label)}`.trim();

function sheetOf(plan: PlannerResponse, audience: ChecklistAudience): Sheet {
  const say = (key: MessageKey, params?: Record<string, string>) => renderMessage(key, params, audience.language);
  const status = (s: PairStatus) =>
    say(s === 'not_recorded' ? 'plannerChecklist.status.not_recorded' : `compatibilityReport.status.${s}`);
  // Extern sees statuses only: its checklist has no obligation column (the answer carries none).
  const obligations = plan.obligations;
  const obligationOf = (a: VersionLabel, b: VersionLabel) =>
    obligations?.find((o) => o.a.href === a.href && o.b.href === b.href)?.obligation ?? '';
  const done = say('plannerChecklist.column.done');
  return {
    title: say('plannerChecklist.title'),
    lines: [
      say('plannerChecklist.upgrade', {
        system: plan.system.parent_name,
        from: versionOf(plan.system),
        to: versionOf(plan.target),
      }),
      say('plannerChecklist.generated', { at: formatDateTime(Date.now()), user: audience.username }),
    ],
    sections: [
      {
        title: say('plannerChecklist.changes'),
        columns: [
          done,
          say('plannerChecklist.column.part'),
          say('plannerChecklist.column.from'),
          say('plannerChecklist.column.to'),
        ],
        widths: [8, 34, 20, 20],
        rows: plan.change.map((c) => ['☐', c.from.parent_name, versionOf(c.from), versionOf(c.to)]),
      },
      {
        title: say('plannerChecklist.blockers'),
        columns: [
          say('plannerChecklist.column.part'),
          say('plannerChecklist.column.reason'),
          say('compatibilityReport.column.status'),
        ],
        widths: [34, 40, 16],
        rows: plan.blockers.map((b) => [
          partOf(b.part),
          `${partOf(b.pair.a)} – ${partOf(b.pair.b)}`,
          status(b.pair.status),
        ]),
      },
      {
        title: say('plannerChecklist.checks'),
        columns: [
          done,
          say('plannerChecklist.column.first'),
          say('plannerChecklist.column.second'),
          say('compatibilityReport.column.status'),
          ...(obligations ? [say('compatibilityReport.column.obligation')] : []),
        ],
        widths: obligations ? [8, 30, 30, 14, 50] : [8, 36, 36, 16],
        rows: plan.checks.map((c) => [
          '☐',
          partOf(c.a),
          partOf(c.b),
          status(c.status),
          ...(obligations ? [obligationOf(c.a, c.b)] : []),
        ]),
      },
    ],
  };
}

/** The checklist as a workbook of one sheet, with the reports' safety rules: every text cell literal text. */
export async function checklistXlsx(plan: PlannerResponse, audience: ChecklistAudience): Promise<Buffer> {
  const sheet = sheetOf(plan, audience);
  // Loaded at the first export, not at start (exceljs alone is a quarter of a second).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = xmlSafe(audience.username);
  workbook.title = xmlSafe(sheet.title);
  const ws = workbook.addWorksheet(sheet.title.slice(0, 31));
  ws.columns = Array.from({ length: 5 }, (_, i) => ({
    width: Math.max(...sheet.sections.map((s) => s.widths[i] ?? 10)),
  }));
  const add = (values: Array<string | null>, bold = false) => {
    const row = ws.addRow(values.map((v) => textCell(v)));
    row.eachCell((cell) => {
      cell.numFmt = TEXT_FORMAT;
      cell.alignment = { vertical: 'top', wrapText: true };
      if (bold) cell.font = { bold: true };
    });
  };
  add([sheet.title], true);
  for (const line of sheet.lines) add([line]);
  for (const section of sheet.sections) {
    add([]);
    add([section.title], true);
    add(section.columns, true);
    if (section.rows.length === 0) add([renderMessage('plannerChecklist.none', {}, audience.language)]);
    for (const row of section.rows) add(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const MARGIN = 50;

/** The checklist as an A4 PDF in the reports' embedded font (every name prints, the text can be searched). */
export async function checklistPdf(plan: PlannerResponse, audience: ChecklistAudience): Promise<Buffer> {
  const sheet = sheetOf(plan, audience);
  const fonts = loadFonts();
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: audience.language,
    info: { Title: sheet.title, Author: audience.username },
  });
  doc.registerFont('Sans', fonts.regular);
  doc.registerFont('Sans-Bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('Sans-Bold').fontSize(16).text(sheet.title);
  doc.font('Sans').fontSize(10);
  for (const line of sheet.lines) doc.text(line);
  for (const section of sheet.sections) {
    doc.moveDown(1).font('Sans-Bold').fontSize(12).text(section.title, MARGIN);
    const total = section.widths.reduce((a, b) => a + b, 0);
    const columnWidths = section.widths.map((w) => (w / total) * width);
    const row = (cells: string[], bold: boolean) => {
      // A line of its own ("None.") spans the table.
      const widths = cells.length === 1 ? [width] : columnWidths;
      doc.font(bold ? 'Sans-Bold' : 'Sans').fontSize(9);
      const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 4 })));
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        doc.text(cell, x, top, { width: (widths[i] ?? 0) - 4 });
        x += widths[i] ?? 0;
      });
      doc.x = MARGIN;
      doc.y = top + height + 4;
    };
    doc.moveDown(0.3);
    row(section.columns, true);
    if (section.rows.length === 0) row([renderMessage('plannerChecklist.none', {}, audience.language)], false);
    for (const cells of section.rows) row(cells, false);
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
