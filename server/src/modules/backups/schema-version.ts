import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/migrate.js';

/**
 * The database schema this build runs: the tag of its newest migration. Backups carry it, and an
 * instance refuses a backup of another schema version (its tables would not fit).
 */
export const SCHEMA_VERSION: string = (() => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations found');
  return last.tag;
})();
