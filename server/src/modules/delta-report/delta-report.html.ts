import type { ItemKind } from '../../db/kinds.js';
import type { ReportOutput } from '../report-jobs/report-output.js';
import { reportEvents, ReportTexts, type Block, type ReportInput } from './delta-report.model.js';
import type { Change } from './delta-report.queries.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every text that goes into the file passes here: names and comments are user input. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

// One self-contained file: no font, script or image from anywhere, so it opens the same offline,
// archived or mailed. System fonts; colours of the screens' statuses; print keeps the colours
// and avoids breaking a block across pages.
const STYLE = `
:root { --ink: #1d2733; --muted: #5b6775; --line: #d6dce3; --band: #f3f5f8; --accent: #00646e;
  --added: #1b7f3b; --added-bg: #e6f4ea; --removed: #b3261e; --removed-bg: #fbe9e7; --changed: #8a5a00; --changed-bg: #fff4d6; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; color: var(--ink); background: #fff; }
.page { max-width: 1100px; margin: 0 auto; padding: 24px 32px 48px; }
header.report { border-bottom: 3px solid var(--accent); padding-bottom: 12px; margin-bottom: 20px; }
h1 { font-size: 26px; margin: 0 0 4px; color: var(--accent); }
.lead { font-size: 16px; margin: 0 0 12px; }
table { border-collapse: collapse; }
.states th, .states td { text-align: left; padding: 3px 16px 3px 0; vertical-align: top; }
.states th { color: var(--muted); font-weight: 600; }
.note { color: var(--muted); font-size: 12.5px; margin: 6px 0; }
h2 { font-size: 19px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
.summary { width: 100%; max-width: 760px; }
.summary th, .summary td { border-bottom: 1px solid var(--line); padding: 5px 10px; }
.summary thead th { background: var(--band); text-align: right; }
.summary thead th:first-child, .summary td:first-child { text-align: left; }
.summary td { text-align: right; font-variant-numeric: tabular-nums; }
.summary tr.zero td { color: #9aa4af; }
.summary tfoot td { font-weight: 700; border-top: 2px solid var(--ink); }
nav.toc ol { list-style: none; padding-left: 0; margin: 0; }
nav.toc > ol > li { margin: 8px 0 4px; font-weight: 600; }
nav.toc ol ol { columns: 2 260px; column-gap: 32px; font-weight: 400; margin-top: 4px; }
nav.toc ol ol li { break-inside: avoid; padding: 1px 0; display: flex; gap: 6px; }
nav.toc a { color: var(--ink); text-decoration: none; }
nav.toc a:hover { text-decoration: underline; }
nav.toc .n { color: var(--muted); margin-left: auto; font-variant-numeric: tabular-nums; }
section.part > h2 { color: var(--accent); font-size: 21px; }
section.item { margin: 18px 0 22px; }
section.item > h3 { font-size: 16px; margin: 0 0 8px; padding: 6px 10px; background: var(--band); border-left: 4px solid var(--accent); }
h4 { font-size: 14px; margin: 12px 0 6px 4px; }
.block { margin: 0 0 8px 14px; padding: 6px 10px; border-left: 3px solid var(--line); break-inside: avoid; }
.block.added { border-left-color: var(--added); }
.block.removed { border-left-color: var(--removed); }
.block.changed { border-left-color: var(--changed); }
.block.own { border-left-color: var(--line); }
h3 .badge, h4 .badge { margin: 0 0 0 10px; }
.title { font-weight: 600; }
.badge { display: inline-block; font-size: 11px; font-weight: 700; letter-spacing: .02em; text-transform: uppercase; padding: 1px 7px; border-radius: 9px; margin-right: 8px; vertical-align: 1px; }
.badge.added { color: var(--added); background: var(--added-bg); }
.badge.removed { color: var(--removed); background: var(--removed-bg); }
.badge.changed { color: var(--changed); background: var(--changed-bg); }
dl { margin: 4px 0 0; display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; }
dt { color: var(--muted); }
dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
del { color: var(--removed); background: var(--removed-bg); text-decoration: line-through; padding: 0 2px; }
ins { color: var(--added); background: var(--added-bg); text-decoration: none; padding: 0 2px; }
.arrow { color: var(--muted); padding: 0 6px; }
.empty { font-style: italic; color: var(--muted); }
footer.report { margin-top: 36px; padding-top: 8px; border-top: 1px solid var(--line); color: var(--muted); font-size: 12px; }
@media print {
  @page { size: A4; margin: 16mm 14mm; }
  body { font-size: 10.5pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .page { max-width: none; padding: 0; }
  section.part { break-before: page; }
  h2, h3, h4 { break-after: avoid; }
  nav.toc a { color: var(--ink); }
  section.item > h3 { break-inside: avoid; }
}
`;

const changeClass = (change: Change | null) => change ?? 'changed';

/** Writes the delta report as one self-contained HTML file to `out`. */
export async function renderHtml(input: ReportInput, out: ReportOutput): Promise<void> {
  const tx = new ReportTexts(input.language);
  const e = escapeHtml;
  const title = `${tx.t('deltaReport.title')}: ${tx.stateName(input.older)} → ${tx.stateName(input.newer)}`;

  out.write(`<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Digital Portfolio">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header class="report">
<h1>${e(tx.t('deltaReport.title'))}</h1>
<p class="lead">${e(tx.t('deltaReport.heading', { older: tx.stateName(input.older), newer: tx.stateName(input.newer) }))}</p>
<table class="states"><tbody>
<tr><th scope="row">${e(tx.t('deltaReport.older'))}</th><td>${e(tx.stateName(input.older))}</td><td>${e(tx.stateDate(input.older))}</td></tr>
<tr><th scope="row">${e(tx.t('deltaReport.newer'))}</th><td>${e(tx.stateName(input.newer))}</td><td>${e(tx.stateDate(input.newer))}</td></tr>
</tbody></table>
<p class="note">${e(tx.t('deltaReport.generated', { date: tx.date(input.generatedAt), user: input.generatedBy, zone: tx.timeZone }))}</p>
${input.swapped ? `<p class="note">${e(tx.t('deltaReport.ordered'))}</p>` : ''}
</header>
`);

  // Summary: the counts per kind of entry.
  const rows = tx.summaryRows(input.counts);
  const sum = (k: 'added' | 'removed' | 'changed') => rows.reduce((s, r) => s + r[k], 0);
  out.write(`<section class="summary-section"><h2>${e(tx.t('deltaReport.summary'))}</h2>
<table class="summary"><thead><tr><th scope="col">${e(tx.t('deltaReport.column.entry'))}</th><th scope="col">${e(tx.change('added'))}</th><th scope="col">${e(tx.change('removed'))}</th><th scope="col">${e(tx.change('changed'))}</th></tr></thead>
<tbody>
${rows.map((r) => `<tr${r.added + r.removed + r.changed === 0 ? ' class="zero"' : ''}><td>${e(r.label)}</td><td>${r.added}</td><td>${r.removed}</td><td>${r.changed}</td></tr>`).join('\n')}
</tbody>
<tfoot><tr><td>${e(tx.t('deltaReport.column.total'))}</td><td>${sum('added')}</td><td>${sum('removed')}</td><td>${sum('changed')}</td></tr></tfoot>
</table>
<p class="note">${e(tx.t('deltaReport.grouping'))}</p>
</section>
`);

  if (input.totals.lines === 0) {
    out.write(`<p class="lead">${e(tx.t('deltaReport.noChanges'))}</p>\n`);
  } else {
    // Contents: parts → each part with changes, linked to its section.
    out.write(`<nav class="toc"><h2>${e(tx.t('deltaReport.contents'))}</h2><ol>\n`);
    let kind: ItemKind | null = null;
    for await (const page of input.sections()) {
      let html = '';
      for (const s of page) {
        if (s.part_kind !== kind) {
          html += `${kind ? '</ol></li>\n' : ''}<li><a href="#part-${s.part_kind}">${e(tx.t(`deltaReport.count.item.${s.part_kind}`))}</a><ol>\n`;
          kind = s.part_kind;
        }
        html += `<li><a href="#item-${s.section_id}">${e(s.section_name)}</a><span class="n">${e(tx.t('deltaReport.changeCount', { count: s.changes }))}</span></li>\n`;
      }
      out.write(html);
      await input.pace();
    }
    out.write(`${kind ? '</ol></li>\n' : ''}</ol></nav>\n<main>\n`);

    let part: ItemKind | null = null;
    let inSection = false;
    let html = '';
    for await (const event of reportEvents(input)) {
      if (event.type === 'section') {
        if (inSection) html += '</section>\n';
        if (event.kind !== part) {
          if (part) html += '</section>\n';
          html += `<section class="part" id="part-${event.kind}"><h2>${e(tx.t(`deltaReport.count.item.${event.kind}`))}</h2>\n`;
          part = event.kind;
        }
        html += `<section class="item" id="item-${event.id}"><h3>${e(tx.t('deltaReport.part', { kind: tx.kind(event.kind), name: event.name }))}${headBadge(tx, event.own)}</h3>\n`;
        if (event.own) html += blockHtml(tx, event.own, event.kind);
        inSection = true;
      } else if (event.type === 'version') {
        html += `<h4>${e(tx.t('deltaReport.version', { version: event.label }))}${headBadge(tx, event.own)}</h4>\n`;
        if (event.own) html += blockHtml(tx, event.own, event.kind);
      } else {
        html += blockHtml(tx, event.block, event.kind);
      }
      // Written in pieces of some kilobytes: few writes, and never much held.
      if (html.length > 32_768) {
        out.write(html);
        html = '';
      }
    }
    if (inSection) html += '</section>\n';
    if (part) html += '</section>\n';
    out.write(`${html}</main>\n`);
  }

  out.write(`<footer class="report">${e(title)} · ${e(tx.t('deltaReport.generated', { date: tx.date(input.generatedAt), user: input.generatedBy, zone: tx.timeZone }))}</footer>
</div>
</body>
</html>
`);
}

const badgeHtml = (tx: ReportTexts, change: Change) =>
  `<span class="badge ${change}">${escapeHtml(tx.change(change))}</span>`;
/** A part's or version's own change is shown by a badge in its heading. */
const headBadge = (tx: ReportTexts, own: Block | null) => (own?.change ? ` ${badgeHtml(tx, own.change)}` : '');

/** One block: a title (badge and what it is about) and its changed values, references and comments. */
function blockHtml(tx: ReportTexts, block: Block, kind: ItemKind): string {
  const e = escapeHtml;
  const value = (field: Parameters<ReportTexts['value']>[0], v: string | null) =>
    v === null || v === '' ? `<span class="empty">${e(tx.value(field, v))}</span>` : e(tx.value(field, v));
  const beforeAfter = (
    field: Parameters<ReportTexts['value']>[0],
    before: string | null,
    after: string | null,
    change: Change,
  ) => {
    if (change === 'added') return value(field, after);
    if (change === 'removed') return `<del>${value(field, before)}</del>`;
    return `<del>${value(field, before)}</del><span class="arrow" aria-label="→">→</span><ins>${value(field, after)}</ins>`;
  };
  const badge = (change: Change) => badgeHtml(tx, change);

  // A part's or version's own block has no title: its heading names it and carries the badge.
  const title = tx.blockTitle(block);
  let html = `<div class="block ${changeClass(block.change)}${title ? '' : ' own'}">`;
  if (title) html += `<div class="title">${block.change ? badge(block.change) : ''}${e(title)}</div>`;
  const entries: string[] = [];
  // A new entity shows the values it was created with; a changed one each value before → after.
  for (const f of block.fields) {
    entries.push(
      `<dt>${e(tx.field(f.field, block.entity, kind))}</dt><dd>${beforeAfter(f.field, f.before, f.after, block.change === 'added' ? 'added' : 'changed')}</dd>`,
    );
  }
  for (const r of block.references) {
    entries.push(
      `<dt>${e(tx.t('deltaReport.reference'))}</dt><dd>${badge(r.change)}${r.change === 'removed' ? `<del>${e(r.text)}</del>` : e(r.text)}</dd>`,
    );
  }
  for (const c of block.comments) {
    entries.push(
      `<dt>${e(tx.t('deltaReport.comment', { author: c.author }))}</dt><dd>${badge(c.change)}${beforeAfter(null, c.before, c.after, c.change)}</dd>`,
    );
  }
  if (!title && entries.length === 0) return '';
  if (entries.length > 0) html += `<dl>${entries.join('')}</dl>`;
  return `${html}</div>\n`;
}
