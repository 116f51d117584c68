// @ts-check
/**
 * Builds what `npm start` runs, each part only when its sources differ from those of its last build: the
 * web app (web/dist) and the compiled server (server/dist). A start with nothing changed skips both
 * builds; a fresh clone (no dist) builds both.
 *
 * A stamp is a hash of the sources' contents, not their times, so switching branches back and forth or
 * touching a file without changing it does not rebuild, and no change can hide behind an old time. A
 * plain build empties its dist and with it the stamp, so the next start builds once more.
 *
 * JavaScript (type-checked through its JSDoc), not TypeScript: Node runs it as it is, where a TypeScript
 * loader would add a third of a second to every start. Hashing every source file costs about 10 ms.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * @typedef {object} Target
 * @property {string} workspace its npm workspace, whose `build` script builds it
 * @property {string} dist its build output, which holds the stamp; `entry` must be there for the build to count
 * @property {string} entry
 * @property {string[]} sources everything the build is made from
 */

/** @type {Target[]} */
const targets = [
  {
    workspace: 'web',
    dist: 'web/dist',
    entry: 'index.html',
    sources: [
      'web/src',
      'web/index.html',
      'web/public',
      'web/vite.config.ts',
      'web/scripts/precompress.ts',
      'web/package.json',
      'contract/src',
      'package-lock.json',
    ],
  },
  {
    workspace: 'server',
    dist: 'server/dist',
    entry: 'main.js',
    sources: ['server/src', 'server/scripts', 'server/package.json', 'contract/src', 'package-lock.json'],
  },
];

/** @param {string} relative */
function filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * A hash of every source file's path and content, in a fixed order.
 * @param {string[]} sources
 */
function sourceHash(sources) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

for (const target of targets) {
  const dist = path.join(root, target.dist);
  const stampFile = path.join(dist, '.build-stamp');
  // Hashed before building: a file changed during the build makes the next start build again.
  const current = sourceHash(target.sources);
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (built === current && existsSync(path.join(dist, target.entry))) {
    console.log(`${target.workspace}: sources unchanged since the last build, not rebuilding`);
  } else {
    console.log(`${target.workspace}: building`);
    const run = spawnSync('npm', ['run', 'build', '--workspace', target.workspace], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
    writeFileSync(stampFile, `${current}\n`);
  }
}
