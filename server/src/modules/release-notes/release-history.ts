import type { ReleaseHistory, ReleaseVersion } from '@dp/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../paths.js';

/** Where the histories are kept: Markdown files in the repository, edited with each release. */
export const RELEASE_NOTES_DIR = path.join(SERVER_ROOT, 'release-notes');

export const HISTORY_FILES = {
  /** The external page: the shorter German history (SPEC 2). */
  external: { file: 'external.de.md', language: 'de' },
  /** The internal page: the English history (SPEC 2). */
  internal: { file: 'internal.en.md', language: 'en' },
} as const;

const VERSION_HEADING = /^## +(\d+\.\d+\.\d+)(?: +\((\d{4}-\d{2}-\d{2})\))? *$/;

/**
 * Reads a history file: a `# title`, then per version a `## 1.2.3` heading (optionally followed by
 * ` (yyyy-mm-dd)`) and its changes as `- ` items; an item may go on over lines indented by two
 * spaces. Anything else is a mistake in the file and fails loudly (at start, and in the tests).
 */
export function parseHistory(markdown: string, language: ReleaseHistory['language'], name = 'history'): ReleaseHistory {
  let title: string | null = null;
  const versions: ReleaseVersion[] = [];
  function fail(line: number, why: string): never {
    throw new Error(`${name}:${line}: ${why}`);
  }
  let inComment = false;
  markdown.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    const number = index + 1;
    // HTML comments (notes for whoever edits the file) are not part of the history.
    if (inComment || line.trimStart().startsWith('<!--')) {
      inComment = !line.includes('-->');
      return;
    }
    if (line.trim() === '') return;
    if (line.startsWith('# ')) {
      if (title !== null) fail(number, 'a second title');
      title = line.slice(2).trim();
      return;
    }
    const heading = VERSION_HEADING.exec(line);
    if (heading) {
      if (versions.some((v) => v.version === heading[1])) fail(number, `version ${heading[1]} twice`);
      versions.push({
        version: heading[1] ?? fail(number, 'no version number'),
        date: heading[2] ?? null,
        changes: [],
      });
      return;
    }
    const current = versions.at(-1);
    if (line.startsWith('- ')) {
      if (!current) fail(number, 'a change before the first version heading');
      current.changes.push(line.slice(2).trim());
      return;
    }
    if (line.startsWith('  ') && current && current.changes.length > 0) {
      current.changes[current.changes.length - 1] += ` ${line.trim()}`;
      return;
    }
    fail(number, `not a title, a '## x.y.z' heading or a '- ' change: ${line}`);
  });
  if (title === null) fail(1, 'no "# " title');
  if (versions.length === 0) fail(1, 'no version');
  for (const v of versions) if (v.changes.length === 0) fail(1, `version ${v.version} lists no change`);
  return { language, title, versions };
}

/** Reads and checks one of the two histories. */
export function loadHistory(audience: keyof typeof HISTORY_FILES, dir = RELEASE_NOTES_DIR): ReleaseHistory {
  const { file, language } = HISTORY_FILES[audience];
  return parseHistory(readFileSync(path.join(dir, file), 'utf8'), language, file);
}
