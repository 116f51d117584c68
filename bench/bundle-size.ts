/**
 * The JavaScript the first screen (/evaluate, signed in) downloads, gzipped: the entry chunk of the web
 * build and every chunk it imports statically, as listed by Vite's manifest (web/dist/.vite/manifest.json).
 * Chunks that load on demand (`dynamicImports`: the other screens, the editor, the scanner, …) are not
 * counted. Issue 13 sets the budget at 300 kB.
 *
 * `npx tsx bench/bundle-size.ts` builds web/dist first; `--no-build` reads the build that is there.
 * `npm run bench` runs it as its first step.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Bytes, gzipped, that /evaluate may download in JavaScript (decimal kB, as Vite reports them). */
export const FIRST_SCREEN_BUDGET = 300_000;

const webDir = path.join(import.meta.dirname, '..', 'web');
const distDir = path.join(webDir, 'dist');

/** One entry of Vite's build manifest (only the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface BundleSize {
  /** The chunks /evaluate loads, entry first, with their gzipped size in bytes. */
  chunks: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  budgetBytes: number;
}

/** Builds web/dist the way `npm start` does; the build's own output is shown only when it fails. */
export function buildWeb() {
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], {
    cwd: path.join(webDir, '..'),
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    throw new Error(`npm run build --workspace web failed:\n${build.stdout}\n${build.stderr}`);
  }
}

/** The gzipped JavaScript of the entry chunk and its static imports, from the manifest of web/dist. */
export function measureFirstScreen(): BundleSize {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`${manifestPath}: expected one entry chunk, found ${entries.length}`);

  const seen = new Set<string>();
  const chunks: BundleSize['chunks'] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    chunks.push({ file: chunk.file, gzipBytes: gzipSync(readFileSync(path.join(distDir, chunk.file))).length });
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const entry of entries) visit(entry);

  return {
    chunks,
    totalGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    budgetBytes: FIRST_SCREEN_BUDGET,
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** The figure as bench/run.ts prints it. */
export function summary({ chunks, totalGzipBytes, budgetBytes }: BundleSize) {
  return `first screen (/evaluate): ${kB(totalGzipBytes)} kB of JavaScript gzipped in ${chunks.length} chunks (budget ${kB(budgetBytes)} kB: ${totalGzipBytes < budgetBytes ? 'within' : 'OVER'})`;
}

function main() {
  if (!process.argv.includes('--no-build')) buildWeb();
  const size = measureFirstScreen();
  for (const chunk of [...size.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${kB(chunk.gzipBytes).padStart(8)} kB  ${chunk.file}`);
  }
  console.log(summary(size));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
