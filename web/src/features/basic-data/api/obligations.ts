import {
  compatibilityStatuses,
  type CompatibilityInfo,
  type CompatibilityInfoInput,
  type CompatibilityStatus,
} from '@dp/contract';
import { api, ifMatch } from '../../../lib/api';

// The list itself is read with useObligations (lib/shared-lists), which the relation tables share.

function isStatus(value: unknown): value is CompatibilityStatus {
  return typeof value === 'string' && (compatibilityStatuses as readonly string[]).includes(value);
}

function obligationBody(source: { compatibility_status?: unknown; obligation?: unknown }): CompatibilityInfoInput {
  return {
    compatibility_status: isStatus(source.compatibility_status) ? source.compatibility_status : 'allowed',
    obligation: typeof source.obligation === 'string' ? source.obligation : '',
  };
}

export function createObligation(values: Record<string, unknown>): Promise<CompatibilityInfo> {
  return api.post<CompatibilityInfo>('/api/compatibility_infos', obligationBody(values));
}

export function updateObligation(info: CompatibilityInfo, values: Record<string, unknown>): Promise<CompatibilityInfo> {
  return api.put<CompatibilityInfo>(info.href, obligationBody({ ...info, ...values }), { headers: ifMatch(info.etag) });
}

export function deleteObligation(info: CompatibilityInfo): Promise<void> {
  return api.delete(info.href, { headers: ifMatch(info.etag) });
}
