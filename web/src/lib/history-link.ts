import { hasRole, type HISTORY_ENTITIES } from '@dp/contract';
import { useMe } from './auth/use-me';

/** What one row's history is filtered to: the entity and id exactly as the audit entries name them. */
export interface HistoryTarget {
  entity: (typeof HISTORY_ENTITIES)[number];
  entity_id: string;
}

const KINDS = { systems: 'system', assemblies: 'assembly', subassemblies: 'subassembly' } as const;
const KIND = '(systems|assemblies|subassemblies)';

/**
 * The audit entity of an API href (the server writes ids of single rows as numbers and pairs as their
 * href, see server/src/modules/audit), or null for an href the history does not know.
 */
export function historyTargetOf(href: string): HistoryTarget | null {
  const single = (entity: HistoryTarget['entity'], id: string | undefined): HistoryTarget | null =>
    id === undefined ? null : { entity, entity_id: id };
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^/api/${KIND}/(\\d+)$`).exec(href))) return single(KINDS[m[1] as keyof typeof KINDS], m[2]);
  if ((m = new RegExp(`^/api/${KIND}/versions/(\\d+)$`).exec(href)))
    return single(`${KINDS[m[1] as keyof typeof KINDS]}_version`, m[2]);
  if ((m = /^\/api\/compatibility_infos\/(\d+)$/.exec(href))) return single('compatibility_info', m[1]);
  if ((m = /^\/api\/references\/(\d+)$/.exec(href))) return single('reference', m[1]);
  if ((m = /^\/api\/dataset\/(\d+)$/.exec(href))) return single('dataset_entry', m[1]);
  if (new RegExp(`^/api/${KIND}/versions/\\d+/compatibilities/${KIND}/\\d+$`).test(href))
    return { entity: 'compatibility', entity_id: href };
  if (new RegExp(`^/api/${KIND}/versions/\\d+/${KIND}/\\d+$`).test(href))
    return { entity: 'version_relation', entity_id: href };
  if (new RegExp(`^/api/${KIND}/\\d+/${KIND}/\\d+$`).test(href)) return { entity: 'containment', entity_id: href };
  return null;
}

/** The history screen filtered to one entity (the parameters history-screen.tsx reads). */
export function historyPath(target: HistoryTarget): string {
  return `/database/history?${new URLSearchParams({ entity: target.entity, entity_id: target.entity_id }).toString()}`;
}

/**
 * `targetOf` for an admin, undefined for anyone else: the history (GET /api/audit) is the admin's, so
 * tables offer their History action only to them.
 */
export function useHistoryOf<Row>(
  targetOf: (row: Row) => HistoryTarget | null,
): ((row: Row) => HistoryTarget | null) | undefined {
  const me = useMe();
  return me.data && hasRole(me.data.role, 'admin') ? targetOf : undefined;
}

/** The history of a row that is read at its own href (items, versions, obligation texts, references). */
export const historyOfHref = (row: { href: string }): HistoryTarget | null => historyTargetOf(row.href);
