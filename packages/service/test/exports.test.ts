import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
    [
      'DEFAULT_RETRY_DELAYS_SECONDS',
      'DEFAULT_WEBHOOK_TIMEOUT_MS',
      'PLANS',
      'PRICES',
      'createAdmin',
      'createFsBlobStore',
      'createKyselyStore',
      'createService',
      'createSqliteStore',
      'createWebhookDispatcher',
      'decryptSecret',
      'encryptSecret',
      'endEndpointDeliveries',
      'parseRetryDelays',
      'parseTimeoutMs',
      'queueWebhookReplay',
      'signWebhook',
      'toResponsePreview',
      'toWebhookHeaders',
    ].sort(),
  );
});

it('exports the store conformance suite and the delivery row builder from ./testing', async () => {
  expect(Object.keys(await import('../src/testing.js')).sort()).toEqual([
    'describeStoreConformance',
    'newDeliveryRow',
  ]);
});
