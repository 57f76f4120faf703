import type { ServiceConfig } from '../../src/index.js';

/**
 * What every process of worker-kills.test.ts runs with (the test's own service, which takes no
 * jobs, and each worker): the default job lease, a short poll, eight jobs per worker, and webhook
 * deliveries retried quickly with a short lease of their own (the dispatcher's recovery is not
 * what the test measures).
 */
export const WORKER_KILLS_CONFIG = {
  baseUrl: 'http://127.0.0.1:1',
  signingSecret: 'worker-kills',
  allowPrivateNetworks: true,
  workerConcurrency: 8,
  pollIntervalMs: 100,
  webhooks: {
    leaseMs: 2000,
    timeoutMs: 1000,
    pollIntervalMs: 100,
    retryDelaysSeconds: [0.1, 0.2, 0.5, 1, 1, 1, 1, 1],
  },
} satisfies ServiceConfig;
