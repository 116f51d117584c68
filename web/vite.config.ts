import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

// `vite dev` forwards the API and the embedded provider to a running server (npm run dev); start that
// server with PUBLIC_URL=http://localhost:5173 so the sign-in redirects come back to this origin.
const server = process.env.DP_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  // No source maps in the build: the server would serve them to anyone (issue 11). The manifest
  // (dist/.vite/manifest.json, never served: the static server ignores dot-folders) tells
  // bench/bundle-size.ts which chunks the first screen loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/idp': { target: server, changeOrigin: false },
    },
  },
});
