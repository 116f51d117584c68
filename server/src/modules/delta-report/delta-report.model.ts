import { renderMessage, type MessageKey, type MessageLanguage, type MessageParams } from '@dp/contract';
import type { ItemKind } from '../../db/kinds.js';
import {
  TOPIC,
  type Change,
  type DeltaCount,
  type DeltaLine,
  type DeltaSection,
  type Entity,
  type Field,
} from './delta-report.queries.js';

/** One state as the report names it. */
export interface ReportState {
  /** 'actual' or a backup name. */
  name: string;
  created: Date;
}

/** What both renderers (PDF and HTML) are given: the header facts and the diff to read page by page. */
export interface ReportInput {
  language: MessageLanguage;
  older: ReportState;
  newer: ReportState;
  /** True when the user chose the newer state as backup 1. */
  swapped: boolean;
  generatedAt: Date;
  generatedBy: string;
  counts: DeltaCount[];
  totals: { lines: number; sections: number; parts: number };
  sections: () => AsyncGenerator<DeltaSection[]>;
  lines: () => AsyncGenerator<DeltaLine[]>;
  /** Called between pages of lines: waits while the reader is behind, and stops when the job was cancelled. */
  pace: () => Promise<void>;
  /** 0 … 1 of the lines written so far. */
  onProgress: (done: number) => void;
}

/** One thing that changed, with everything that changed about it: what a renderer prints as one block. */
export interface Block {
  topic: number;
  /** The entity the block is about (for blocks that only list references or comments: the compatibility). */
  entity: Entity;
  /** How the entity itself changed; null when only its references or comments did. */
  change: Change | null;
  otherKind: ItemKind | null;
  otherName: string | null;
  otherVersion: string | null;
  fields: Array<{ field: Field; before: string | null; after: string | null }>;
  references: Array<{ change: Change; text: string }>;
  comments: Array<{ change: Change; before: string | null; after: string | null; author: string }>;
}

export type ReportEvent =
  /** A part with changes begins; `own` is how the part itself changed (name, description), if it did. */
  | { type: 'section'; kind: ItemKind; id: number; name: string; index: number; own: Block | null }
  /** Lines about one version of the part follow; `own` is how the version itself changed, if it did. */
  | { type: 'version'; id: number; label: string; kind: ItemKind; own: Block | null }
  | { type: 'block'; block: Block; kind: ItemKind; versionId: number | null };

/**
 * Turns the lines of the diff (in report order) into sections, version headings and blocks. A part's or
 * a version's own change comes first under it (see REPORT_ORDER) and is handed over with its heading,
 * so it can be printed in the heading. Holds one block at a time, so memory stays flat; a block may
 * span two pages of lines.
 */
export async function* reportEvents(
  input: Pick<ReportInput, 'lines' | 'pace' | 'onProgress' | 'totals'>,
): AsyncGenerator<ReportEvent> {
  let section: { id: number; kind: ItemKind } | null = null;
  let sectionIndex = -1;
  let versionId: number | null = null;
  let block: Block | null = null;
  let blockKey = '';
  // Headings not yet given out: they wait for the first block under them.
  let heads: Array<Extract<ReportEvent, { type: 'section' | 'version' }>> = [];
  let done = 0;

  function* finish(finished: Block): Generator<ReportEvent> {
    // A block is only finished after a line of its section was read.
    if (!section) throw new Error('a block finished outside any section');
    let consumed = false;
    for (const head of heads) {
      const own = head.type === 'section' ? TOPIC.item : TOPIC.version;
      if (!consumed && finished.topic === own) {
        head.own = finished;
        consumed = true;
      }
      yield head;
    }
    heads = [];
    if (!consumed) yield { type: 'block', block: finished, kind: section.kind, versionId };
  }

  for await (const page of input.lines()) {
    for (const line of page) {
      const key = `${line.section_id}|${line.version_id ?? ''}|${line.topic}|${line.subject_key}`;
      if (block && key !== blockKey) {
        yield* finish(block);
        block = null;
      }
      if (!section || section.id !== line.section_id) {
        section = { id: line.section_id, kind: line.part_kind };
        versionId = null;
        heads.push({
          type: 'section',
          kind: line.part_kind,
          id: line.section_id,
          name: line.section_name,
          index: ++sectionIndex,
          own: null,
        });
      }
      if (line.version_id !== null && line.version_id !== versionId) {
        versionId = line.version_id;
        heads.push({
          type: 'version',
          id: line.version_id,
          label: line.version_label ?? '',
          kind: line.part_kind,
          own: null,
        });
      }
      if (!block) {
        blockKey = key;
        block = {
          topic: line.topic,
          entity: line.topic === TOPIC.compatibility ? 'compatibility' : line.entity,
          change: null,
          otherKind: line.other_kind,
          otherName: line.other_name,
          otherVersion: line.other_version,
          fields: [],
          references: [],
          comments: [],
        };
      }
      addLine(block, line);
    }
    done += page.length;
    input.onProgress(input.totals.lines === 0 ? 1 : done / input.totals.lines);
    await input.pace();
  }
  if (block) yield* finish(block);
}

function addLine(block: Block, line: DeltaLine) {
  if (line.entity === 'reference')
    block.references.push({ change: line.change, text: line.after ?? line.before ?? '' });
  else if (line.entity === 'comment')
    block.comments.push({ change: line.change, before: line.before, after: line.after, author: line.detail ?? '' });
  else if (line.field === null) block.change = line.change;
  else block.fields.push({ field: line.field, before: line.before, after: line.after });
}

/** The texts of one report, in the requesting user's language. */
export class ReportTexts {
  readonly timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  private readonly dateFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone: this.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

  constructor(readonly language: MessageLanguage) {}

  t(key: MessageKey, params?: MessageParams): string {
    return renderMessage(key, params, this.language);
  }

  /** SPEC 9: dd.MM.yyyy HH:mm:ss, in the server's time zone (named in the report's header). */
  date(value: Date): string {
    const parts = Object.fromEntries(this.dateFormat.formatToParts(value).map((p) => [p.type, p.value]));
    return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
  }

  stateName(state: ReportState): string {
    return state.name === 'actual'
      ? this.t('deltaReport.state.actual')
      : this.t('deltaReport.state.backup', { name: state.name });
  }

  /** "taken 01.02.2026 03:04:05" for a backup, "as of …" for the actual state. */
  stateDate(state: ReportState): string {
    return this.t(state.name === 'actual' ? 'deltaReport.asOf' : 'deltaReport.takenAt', {
      date: this.date(state.created),
    });
  }

  kind(kind: ItemKind): string {
    return this.t(`kind.${kind}`);
  }

  change(change: Change): string {
    return this.t(`deltaReport.change.${change}`);
  }

  /** The label of a changed value; a version's designations are named as on the screens of its kind. */
  field(field: Field, entity: Entity, kind: ItemKind): string {
    if (field === 'name' && entity === 'version')
      return this.t(kind === 'system' ? 'deltaReport.field.versionNumber' : 'deltaReport.field.partNumber');
    if (field === 'name2') return this.t('deltaReport.field.materialNumber');
    if (field === 'rscp_link') return this.t('deltaReport.field.rscpLink');
    return this.t(`deltaReport.field.${field}`);
  }

  /** A value as printed: statuses translated, an empty text marked as such. */
  value(field: Field | null, value: string | null): string {
    if (value === null || value === '') return this.t('deltaReport.empty');
    if (field === 'status' && ['allowed', 'conditional', 'forbidden', 'irrelevant'].includes(value)) {
      return this.t(`deltaReport.status.${value as 'allowed'}`);
    }
    return value;
  }

  /** The heading of a block about a relation: "Compatibility with Assembly Brake unit A-1". */
  blockTitle(block: Block): string | null {
    const params = {
      kind: block.otherKind ? this.kind(block.otherKind) : '',
      name: block.otherName ?? '',
      version: block.otherVersion ?? '',
    };
    switch (block.entity) {
      case 'compatibility':
      case 'versionRelation':
      case 'versionContainment':
        return this.t(`deltaReport.block.${block.entity}`, params).trim();
      case 'itemContainment':
        return this.t('deltaReport.block.itemContainment', params);
      default:
        return null;
    }
  }

  /** The rows of the summary table: label and the number added, removed and changed, in a fixed order. */
  summaryRows(counts: DeltaCount[]): Array<{ label: string; added: number; removed: number; changed: number }> {
    const rows: Array<{ label: string; entity: Entity; kind: ItemKind | null; changes: boolean }> = [];
    for (const kind of ['system', 'assembly', 'subassembly'] as const) {
      rows.push({ label: this.t(`deltaReport.count.item.${kind}`), entity: 'item', kind, changes: true });
      rows.push({ label: this.t(`deltaReport.count.version.${kind}`), entity: 'version', kind, changes: true });
    }
    rows.push({ label: this.t('deltaReport.count.compatibility'), entity: 'compatibility', kind: null, changes: true });
    rows.push({ label: this.t('deltaReport.count.reference'), entity: 'reference', kind: null, changes: false });
    rows.push({ label: this.t('deltaReport.count.comment'), entity: 'comment', kind: null, changes: true });
    rows.push({
      label: this.t('deltaReport.count.itemContainment'),
      entity: 'itemContainment',
      kind: null,
      changes: false,
    });
    rows.push({
      label: this.t('deltaReport.count.versionRelation'),
      entity: 'versionRelation',
      kind: null,
      changes: false,
    });
    rows.push({
      label: this.t('deltaReport.count.versionContainment'),
      entity: 'versionContainment',
      kind: null,
      changes: false,
    });
    const count = (entity: Entity, kind: ItemKind | null, change: Change) =>
      counts
        .filter((c) => c.entity === entity && (kind === null || c.kind === kind) && c.change === change)
        .reduce((sum, c) => sum + c.count, 0);
    return rows.map((r) => ({
      label: r.label,
      added: count(r.entity, r.kind, 'added'),
      removed: count(r.entity, r.kind, 'removed'),
      changed: r.changes ? count(r.entity, r.kind, 'changed') : 0,
    }));
  }
}
