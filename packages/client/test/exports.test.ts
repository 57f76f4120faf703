import { expect, it } from 'vitest';

it('exports exactly the public API of @transmute/client', async () => {
  expect(Object.keys(await import('../src/index.js')).sort()).toEqual(
    [
      'TransmuteApiError',
      'WaitTimeoutError',
      'WebhookVerificationError',
      'createClient',
      'isTransmuteApiError',
      'paginate',
      'verifyWebhook',
    ].sort(),
  );
});
