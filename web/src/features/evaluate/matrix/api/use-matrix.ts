import type { MatrixRequest, MatrixResponse } from '@dp/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { followingData, useModificationTime } from '../../../../lib/data-freshness';
import { useAsOf } from '../../as-of';

export function fetchMatrix(request: MatrixRequest, signal?: AbortSignal): Promise<MatrixResponse> {
  return api.post<MatrixResponse>('/api/matrix', request, { signal });
}

/**
 * POST /api/matrix, as of `?at=`: the server computes the cells between the chosen assembly versions (rows) and the
 * other ones (columns). While a changed selection loads, the previous matrix stays on screen.
 */
export function useAssemblyMatrix(rows: readonly number[], columns: readonly number[], enabled: boolean) {
  const modificationTime = useModificationTime();
  const { at } = useAsOf();
  return useQuery({
    ...followingData(['evaluate', 'matrix', 'assemblies', rows, columns, at], modificationTime),
    queryFn: ({ signal }) =>
      fetchMatrix(
        {
          rowKind: 'assemblies',
          rows: [...rows],
          columnKind: 'assemblies',
          columns: [...new Set(columns)],
          ...(at === undefined ? {} : { at }),
        },
        signal,
      ),
    enabled: enabled && rows.length > 0 && columns.length > 0 && modificationTime !== undefined,
    placeholderData: keepPreviousData,
  });
}
