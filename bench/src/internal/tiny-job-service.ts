import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createPostgresStore } from '@transmute/postgres';
import {
  createFsBlobStore,
  createService,
  createSqliteStore,
  type Caller,
  type Service,
  type Store,
} from '@transmute/service';
import { adminQuery, BENCH_POSTGRES_URL } from './bench-fleet.js';

/** Where the queue benches keep their jobs. */
export type QueueBackend = 'sqlite' | 'postgres';

/** A started service of the queue benches: its store, an enterprise account, and how to stop it. */
export interface TinyJobService {
  service: Service;
  store: Store;
  caller: Caller;
  close(): Promise<void>;
}

/**
 * The service the queue benches measure, embedded as a program runs it: a fresh SQLite file or
 * PostgreSQL schema, blobs in a temporary directory, only the renderers a text job needs.
 */
export async function startTinyJobService(backend: QueueBackend, workers: number): Promise<TinyJobService> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-queue-bench-'));
  const schema = `bench_queue_${randomBytes(4).toString('hex')}`;
  const store: Store =
    backend === 'postgres'
      ? await createPostgresStore({ connectionString: BENCH_POSTGRES_URL, schema })
      : await createSqliteStore({ path: join(dir, 'transmute.db') });
  const engine = createEngine({ plugins: [createDatasetRenderer()] });
  const service = createService({
    store,
    blobs: await createFsBlobStore({ root: join(dir, 'blobs') }),
    engine,
    config: {
      baseUrl: 'http://127.0.0.1:1',
      signingSecret: 'queue-bench',
      workerConcurrency: workers,
      webhooks: { enabled: false },
    },
  });
  await service.start();
  const { account } = await service.admin.createAccount({ plan: 'enterprise' });
  return {
    service,
    store,
    caller: { accountId: account.id, requestId: 'req_bench' },
    async close() {
      await service.close();
      await engine.close();
      if (backend === 'postgres') await adminQuery(`drop schema if exists "${schema}" cascade`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
