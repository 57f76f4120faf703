import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'plugins/*/src/**/*.test.ts',
      'plugins/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/src/**/*.test.ts',
    ],
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
  },
});
