import { defineConfig } from 'vitest/config';

// Only for ../conformance-suites.test.ts: runs the suites on fake plugins.
export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'], externalConditions: ['development'] } },
  test: { include: ['**/*.suite.ts'], pool: 'forks', testTimeout: 60_000 },
});
