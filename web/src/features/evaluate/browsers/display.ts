import { versionLabelText, type VersionLabel } from '@dp/contract';
import { useViewportSize } from '@mantine/hooks';

/** SPEC 9: names are cut to 13 characters at window widths of 990 to 1400 px, otherwise to 30. */
export function nameLimit(windowWidth: number): number {
  return windowWidth >= 990 && windowWidth <= 1400 ? 13 : 30;
}

export function useNameLimit(): number {
  return nameLimit(useViewportSize().width);
}

export function truncate(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/**
 * SPEC 9 date format dd.MM.yyyy HH:mm:ss, in the user's time zone (the tables' own). From its own module,
 * not the table's index: /evaluate shows dates without a table and must not download the table with them.
 */
export { formatDateTime } from '../../../components/editable-table/format';

/** Labels in the order people expect: case- and accent-blind, numbers by value ("2.10" after "2.9"). */
export const compareLabels = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;

/** A version's label with its item name cut to `limit`; the version numbers stay whole. */
export function shortLabel(version: Pick<VersionLabel, 'parent_name' | 'name' | 'name2'>, limit: number): string {
  return versionLabelText({ ...version, parent_name: truncate(version.parent_name, limit) });
}
