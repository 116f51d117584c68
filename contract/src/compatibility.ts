import { z } from './zod-setup.js';
import { compatibilityStatus, kindPath } from './catalog.js';

/** An obligation text with its status. Extern users get the status only. */
export const compatibilityInfo = z
  .object({
    href: z.string(),
    compatibility_status: compatibilityStatus,
    obligation: z.string().optional(),
    etag: z.string().optional(),
  })
  .meta({ id: 'CompatibilityInfo' });
export type CompatibilityInfo = z.infer<typeof compatibilityInfo>;

const hrefRef = z.object({ href: z.string() });

/**
 * The other side of one version's compatibility, named: GET {version}/compatibilities/{kind} sends the
 * parts of its label, so a list needs no catalog of every version to show its rows.
 */
const namedVersionRef = hrefRef.extend({
  /** The partner's item. */
  parent_href: z.string().optional(),
  parent_name: z.string().optional(),
  name: z.string().nullable().optional(),
  name2: z.string().nullable().optional(),
});

/**
 * A compatibility between two versions. Same-kind pairs are stored once and listed from both sides,
 * so a client can index the list by `from.href`. Extern users get no obligation and no references.
 */
export const compatibilityRecord = z
  .object({
    href: z.string(),
    from: hrefRef,
    to: namedVersionRef,
    compatibility_info: compatibilityInfo,
    references: z.array(z.string()).optional(),
    /** Send back as If-Match when changing the compatibility. */
    etag: z.string(),
  })
  .meta({ id: 'CompatibilityRecord' });
export type CompatibilityRecord = z.infer<typeof compatibilityRecord>;

/** The five pairs that can carry a compatibility, as `from/to` path segments. */
export const compatibilityPairs = [
  ['systems', 'systems'],
  ['systems', 'assemblies'],
  ['assemblies', 'assemblies'],
  ['assemblies', 'subassemblies'],
  ['subassemblies', 'subassemblies'],
] as const satisfies ReadonlyArray<readonly [z.infer<typeof kindPath>, z.infer<typeof kindPath>]>;

/** The hrefs of assembly versions that should be checked for assembly-assembly compatibility (SPEC 2). */
export const assemblyWarnings = z.array(z.string()).meta({ id: 'AssemblyWarnings' });

/** A link between two items or two versions: containments and version relations. */
export const relationRecord = z.object({ href: z.string(), from: hrefRef, to: hrefRef }).meta({ id: 'RelationRecord' });
export type RelationRecord = z.infer<typeof relationRecord>;
