/**
 * Builds the web app only when its sources differ from those of the last build (`npm start`): a start
 * with nothing changed skips the 3–4 s build; a fresh clone (no dist) builds.
 *
 * The stamp is a hash of the sources' contents, not their times, so switching branches back and forth
 * or touching a file without changing it does not rebuild, and no change can hide behind an old time.
 * A plain `vite build` empties dist and with it the stamp, so the next start builds once more.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'web', 'dist');
const stampFile = path.join(dist, '.build-stamp');

/** Everything the bundle is made from. */
const sources = [
  'web/src',
  'web/index.html',
  'web/public',
  'web/vite.config.ts',
  'web/scripts/precompress.ts',
  'web/package.json',
  'contract/src',
  'package-lock.json',
];

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** A hash of every source file's path and content, in a fixed order. */
function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

// Hashed before building: a file changed during the build makes the next start build again.
const current = sourceHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (built === current && existsSync(path.join(dist, 'index.html'))) {
  console.log('web: sources unchanged since the last build, not rebuilding');
} else {
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}
