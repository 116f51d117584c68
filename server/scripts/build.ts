/**
 * Compiles the server to JavaScript in server/dist, the files `node server/dist/main.js` runs in
 * production: one ES module bundle of the server's own code and the contract's (a workspace of TypeScript
 * sources, which Node cannot load), with every npm package left to be imported from node_modules as it is.
 * The bundle's files lie flat in dist, one level below server/ as src is (server/src/paths.ts relies on it).
 */
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
const SERVER_DIST = path.join(serverRoot, 'dist');

/** Bare imports stay imports, but for the workspaces' own packages, which are bundled from source. */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dp/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(SERVER_DIST, { recursive: true, force: true });
await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', 'migrate-cli': 'src/db/migrate-cli.ts', 'seed-cli': 'src/db/seed-cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Stack traces name the source files when Node runs with --enable-source-maps.
  sourcemap: 'linked',
  plugins: [packagesExternal],
  logLevel: 'warning',
});
