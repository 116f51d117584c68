import { ACTUAL_STATE, type BackupInfo, type BackupRef, type TransferRecord } from '@dp/contract';

/** What the delta report screen has chosen. */
export interface DeltaSelection {
  bkp1: string | null;
  /** 'Actual database state' ticked: it takes the place of Backup 1. */
  actual: boolean;
  bkp2: string | null;
  /** 'A point in time' of each side (datetime-local text): when set, it takes the place of that side's backup. */
  at1?: string;
  at2?: string;
}

/** A datetime-local value (the browser's zone) as the API's point in time, '@' and ISO 8601 in UTC; null if not one. */
export function pointInTimeOf(local: string | undefined): string | null {
  // Only what a datetime-local input gives: Date would also take half a date.
  if (!local || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? null : `@${time.toISOString()}`;
}

export type DeltaProblem = 'incomplete' | 'same';

/**
 * SPEC 5: the report needs Backup 2 and either Backup 1 or the actual state, and Backup 1 must differ
 * from Backup 2; a point in time stands in for the backup of its side (issue 41). The pair to ask for, or why there is none.
 */
export function deltaPair(selection: DeltaSelection): { bkp1: BackupRef; bkp2: BackupRef } | { problem: DeltaProblem } {
  const bkp1 = selection.actual ? ACTUAL_STATE : (pointInTimeOf(selection.at1) ?? selection.bkp1);
  const bkp2 = pointInTimeOf(selection.at2) ?? selection.bkp2;
  if (!bkp1 || !bkp2) return { problem: 'incomplete' };
  if (bkp1 === bkp2) return { problem: 'same' };
  return { bkp1, bkp2 };
}

/** SPEC 5: a transfer needs the actual state or a selected backup. */
export function transferState(selection: { actual: boolean; backup: string | null }): BackupRef | null {
  return selection.actual ? ACTUAL_STATE : selection.backup;
}

/** One entry of a backup list. */
export interface BackupChoice {
  name: string;
  created: string;
  /** Where this backup was published to, newest first. */
  transfers: { to: 'www' | 'demo'; at: string; by: string }[];
  origin?: BackupInfo['origin'];
  createdBy?: string;
}

export function choicesOfBackups(backups: BackupInfo[]): BackupChoice[] {
  return backups.map((b) => ({
    name: b.name,
    created: b.created,
    transfers: b.transfers,
    origin: b.origin,
    createdBy: b.created_by,
  }));
}

/** The backups transferred to LIVE (one entry per backup, however often it was sent), newest first. */
export function choicesOfTransferredToLive(records: TransferRecord[]): BackupChoice[] {
  const byName = new Map<string, BackupChoice>();
  for (const record of records) {
    if (record.to !== 'www') continue;
    const choice = byName.get(record.name) ?? { name: record.name, created: record.created, transfers: [] };
    choice.transfers.push({ to: record.to, at: record.at, by: record.by });
    byName.set(record.name, choice);
  }
  return [...byName.values()].sort((a, b) => Date.parse(b.created) - Date.parse(a.created));
}
