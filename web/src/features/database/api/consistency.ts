import type { ConsistencyReport, ConsistencyRule } from '@dp/contract';
import { api } from '../../../lib/api';

/** GET /api/consistency?rule=: the findings of one rule (the screen asks rule by rule to show its progress). */
export function fetchConsistency(rule: ConsistencyRule, signal?: AbortSignal): Promise<ConsistencyReport> {
  return api.get<ConsistencyReport>('/api/consistency', { query: { rule }, signal });
}
