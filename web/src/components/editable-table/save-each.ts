import { isApiFailure } from '../../lib/api-failure';
import type { RowChange, SaveFailure } from './types';

/**
 * Runs `save` for each change one after the other and collects the ones that failed, for an onSave
 * that writes row by row: `onSave={(changes) => saveEach(changes, getRowId, (c) => api.put(...))}`.
 */
export async function saveEach<Row>(
  changes: Array<RowChange<Row>>,
  getRowId: (row: Row) => string,
  save: (change: RowChange<Row>) => Promise<unknown>,
): Promise<{ failed: SaveFailure[] }> {
  const failed: SaveFailure[] = [];
  for (const change of changes) {
    try {
      await save(change);
    } catch (error) {
      failed.push(failureOf(getRowId(change.row), error));
    }
  }
  return { failed };
}

/** A thrown error as the SaveFailure of row `id`. */
export function failureOf(id: string, error: unknown): SaveFailure {
  const message = error instanceof Error ? error.message : String(error);
  return { id, message, status: isApiFailure(error) ? error.status : undefined };
}
