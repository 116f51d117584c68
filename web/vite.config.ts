import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

// `vite dev` forwards the API and the embedded provider to a running server (npm run dev); start that
// server with PUBLIC_URL=http://localhost:5173 so the sign-in redirects come back to this origin.
const server = process.env.DP_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // Installable app whose shell opens without network (issue 44). The service worker precaches only
    // the build's own files: API answers are never cached there (they belong to one user; the offline
    // data lives in IndexedDB and is removed on logout), and /api, /idp and the sign-in pages always go
    // to the network. registerSW.js is a file, not an inline script, which the Content-Security-Policy forbids.
    VitePWA({
      injectRegister: 'script',
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Digital Portfolio',
        short_name: 'Portfolio',
        start_url: '/evaluate',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The server's own pages are never the app: sign-in, the silent renewal, the unwatch page a mail links to.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/idp(\/|$)/, /^\/auth\/silent/, /^\/unwatch(\/|\?|$)/],
        runtimeCaching: [],
      },
    }),
    precompress(),
  ],
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
