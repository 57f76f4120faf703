import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createKyselyStore, type Store } from '../src/index.js';
import { newDeliveryRow } from '../src/tables/delivery-row.js';
import { createWebhookDispatcher } from '../src/webhooks/dispatch-webhooks.js';
import { createPostgresTestDb } from './support/postgres.js';

let store: Store | undefined;
let dropSchema: (() => Promise<void>) | undefined;
let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  await store?.close();
  await dropSchema?.();
});

async function createStore(): Promise<Store> {
  const { db, drop } = await createPostgresTestDb('wh');
  dropSchema = drop;
  return createKyselyStore({ db, dialect: 'postgres' });
}

describe('webhook dispatcher on PostgreSQL', () => {
  it('lets three dispatchers claim with FOR UPDATE SKIP LOCKED without a double send', async () => {
    store = await createStore();
    const received: string[] = [];
    server = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
    const now = new Date(Date.now() - 1000).toISOString();
    const endpoints = ['wh_a', 'wh_b', 'wh_c', 'wh_d'];
    await store.db
      .insertInto('webhook_endpoints')
      .values(
        endpoints.map((id) => ({
          id,
          account_id: 'acct_1',
          url,
          description: '',
          events_json: '["job.queued"]',
          status: 'active',
          secret_ciphertext: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          secret_last_four: 'LaSw',
          previous_secret_ciphertext: null,
          previous_secret_expires_at: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })),
      )
      .execute();
    const ids = Array.from({ length: 120 }, (_, i) => `evt_${String(i).padStart(4, '0')}`);
    await store.db
      .insertInto('events')
      .values(
        ids.map((id) => ({
          id,
          account_id: 'acct_1',
          type: 'job.queued',
          payload: `{"id":"${id}"}`,
          created_at: now,
        })),
      )
      .execute();
    await store.db
      .insertInto('webhook_deliveries')
      .values(
        ids.map((id, i) => ({
          ...newDeliveryRow({
            accountId: 'acct_1',
            endpointId: endpoints[i % endpoints.length] ?? '',
            eventId: id,
            eventType: 'job.queued',
            now,
            isTest: false,
          }),
          id: `whd_${id}`,
        })),
      )
      .execute();
    const options = { store, allowPrivateNetworks: true, batchSize: 5, env: {}, sweepIntervalMs: 0 };
    const workers = ['w1', 'w2', 'w3'].map((workerId) => createWebhookDispatcher({ ...options, workerId }));
    const drain = async (worker: (typeof workers)[number]): Promise<void> => {
      while ((await worker.drainOnce()) > 0);
    };
    await Promise.all(workers.map(drain));
    expect([...received].sort()).toEqual(ids);
    const statuses = await store.db.selectFrom('webhook_deliveries').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'succeeded' }]);
  });
});
