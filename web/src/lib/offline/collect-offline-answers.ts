import type { CompatibilityRecord, KindPath, Version } from '@dp/contract';
import { ApiFailure } from '../api-failure';

/** GET of an own-API path with the user's token; throws ApiFailure like the API client. */
export type Get = (path: string) => Promise<unknown>;

/** Calls at a time while saving: a depot's tablet should not queue hundreds of requests at once. */
const PARALLEL = 6;

/**
 * The lists each browser shows for a selected version of a kind (web/src/features/evaluate/browsers),
 * plus assemblies→subassemblies, which names the sub-assemblies to save.
 */
const LISTS: Record<KindPath, KindPath[]> = {
  systems: ['systems', 'assemblies'],
  assemblies: ['systems', 'assemblies', 'subassemblies'],
  subassemblies: ['assemblies', 'subassemblies'],
};
/** The kinds whose browser shows an assembly list, which carries the assembly warnings. */
const WITH_WARNINGS = new Set<KindPath>(['systems', 'assemblies']);

async function eachLimited<T>(values: T[], run: (value: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < values.length) await run(values[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, values.length) }, worker));
}

/**
 * Reads, through the same API calls the browsers make, what the user may see of `systemHrefs`: their
 * versions with their compatibility lists, the assemblies those versions are related to (all their
 * versions with their lists), and the sub-assemblies related to those assemblies likewise. Answers are
 * kept as the server sent them (the role's projection is the server's); a list the role may not read
 * (403) or that is gone (404) is left out.
 */
export async function collectOfflineAnswers(systemHrefs: string[], get: Get): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const fetched = new Set<string>();

  const read = async <T>(path: string): Promise<T | undefined> => {
    if (fetched.has(path)) return answers.get(path) as T | undefined;
    fetched.add(path);
    try {
      const body = await get(path);
      answers.set(path, body);
      return body as T;
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 403 || error.status === 404)) return undefined;
      throw error;
    }
  };

  /** Saves the items' versions with their lists; returns the items of `follow` those lists name. */
  const saveItems = async (kind: KindPath, itemHrefs: string[], follow?: KindPath): Promise<string[]> => {
    const related = new Set<string>();
    const versions: Version[] = [];
    await eachLimited(itemHrefs, async (item) => {
      versions.push(...((await read<Version[]>(`${item}/versions`)) ?? []));
    });
    const calls = versions.flatMap((version) => [
      ...LISTS[kind].map((to) => ({ version, to })),
      ...(WITH_WARNINGS.has(kind) ? [{ version, to: null }] : []),
    ]);
    await eachLimited(calls, async ({ version, to }) => {
      if (to === null) {
        await read(`${version.href}/assembly-warnings`);
        return;
      }
      const records = await read<CompatibilityRecord[]>(`${version.href}/compatibilities/${to}`);
      if (to !== follow) return;
      for (const record of records ?? []) {
        const parent = record.to.parent_href ?? (await read<Version>(record.to.href))?.parent.href;
        if (parent) related.add(parent);
      }
    });
    return [...related];
  };

  const assemblies = await saveItems('systems', systemHrefs, 'assemblies');
  const subassemblies = await saveItems('assemblies', assemblies, 'subassemblies');
  await saveItems('subassemblies', subassemblies);
  return answers;
}

/** The size the answers take as JSON text, in bytes: what the offline screen reports. */
export function answersSize(answers: Map<string, unknown>): number {
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const [path, body] of answers)
    bytes += encoder.encode(path).length + encoder.encode(JSON.stringify(body)).length;
  return bytes;
}
