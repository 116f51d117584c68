import type { BatchResult, BatchRowError, CompatibilityBatch, KindPath } from '@dp/contract';
import { api } from '../../../lib/api';
import { ApiFailure } from '../../../lib/api-failure';
import { apiMessageOf, translateApiMessage } from '../../../lib/api-message';

export type BatchRow = CompatibilityBatch['rows'][number];

/** A refused batch: nothing was saved; `rows` says which rows failed and why. */
export class BatchFailure extends ApiFailure {
  constructor(
    failure: ApiFailure,
    readonly rows: BatchRowError[],
  ) {
    super(failure, failure.body);
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
}

function isRowError(value: unknown): value is BatchRowError {
  return (
    typeof field(value, 'to_id') === 'number' &&
    typeof field(value, 'statusCode') === 'number' &&
    typeof field(value, 'message') === 'string'
  );
}

/** A failing row with its message said in the UI language, from the key and parameters it carries. */
function translated(row: BatchRowError): BatchRowError {
  const said = apiMessageOf(row);
  return said ? { ...row, message: translateApiMessage(said) } : row;
}

/**
 * PUT {versionHref}/compatibilities/{target}: saves many rows of the relation table in one
 * transaction. A refused batch saved nothing; its error body lists the failing rows.
 */
export async function saveCompatibilityBatch(
  versionHref: string,
  target: KindPath,
  rows: BatchRow[],
): Promise<BatchResult> {
  try {
    return await api.put<BatchResult>(`${versionHref}/compatibilities/${target}`, {
      rows,
    } satisfies CompatibilityBatch);
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.status === 0) throw error;
    const listed = field(error.body, 'rows');
    const rows = Array.isArray(listed) ? listed.filter(isRowError) : [];
    throw new BatchFailure(error, rows.map(translated));
  }
}
