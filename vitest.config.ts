import { configDefaults, defineConfig } from 'vitest/config';

const TEST_FILES = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'plugins/*/src/**/*.test.ts',
  'plugins/*/test/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/src/**/*.test.ts',
];

/**
 * Test files that each need a process of their own: they start services, kill processes, set
 * process-wide state, or watch what a module does on its first load in a process. Every other file
 * shares its worker process with the files before it (`isolate: false`): a fresh process per file
 * cost about half a second of CPU and a second of wall time each (docs/DECISIONS.md "The test
 * suite's time…"), and the rest passed shared in three orders (vitest's and two shuffles).
 */
const OWN_PROCESS = [
  'packages/e2e/test/**/*.test.ts',
  'packages/service/test/**/*.test.ts',
  'packages/cli/test/**/*.test.ts',
  'packages/cli/src/**/*.test.ts',
  // End PostgreSQL sessions and listen for notifications across connections of the process.
  'packages/postgres/test/**/*.test.ts',
  // The parse pool and the golden runs keep module state across files.
  'plugins/documents/test/**/*.test.ts',
  // The CPU pool's worker limits are fixed by the first pool of the process.
  'packages/engine/src/cpu/cpu-pool-limits.test.ts',
  // Watch what a module does on its first load in the thread.
  'plugins/webpage/src/internal/load-dom.test.ts',
  'plugins/ocr/test/fixtures.test.ts',
  // Count requests in metrics that other files' servers in the same process also count.
  'packages/http/test/mounted-surfaces.test.ts',
];

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    // Two test files at a time even on a 2-core machine (vitest's default there is one): most files
    // wait on servers, child processes and a browser, so the suite takes about two thirds of the
    // time. The timeouts leave room for a file slowed by its neighbour.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['scripts/vitest-global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
    projects: [
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
      {
        extends: true,
        test: {
          name: 'shared-process',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          isolate: false,
        },
      },
    ],
  },
});
