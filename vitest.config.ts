import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every tier: contract and web (pure helpers, and components in happy-dom), server
// (API through app.inject() on a real database) and e2e (real Chromium against a real server).
export default defineConfig({
  test: {
    // A worker per core, not vitest's default of one fewer: on the 2-core machine that is one
    // file at a time, with a core idle while a test waits on a child process or the database.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          // The lint rules themselves: each fails on a deliberate violation.
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.ts'],
        },
      },
      {
        test: {
          // Component tests render into happy-dom (decision 041); the pure helpers above run in Node.
          name: 'web-components',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // One antd-mobile, as in the build: its ES modules, which the app's lazy toasts and
          // dialogs import by path. The package's main (CommonJS) would be a second copy, whose
          // imperative render the app never replaced (app/antd-mobile-react19.ts).
          alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          // Migrates (and seeds) one database per run; each file copies it (test/db.ts).
          globalSetup: ['packages/server/test/database-images.ts'],
          // Each worker keeps the modules it loaded from one file to the next: importing the app
          // once per worker, not once per file, takes a third or more off the run. Every file
          // builds its own app on its own database, so nothing else is shared.
          isolate: false,
          // A bound, not a wait: transcodes and backups took 25–30 s in healthy runs on a busy
          // 2-core machine. Tests that start processes take PROCESS_TEST_MS (test/timeouts.ts).
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['packages/server/test/database-images.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files side by side, each with its own server and Chromium; the modules a worker
          // loaded (the app) are kept from one file to the next, as in the server project.
          isolate: false,
          // A poll waits for a state the page reaches; on a loaded CI machine a list can take
          // longer than vitest's default 1 s to arrive (CI saw an empty sidebar at 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
