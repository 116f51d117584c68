export { formatDateTime } from '../../components/editable-table';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes as a short size: 950 B, 12.4 KB, 3.1 MB. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
