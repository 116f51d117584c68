import type { Reference, ReferenceInput } from '@dp/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { basicDataKeys, ifMatch } from './keys';

export function fetchReferences(signal?: AbortSignal): Promise<Reference[]> {
  return api.get<Reference[]>('/api/references', { signal });
}

export function useReferences() {
  return useQuery({ queryKey: basicDataKeys.references, queryFn: ({ signal }) => fetchReferences(signal) });
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
  return api.put<Reference>(reference.href, referenceBody({ ...reference, ...values }), { headers: ifMatch(reference.etag) });
}

export function deleteReference(reference: Reference): Promise<void> {
  return api.delete(reference.href, { headers: ifMatch(reference.etag) });
}
