import { expect, it, vi } from 'vitest';

// The client takes its operation table from `@transmute/contract/operations`: loading the JSON
// Schema validators would fail this import.
vi.mock('ajv', () => {
  throw new Error('ajv was loaded');
});
vi.mock('ajv-formats', () => {
  throw new Error('ajv-formats was loaded');
});

it('loads without the contract validators and sends each call as the operation table says', async () => {
  const { createClient } = await import('../src/index.js');
  const calls: { method: string; url: string; key: string | null }[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.com/v1/',
    apiKey: 'tmk_x',
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({
        method: init?.method ?? 'GET',
        url: input instanceof Request ? input.url : input.toString(),
        key: headers.get('idempotency-key'),
      });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  await client.replayWebhookDelivery('wh_1', 'whd_2');
  await client.getOutputContent('out_1', { limit: 5 });
  await client.updateWebhookEndpoint('wh_1', { description: 'x' });
  expect(calls).toEqual([
    {
      method: 'POST',
      url: 'https://api.example.com/v1/webhook-endpoints/wh_1/deliveries/whd_2/replay',
      key: expect.any(String),
    },
    { method: 'GET', url: 'https://api.example.com/v1/outputs/out_1/content?limit=5', key: null },
    { method: 'PATCH', url: 'https://api.example.com/v1/webhook-endpoints/wh_1', key: expect.any(String) },
  ]);
});
