import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEngine } from '@transmute/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { createService, type Caller } from '../src/index.js';
import { createWebhookDispatcher } from '../src/webhooks/dispatch-webhooks.js';
import { startHarness, type Harness } from './support/harness.js';

let h: Harness | undefined;
const servers: Server[] = [];

afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback receiver counting the requests it gets. */
async function receiver(): Promise<{ received: string[]; url: string }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(body);
      res.end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook` };
}

describe('a webhook secret the dispatcher cannot decrypt', () => {
  it("fails only that endpoint's delivery (secret_unreadable, logged by endpoint id) and sends the rest", async () => {
    h = await startHarness({ allowPrivateNetworks: true, masterKey: 'master-key-a', workerConcurrency: 0 });
    const { account } = await h.service.admin.createAccount({ plan: 'developer' });
    const other: Caller = { accountId: account.id, requestId: 'req_other' };
    // The other account's endpoint is written by a process started with another master key.
    const engine = createEngine({ plugins: [] });
    const elsewhere = createService({
      store: h.store,
      blobs: h.blobs,
      engine,
      config: {
        baseUrl: 'http://127.0.0.1:8787',
        signingSecret: 'test-secret',
        masterKey: 'master-key-b',
        allowPrivateNetworks: true,
        webhooks: { enabled: false },
      },
    });
    const readable = await receiver();
    const unreadable = await receiver();
    const events = ['job.succeeded' as const];
    const good = await h.service.createWebhookEndpoint(h.caller, { url: readable.url, events });
    const bad = await elsewhere.createWebhookEndpoint(other, { url: unreadable.url, events });
    // Not closed: closing a service closes its store, which this one shares with the harness.
    await engine.close();
    // The undecryptable one is queued first: the batch must not stop at it.
    const badDelivery = await h.service.testWebhookEndpoint(other, bad.id);
    const goodDelivery = await h.service.testWebhookEndpoint(h.caller, good.id);

    const logged: { message: string; meta?: Record<string, unknown> }[] = [];
    const dispatcher = createWebhookDispatcher({
      store: h.store,
      masterKey: 'master-key-a',
      allowPrivateNetworks: true,
      retryDelaysSeconds: [60],
      sweepIntervalMs: 0,
      logger: { error: (message, meta) => logged.push({ message, ...(meta ? { meta } : {}) }) },
    });
    try {
      expect(await dispatcher.drainOnce()).toBe(2);
    } finally {
      await dispatcher.stop();
    }

    expect(readable.received).toHaveLength(1);
    expect(unreadable.received).toHaveLength(0);
    const sent = (await h.service.listWebhookDeliveries(h.caller, good.id, { limit: 10 })).data;
    expect(sent.map((d) => [d.id, d.status])).toEqual([[goodDelivery.id, 'succeeded']]);
    const failed = (await h.service.listWebhookDeliveries(other, bad.id, { limit: 10 })).data;
    expect(failed).toEqual([
      expect.objectContaining({
        id: badDelivery.id,
        status: 'retrying',
        attempts: 1,
        last_error_code: 'secret_unreadable',
        response_status: null,
      }),
    ]);
    expect(logged).toEqual([
      expect.objectContaining({ meta: expect.objectContaining({ endpointId: bad.id }) as unknown }),
    ]);
    const stored = await h.store.db
      .selectFrom('webhook_endpoints')
      .select('secret_ciphertext')
      .where('id', '=', bad.id)
      .executeTakeFirstOrThrow();
    const line = JSON.stringify(logged);
    expect(line).not.toContain(bad.secret);
    expect(line).not.toContain(stored.secret_ciphertext);
  });
});
