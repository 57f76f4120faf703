import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createPostgresStore } from '@transmute/postgres';
import {
  createFsBlobStore,
  createService,
  createSqliteStore,
  type BlobStore,
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

/** Wrappers a profile puts around the engine and the blob store the service is given. */
export interface TinyJobInstruments {
  engine?: (engine: Engine) => Engine;
  blobs?: (blobs: BlobStore) => BlobStore;
}

/**
 * The service the queue benches measure, embedded as a program runs it: a fresh SQLite file or
 * PostgreSQL schema, blobs in a temporary directory, only the renderers a text job needs.
 */
export async function startTinyJobService(
  backend: QueueBackend,
  workers: number,
  instruments: TinyJobInstruments = {},
): Promise<TinyJobService> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-queue-bench-'));
  const schema = `bench_queue_${randomBytes(4).toString('hex')}`;
  const store: Store =
    backend === 'postgres'
      ? await createPostgresStore({ connectionString: BENCH_POSTGRES_URL, schema })
      : await createSqliteStore({ path: join(dir, 'transmute.db') });
  const engine = createEngine({ plugins: [createDatasetRenderer()] });
  const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
  const service = createService({
    store,
    blobs: instruments.blobs?.(blobs) ?? blobs,
    engine: instruments.engine?.(engine) ?? engine,
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
