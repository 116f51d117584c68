import { LABELS_PER_PAGE, PRODUCT_SHORT_NAME, type LabelLayout } from '@dp/contract';
import type QRCode from 'qrcode';
import { loadFonts } from '../delta-report/delta-report.pdf.js';
import type { Label } from './labels.service.js';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };

/** A sheet: its page size and its grid of equal labels, edge to edge as the common A4 label sheets are cut. */
interface Sheet {
  page: { width: number; height: number };
  columns: number;
  rows: number;
}
const SHEETS: Record<LabelLayout, Sheet> = {
  // 70 × 37.1 mm labels.
  'a4-3x8': { page: A4, columns: 3, rows: 8 },
  // 105 × 42.4 mm labels.
  'a4-2x7': { page: A4, columns: 2, rows: 7 },
  // One 62 × 29 mm label per page: the die-cut labels of 62 mm label printers (e.g. Brother DK-11209).
  '62mm': { page: { width: 62 * MM, height: 29 * MM }, columns: 1, rows: 1 },
};

const PADDING = 3 * MM;
/** Light modules kept around the code inside its square, so a neighbour's text never touches it. */
const QUIET_MODULES = 2;
const INK = '#000000';
const MUTED = '#4a5561';

/**
 * Draws `text` as a QR code filling the square at (x, y) of side `side`: each row's runs of dark modules
 * as rectangles of one path, filled once, so the code stays sharp at any printer's resolution.
 */
function drawQr(doc: PDFKit.PDFDocument, qr: typeof QRCode, text: string, x: number, y: number, side: number) {
  const { modules } = qr.create(text, { errorCorrectionLevel: 'M' });
  const module = side / (modules.size + 2 * QUIET_MODULES);
  const origin = { x: x + QUIET_MODULES * module, y: y + QUIET_MODULES * module };
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      doc.rect(origin.x + start * module, origin.y + row * module, (col - start) * module, module);
    }
  }
  doc.fill(INK);
}

/** One label with its top left corner at (x, y): the code on the left, the names beside it. */
function drawLabel(
  doc: PDFKit.PDFDocument,
  qr: typeof QRCode,
  label: Label,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const side = height - 2 * PADDING;
  drawQr(doc, qr, label.qrText, x + PADDING, y + PADDING, side);
  const textX = x + side + 2 * PADDING;
  const textWidth = width - side - 3 * PADDING;
  const bottom = y + height - PADDING;
  const size = Math.min(9, height / 11);
  const line = (text: string, font: 'Sans' | 'Sans-Bold', fontSize: number, lines = 1) => {
    doc.font(font).fontSize(fontSize);
    const lineHeight = doc.currentLineHeight(true);
    const room = Math.min(lines * lineHeight, bottom - doc.y - size);
    if (text && room >= lineHeight) doc.text(text, textX, doc.y, { width: textWidth, height: room, ellipsis: true });
  };
  doc.fillColor(INK);
  doc.y = y + PADDING;
  line(label.parentName, 'Sans-Bold', size, 2);
  line(label.name ?? '', 'Sans', size);
  line(label.name2 ?? '', 'Sans', size);
  doc
    .font('Sans')
    .fontSize(size * 0.75)
    .fillColor(MUTED)
    .text(PRODUCT_SHORT_NAME, textX, bottom - size * 0.9, { width: textWidth, lineBreak: false });
}

/**
 * The labels as a PDF stream in `layout`, the first `skip` places of the first sheet left empty; pages
 * are handed on as they are finished.
 */
export async function renderLabels(labels: Label[], layout: LabelLayout, skip: number): Promise<PDFKit.PDFDocument> {
  const sheet = SHEETS[layout];
  const font = loadFonts();
  // Loaded at the first sheet, not at start (a tenth of a second of every start otherwise).
  const [{ default: PDFDocument }, { default: qr }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const doc = new PDFDocument({ size: [sheet.page.width, sheet.page.height], margin: 0, autoFirstPage: false });
  doc.registerFont('Sans', font.regular);
  doc.registerFont('Sans-Bold', font.bold);
  doc.info.Title = `${PRODUCT_SHORT_NAME} labels`;
  const perPage = LABELS_PER_PAGE[layout];
  const width = sheet.page.width / sheet.columns;
  const height = sheet.page.height / sheet.rows;
  labels.forEach((label, i) => {
    const place = (skip + i) % perPage;
    if (i === 0 || place === 0) doc.addPage();
    const x = (place % sheet.columns) * width;
    const y = Math.floor(place / sheet.columns) * height;
    drawLabel(doc, qr, label, x, y, width, height);
  });
  doc.end();
  return doc;
}
