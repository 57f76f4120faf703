import type { ServiceConfig } from '../../src/index.js';

/** The config of every service of batch.test.ts (in-process and child workers): short lease, quick polls, small tasks. */
export const BATCH_TEST_CONFIG = {
  baseUrl: 'http://127.0.0.1:8787',
  signingSecret: 'test-secret',
  pollIntervalMs: 50,
  leaseMs: 2000,
  webhooks: { enabled: false },
  batch: { pagesPerTask: 2 },
} satisfies ServiceConfig;
