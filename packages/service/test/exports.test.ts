import { expect, it } from 'vitest';

it('exports exactly the public API', async () => {
  expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
    [
      'PLANS',
      'PRICES',
      'createAdmin',
      'createFsBlobStore',
      'createKyselyStore',
      'createService',
      'createSqliteStore',
      'createWebhookDispatcher',
      'signWebhook',
    ].sort(),
  );
});

it('exports the store conformance suite and the delivery row builder from ./testing', async () => {
  expect(Object.keys(await import('../src/testing.js')).sort()).toEqual([
    'describeStoreConformance',
    'newDeliveryRow',
  ]);
});
