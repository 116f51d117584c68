/** The parts of a version people name it by: its item's name, and its two version numbers. */
export interface VersionNaming {
  parent_name: string;
  name: string | null;
  name2: string | null;
}

const joinParts = (parts: ReadonlyArray<string | null | undefined>) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** A version's numbers as people name it: name and name2, whichever are set, joined by a space. */
export function versionNumbers(version: Pick<VersionNaming, 'name' | 'name2'>): string {
  return joinParts([version.name, version.name2]);
}

/**
 * The label of a version (SPEC 2): parent name, name and name2 joined by single spaces, empty parts
 * skipped. The compatibility browsers' `data` parameter holds it, and messages name a version by it.
 */
export function versionLabelText(version: VersionNaming): string {
  return joinParts([version.parent_name, version.name, version.name2]);
}
