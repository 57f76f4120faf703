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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['scripts/vitest-global-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
