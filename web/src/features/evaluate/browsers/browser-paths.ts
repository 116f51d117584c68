import type { KindPath } from '@dp/contract';

/** The compatibility browser of each kind, under /evaluate. */
const BROWSER_PATHS: Record<KindPath, string> = {
  systems: 'system-compatibility-browser',
  assemblies: 'assembly-compatibility-browser',
  subassemblies: 'subassembly-compatibility-browser',
};

/** Where a row of a compatibility list leads: the browser of its kind with `data` set to its label. */
export function browserLink(kind: KindPath, label: string): string {
  return `/evaluate/${BROWSER_PATHS[kind]}?${new URLSearchParams({ data: label })}`;
}
