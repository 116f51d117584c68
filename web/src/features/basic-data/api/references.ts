import type { Reference, ReferenceInput } from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

// The list itself is read with useReferences (lib/shared-lists), which the relation tables share.

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
