import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ItemKind } from '../../db/kinds.js';
import type { ReportOutput } from '../report-jobs/report-output.js';
import { reportEvents, ReportTexts, type Block, type ReportInput } from './delta-report.model.js';
import type { Change, Field } from './delta-report.queries.js';

// DejaVu Sans is embedded (as a subset of the glyphs used) so every name prints, whatever its script,
// and the text can be searched and copied: the PDF's standard fonts only know Latin-1.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans, regular and bold, read once: the fonts of every PDF the server writes (reports, label sheets). */
export const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 62, bottom: 62, left: 50, right: 50 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const MAX_Y = PAGE.height - MARGIN.bottom;
const COLOR = {
  ink: '#1d2733',
  muted: '#5b6775',
  line: '#d6dce3',
  band: '#eef1f5',
  accent: '#00646e',
  added: '#1b7f3b',
  addedBg: '#e6f4ea',
  removed: '#b3261e',
  removedBg: '#fbe9e7',
  changed: '#8a5a00',
  changedBg: '#fff4d6',
} as const;
const CHANGE_COLORS: Record<Change, { fg: string; bg: string }> = {
  added: { fg: COLOR.added, bg: COLOR.addedBg },
  removed: { fg: COLOR.removed, bg: COLOR.removedBg },
  changed: { fg: COLOR.changed, bg: COLOR.changedBg },
};

/** Table of contents: one line per part and per section, each exactly this high, so its length in pages is known up front. */
const TOC_LINE = 15;
const TOC_HEADING = 42;
/** Bookmarks beyond this many sections are left out (a viewer's outline panel stops being usable); the contents pages list them all. */
const OUTLINE_MAX_SECTIONS = 2000;

function tocPages(lines: number): number {
  if (lines === 0) return 0;
  const first = Math.floor((MAX_Y - MARGIN.top - TOC_HEADING) / TOC_LINE);
  const next = Math.floor((MAX_Y - MARGIN.top) / TOC_LINE);
  return lines <= first ? 1 : 1 + Math.ceil((lines - first) / next);
}

type FontName = 'Sans' | 'Sans-Bold';
/** How many pages pdfkit's word layout cache lives (see pageAdded). */
const LAYOUT_CACHE_PAGES = 25;

/**
 * Writes the delta report as a PDF to `out`: a cover page with the two states and the counts, the
 * contents with page numbers and links, then the changes part by part; bookmarks for parts and sections;
 * every page numbered. Pages are written out as they fill up (pdfkit without page buffering) so the
 * document is never held whole.
 *
 * The contents come second but are only known once the body is laid out: they are drawn last and their
 * pages then moved to the front of the page tree (a PDF's page order is that tree, not the order of the
 * page objects in the file). How many pages they take is known before the body starts (one fixed-height
 * line per entry), so the body's page numbers are right when they are printed.
 */
export async function renderPdf(input: ReportInput, out: ReportOutput): Promise<void> {
  const tx = new ReportTexts(input.language);
  const title = tx.t('deltaReport.title');
  const statesLine = `${tx.stateName(input.older)} → ${tx.stateName(input.newer)}`;
  const font = loadFonts();
  // Loaded at the first PDF, not at start (a tenth of a second of every start otherwise).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    lang: input.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${title}: ${statesLine}`,
      Author: input.generatedBy,
      Subject: statesLine,
      Creator: 'Digital Portfolio',
      Producer: 'Digital Portfolio (PDFKit)',
    },
  });
  doc.registerFont('Sans', font.regular);
  doc.registerFont('Sans-Bold', font.bold);
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.on('data', (chunk: Buffer) => out.write(chunk));

  // The style in force, so a page break in the middle of a paragraph can be drawn around and resumed.
  let current: { font: FontName; size: number; color: string } = { font: 'Sans', size: 10, color: COLOR.ink };
  const style = (fontName: FontName, size: number, color: string = COLOR.ink) => {
    current = { font: fontName, size, color };
    doc.font(fontName).fontSize(size).fillColor(color);
    return doc;
  };

  let pageNumber = 0;
  let pagesAdded = 0;
  doc.on('pageAdded', () => {
    pageNumber++;
    // pdfkit caches the layout of every distinct word for the life of the document; over thousands of
    // pages of part numbers that cache alone grows by hundreds of megabytes. Started afresh every few
    // pages, it keeps its speed and memory stays flat.
    if (++pagesAdded % LAYOUT_CACHE_PAGES === 0) {
      for (const font of Object.values(
        (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies,
      )) {
        if (font.layoutCache) font.layoutCache = Object.create(null) as object;
      }
    }
    const saved = current;
    const { x, y } = doc;
    // A page break inside a paragraph written in pieces (`continued`) happens while pdfkit holds that
    // paragraph's line wrapper: set it aside, or the header and footer would be wrapped into it.
    const inner = doc as unknown as { _wrapper: unknown; _textOptions: unknown };
    const paragraph = { wrapper: inner._wrapper, options: inner._textOptions };
    inner._wrapper = null;
    inner._textOptions = null;
    // Footer and header lie outside the margins; without this pdfkit would start yet another page.
    doc.page.margins.bottom = 0;
    style('Sans', 7.5, COLOR.muted).text(`${title} · ${statesLine}`, MARGIN.left, 30, {
      width: CONTENT_WIDTH,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    doc
      .moveTo(MARGIN.left, 44)
      .lineTo(PAGE.width - MARGIN.right, 44)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    doc
      .moveTo(MARGIN.left, PAGE.height - 46)
      .lineTo(PAGE.width - MARGIN.right, PAGE.height - 46)
      .stroke();
    style('Sans', 8, COLOR.muted).text(tx.t('deltaReport.page', { page: pageNumber }), MARGIN.left, PAGE.height - 38, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
    style(saved.font, saved.size, saved.color);
    inner._wrapper = paragraph.wrapper;
    inner._textOptions = paragraph.options;
    doc.x = x;
    doc.y = y;
  });

  const newPage = () => {
    doc.addPage();
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const ensure = (height: number) => {
    if (doc.y + height > MAX_Y) newPage();
  };
  const rule = (y: number, color: string = COLOR.line, width = 0.5) =>
    doc
      .moveTo(MARGIN.left, y)
      .lineTo(PAGE.width - MARGIN.right, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();

  // ── cover: title, the two states, the counts ──────────────────────────────────────────────────────
  newPage();
  style('Sans-Bold', 24, COLOR.accent).text(title, MARGIN.left, MARGIN.top + 6, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  style('Sans', 12.5).text(
    tx.t('deltaReport.heading', { older: tx.stateName(input.older), newer: tx.stateName(input.newer) }),
    { width: CONTENT_WIDTH },
  );
  doc.moveDown(1);
  for (const [label, state] of [
    [tx.t('deltaReport.older'), input.older],
    [tx.t('deltaReport.newer'), input.newer],
  ] as const) {
    const y = doc.y;
    style('Sans-Bold', 9.5, COLOR.muted).text(label, MARGIN.left, y, { width: 160 });
    style('Sans', 9.5).text(tx.stateName(state), MARGIN.left + 165, y, { width: 190 });
    style('Sans', 9.5).text(tx.stateDate(state), MARGIN.left + 360, y, { width: CONTENT_WIDTH - 360 });
    doc.y = y + 16;
  }
  doc.moveDown(0.4);
  style('Sans', 8.5, COLOR.muted).text(
    tx.t('deltaReport.generated', { date: tx.date(input.generatedAt), user: input.generatedBy, zone: tx.timeZone }),
    MARGIN.left,
    doc.y,
    { width: CONTENT_WIDTH },
  );
  if (input.swapped) style('Sans', 8.5, COLOR.muted).text(tx.t('deltaReport.ordered'), { width: CONTENT_WIDTH });

  doc.moveDown(1.6);
  style('Sans-Bold', 15).text(tx.t('deltaReport.summary'), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  const numberWidth = 62;
  // The left edge of the i-th of the three number columns.
  const numberLeft = (i: number) => MARGIN.left + CONTENT_WIDTH - numberWidth * (3 - i);
  const summaryRow = (
    cells: [string, string, string, string],
    options: { bold?: boolean; band?: boolean; muted?: boolean },
  ) => {
    const y = doc.y;
    if (options.band) doc.rect(MARGIN.left, y - 3, CONTENT_WIDTH, 18).fill(COLOR.band);
    const color = options.muted ? '#9aa4af' : COLOR.ink;
    style(options.bold ? 'Sans-Bold' : 'Sans', 9.5, color).text(cells[0], MARGIN.left + 6, y, {
      width: numberLeft(0) - MARGIN.left - 6,
      lineBreak: false,
      ellipsis: true,
      height: 12,
    });
    cells.slice(1).forEach((cell, i) =>
      style(options.bold ? 'Sans-Bold' : 'Sans', 9.5, color).text(cell, numberLeft(i), y, {
        width: numberWidth - 6,
        align: 'right',
        lineBreak: false,
      }),
    );
    doc.y = y + 18;
  };
  summaryRow([tx.t('deltaReport.column.entry'), tx.change('added'), tx.change('removed'), tx.change('changed')], {
    bold: true,
    band: true,
  });
  const rows = tx.summaryRows(input.counts);
  for (const r of rows) {
    summaryRow([r.label, String(r.added), String(r.removed), String(r.changed)], {
      muted: r.added + r.removed + r.changed === 0,
    });
    rule(doc.y - 4);
  }
  const sum = (k: 'added' | 'removed' | 'changed') => String(rows.reduce((s, r) => s + r[k], 0));
  rule(doc.y - 4, COLOR.ink, 1);
  summaryRow([tx.t('deltaReport.column.total'), sum('added'), sum('removed'), sum('changed')], { bold: true });
  doc.moveDown(0.8);
  style('Sans', 8.5, COLOR.muted).text(tx.t('deltaReport.grouping'), MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  if (input.totals.lines === 0) {
    doc.moveDown(1.2);
    style('Sans-Bold', 12).text(tx.t('deltaReport.noChanges'), { width: CONTENT_WIDTH });
  }

  // ── body ───────────────────────────────────────────────────────────────────────────────────────────
  const outlineCapped = input.totals.sections > OUTLINE_MAX_SECTIONS;
  const toc = tocPages(
    input.totals.lines === 0 ? 0 : input.totals.parts + input.totals.sections + (outlineCapped ? 1 : 0),
  );
  const kids = (doc as unknown as { _root: { data: { Pages: { data: { Kids: unknown[] } } } } })._root.data.Pages.data
    .Kids;
  // Where each section and part begins: index in the page tree (for links) and printed number.
  const sectionPage = new Int32Array(input.totals.sections);
  const partPage = new Map<ItemKind, number>();
  pageNumber = 1 + toc;

  let part: ItemKind | null = null;
  let partOutline: PDFKit.PDFOutline | null = null;
  let outlined = 0;
  const x0 = MARGIN.left + 14;
  const blockWidth = CONTENT_WIDTH - 14;
  for await (const event of reportEvents(input)) {
    if (event.type === 'section') {
      if (event.kind !== part) {
        part = event.kind;
        newPage();
        partPage.set(part, kids.length - 1);
        const heading = tx.t(`deltaReport.count.item.${part}`);
        partOutline = doc.outline.addItem(heading, { expanded: false });
        style('Sans-Bold', 18, COLOR.accent).text(heading, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
        rule(doc.y + 2, COLOR.accent, 1.2);
        doc.y += 12;
      }
      const name = tx.t('deltaReport.part', { kind: tx.kind(event.kind), name: event.name });
      const ownBadge = event.own?.change ? badgeWidth(event.own.change) + 10 : 0;
      style('Sans-Bold', 11.5);
      const height = doc.heightOfString(name, { width: CONTENT_WIDTH - 20 - ownBadge }) + 10;
      // A heading is kept with what follows it (its own changes, or a version heading and a first block).
      ensure(height + 80);
      doc.y += 6;
      sectionPage[event.index] = kids.length - 1;
      if (outlined < OUTLINE_MAX_SECTIONS) {
        partOutline?.addItem(event.name);
        outlined++;
      }
      const y = doc.y;
      doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.band);
      doc.rect(MARGIN.left, y, 3.5, height).fill(COLOR.accent);
      style('Sans-Bold', 11.5).text(name, MARGIN.left + 12, y + 5, { width: CONTENT_WIDTH - 20 - ownBadge });
      if (event.own?.change) badge(event.own.change, PAGE.width - MARGIN.right - ownBadge + 2, y + height / 2 - 5.5);
      doc.y = y + height + 6;
      if (event.own) drawBlock(event.own, event.kind);
    } else if (event.type === 'version') {
      ensure(60);
      doc.y += 3;
      const y = doc.y;
      const text = tx.t('deltaReport.version', { version: event.label });
      style('Sans-Bold', 10).text(text, MARGIN.left + 6, y, { width: CONTENT_WIDTH - 80 });
      const after = doc.y;
      if (event.own?.change)
        badge(event.own.change, MARGIN.left + 6 + Math.min(doc.widthOfString(text), CONTENT_WIDTH - 80) + 8, y + 1);
      doc.y = after + 3;
      if (event.own) drawBlock(event.own, event.kind);
    } else {
      drawBlock(event.block, event.kind);
    }
  }

  function badgeWidth(change: Change): number {
    style('Sans-Bold', 6.5);
    return doc.widthOfString(tx.change(change).toUpperCase()) + 8;
  }

  function badge(change: Change, x: number, y: number): number {
    const text = tx.change(change).toUpperCase();
    const width = badgeWidth(change);
    doc.roundedRect(x, y, width, 10.5, 5).fill(CHANGE_COLORS[change].bg);
    style('Sans-Bold', 6.5, CHANGE_COLORS[change].fg).text(text, x + 4, y + 2.2, { lineBreak: false });
    return width;
  }

  /** One value, or before → after, in one paragraph (so it wraps and breaks pages as one text). */
  function values(
    field: Field | null,
    before: string | null,
    after: string | null,
    mode: Change,
    x: number,
    y: number,
    width: number,
  ) {
    const shown = (v: string | null) => tx.value(field, v);
    if (mode === 'added') {
      style('Sans', 9).text(shown(after), x, y, { width });
    } else if (mode === 'removed') {
      style('Sans', 9, COLOR.removed).text(shown(before), x, y, { width, strike: true });
    } else {
      style('Sans', 9, COLOR.removed).text(shown(before), x, y, { width, continued: true, strike: true });
      style('Sans', 9, COLOR.muted).text('  →  ', { continued: true, strike: false });
      style('Sans', 9, COLOR.added).text(shown(after), { strike: false });
    }
  }

  function entry(label: string, draw: (x: number, y: number, width: number) => void, measure: string) {
    const labelWidth = 140;
    const valueX = x0 + labelWidth + 8;
    const valueWidth = blockWidth - labelWidth - 8;
    style('Sans', 9);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth }),
      doc.heightOfString(measure, { width: valueWidth }),
    );
    // Short entries move whole to the next page; one longer than a page starts here and flows across.
    ensure((height > MAX_Y - MARGIN.top - 20 ? 4 * 11 : height) + 2);
    const y = doc.y;
    style('Sans', 9, COLOR.muted).text(label, x0 + 4, y, { width: labelWidth });
    const labelEnd = doc.y;
    draw(valueX, y, valueWidth);
    // A value that flowed onto a new page ends above where it started.
    doc.y = (doc.y < y ? doc.y : Math.max(doc.y, labelEnd)) + 2;
  }

  function drawBlock(block: Block, kind: ItemKind) {
    // A part's or version's own block has no title: its heading names it and carries the badge.
    const blockTitle = tx.blockTitle(block);
    const entries = block.fields.length + block.references.length + block.comments.length;
    if (!blockTitle && entries === 0) return;
    ensure(entries > 0 ? 34 : 18);
    doc.y += 2;
    if (blockTitle) {
      const y = doc.y;
      const width = block.change ? badge(block.change, x0, y + 0.5) + 6 : 0;
      if (blockTitle) style('Sans-Bold', 9.5).text(blockTitle, x0 + width, y, { width: blockWidth - width });
      doc.y = Math.max(doc.y, y + 12) + 2;
    }
    for (const f of block.fields) {
      const mode: Change = block.change === 'added' ? 'added' : 'changed';
      entry(
        tx.field(f.field, block.entity, kind),
        (x, y, width) => values(f.field, f.before, f.after, mode, x, y, width),
        mode === 'added'
          ? tx.value(f.field, f.after)
          : `${tx.value(f.field, f.before)}  →  ${tx.value(f.field, f.after)}`,
      );
    }
    for (const r of block.references) {
      entry(
        tx.t('deltaReport.reference'),
        (x, y, width) => {
          const w = badge(r.change, x, y + 0.5) + 5;
          values(null, r.text, r.text, r.change === 'removed' ? 'removed' : 'added', x + w, y, width - w);
        },
        `${tx.change(r.change)} ${r.text}`,
      );
    }
    for (const c of block.comments) {
      entry(
        tx.t('deltaReport.comment', { author: c.author }),
        (x, y, width) => {
          const w = badge(c.change, x, y + 0.5) + 5;
          values(null, c.before, c.after, c.change, x + w, y, width - w);
        },
        `${tx.change(c.change)} ${c.before ?? ''}  →  ${c.after ?? ''}`,
      );
    }
    doc.y += 5;
  }

  // ── contents, drawn last and moved to the front ────────────────────────────────────────────────────
  if (toc > 0) {
    const bodyPages = kids.length;
    pageNumber = 1;
    newPage();
    style('Sans-Bold', 18, COLOR.accent).text(tx.t('deltaReport.contents'), MARGIN.left, MARGIN.top, {
      width: CONTENT_WIDTH,
    });
    rule(MARGIN.top + 26, COLOR.accent, 1.2);
    doc.y = MARGIN.top + TOC_HEADING;
    const printed = (kidsIndex: number) => String(kidsIndex + 1 + toc);
    const tocLine = (text: string, kidsIndex: number, level: 0 | 1) => {
      if (doc.y + TOC_LINE > MAX_Y) newPage();
      const y = doc.y;
      const indent = level === 0 ? 0 : 14;
      const number = printed(kidsIndex);
      style(level === 0 ? 'Sans-Bold' : 'Sans', level === 0 ? 10.5 : 9.5, level === 0 ? COLOR.accent : COLOR.ink);
      const numberWidth = doc.widthOfString(number);
      const room = CONTENT_WIDTH - indent - numberWidth - 24;
      const label = fit(text, room);
      const labelWidth = doc.widthOfString(label);
      doc.text(label, MARGIN.left + indent, y + 2, { lineBreak: false });
      doc.text(number, MARGIN.left + CONTENT_WIDTH - numberWidth, y + 2, { lineBreak: false });
      doc
        .moveTo(MARGIN.left + indent + labelWidth + 6, y + 11)
        .lineTo(MARGIN.left + CONTENT_WIDTH - numberWidth - 6, y + 11)
        .dash(0.5, { space: 2.5 })
        .lineWidth(0.6)
        .strokeColor('#9aa4af')
        .stroke()
        .undash();
      // pdfkit links to a page by its index in the page tree, as an object reference: it survives the move below.
      doc.link(MARGIN.left, y, CONTENT_WIDTH, TOC_LINE, kidsIndex as unknown as string);
      doc.y = y + TOC_LINE;
    };
    const fit = (text: string, width: number) => {
      if (doc.widthOfString(text) <= width) return text;
      let low = 0;
      let high = text.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
        else high = mid - 1;
      }
      return `${text.slice(0, low)}…`;
    };
    if (outlineCapped) {
      const y = doc.y;
      style('Sans', 8.5, COLOR.muted).text(
        tx.t('deltaReport.tocLimited', { shown: OUTLINE_MAX_SECTIONS, total: input.totals.sections }),
        MARGIN.left,
        y + 2,
        {
          width: CONTENT_WIDTH,
          lineBreak: false,
          ellipsis: true,
          height: TOC_LINE,
        },
      );
      doc.y = y + TOC_LINE;
    }
    let index = 0;
    let tocPart: ItemKind | null = null;
    for await (const page of input.sections()) {
      for (const s of page) {
        if (s.part_kind !== tocPart) {
          tocPart = s.part_kind;
          tocLine(tx.t(`deltaReport.count.item.${tocPart}`), partPage.get(tocPart) ?? 0, 0);
        }
        tocLine(s.section_name, sectionPage[index++] ?? 0, 1);
      }
      await input.pace();
    }
    const drawn = kids.length - bodyPages;
    kids.splice(1, 0, ...kids.splice(bodyPages, drawn));
    if (drawn !== toc) throw new Error(`contents took ${drawn} pages, ${toc} were planned`);
  }

  doc.end();
  await ended;
}
