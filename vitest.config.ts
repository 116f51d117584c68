import { defineConfig } from 'vitest/config';

// One runner, four projects: pure rules (unit), API against a real PostgreSQL (api),
// React components in jsdom (web), and browser journeys in Debian's Chromium (e2e).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['web/e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
