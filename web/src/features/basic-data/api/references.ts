import { referenceSortColumns, type Reference, type ReferenceInput } from '@dp/contract';
import type { TableQuery } from '../../../components/editable-table';
import { api, ifMatch } from '../../../lib/api';
import { useServerPages } from '../../../lib/server-pages';
import { sharedListKeys } from '../../../lib/shared-lists';

/**
 * GET /api/references/page: the references as the table's query sorts and filters them, one page at a time;
 * under the references' key, so that every write that reloads the list the relation tables share reloads them.
 */
export function useReferencePages(query: Pick<TableQuery, 'sorting' | 'filters'>) {
  return useServerPages<Reference>({
    queryKey: sharedListKeys.references,
    url: '/api/references/page',
    query,
    sorts: referenceSortColumns,
    filterKeys: ['reference', 'description', 'updated_by'],
  });
}

function referenceBody(source: { reference?: unknown; description?: unknown }): ReferenceInput {
  return {
    reference: typeof source.reference === 'string' ? source.reference : '',
    description: typeof source.description === 'string' ? source.description : '',
  };
}

export function createReference(values: Record<string, unknown>): Promise<Reference> {
  return api.post<Reference>('/api/references', referenceBody(values));
}

export function updateReference(reference: Reference, values: Record<string, unknown>): Promise<Reference> {
  return api.put<Reference>(reference.href, referenceBody({ ...reference, ...values }), {
    headers: ifMatch(reference.etag),
  });
}

export function deleteReference(reference: Reference): Promise<void> {
  return api.delete(reference.href, { headers: ifMatch(reference.etag) });
}
