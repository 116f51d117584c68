import type { Version, VersionInput } from '@dp/contract';
import { api } from '../../../lib/api';

/** POST {itemHref}/versions. */
export function createVersion(itemHref: string, input: VersionInput): Promise<Version> {
  return api.post<Version>(`${itemHref}/versions`, input);
}
