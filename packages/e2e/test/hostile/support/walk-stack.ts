import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createFetchHandler } from '@transmute/http';
import { createNodeServer } from '@transmute/http/node';
import { createPostgresStore } from '@transmute/postgres';
import {
  createFsBlobStore,
  createService,
  createSqliteStore,
  type Database,
  type Store,
} from '@transmute/service';
import pg from 'pg';
import { deferredHandler } from '../../support/stack.js';

/** The stores the walk runs against. */
export const STORES = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORES)[number];

// PostgreSQL on 127.0.0.1:5432, database `test`, trust auth (docs/TOOLCHAIN.md).
const POSTGRES = process.env.TRANSMUTE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A server on loopback over a real store, with one developer account. */
export interface WalkStack {
  url: string;
  apiKey: string;
  /** Row counts of every table: equal before and after a request that changed nothing. */
  rowCounts(): Promise<Record<string, number>>;
  /** Everything the handler logged as an error (a 5xx would log here). */
  errors: unknown[];
  close(): Promise<void>;
}

interface OpenedStore {
  store: Store;
  /** The store's own tables. */
  tables(): Promise<string[]>;
  drop(): Promise<void>;
}

async function withPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function openStore(kind: StoreKind, dir: string): Promise<OpenedStore> {
  if (kind === 'sqlite') {
    const store = await createSqliteStore({ path: join(dir, 'walk.db') });
    const tables = async () => (await store.db.introspection.getTables()).map((table) => table.name);
    return { store, tables, drop: async () => {} };
  }
  const schema = `hostile_${randomBytes(6).toString('hex')}`;
  const store = await createPostgresStore({ connectionString: POSTGRES, schema, maxConnections: 4 });
  // Only this schema's tables: Kysely's introspection reads every schema of the database and fails
  // when another test drops one meanwhile.
  const tables = () =>
    withPostgres(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select tablename as name from pg_tables where schemaname = $1',
        [schema],
      );
      return rows.map((row) => row.name);
    });
  const drop = () =>
    withPostgres(async (client) => {
      await client.query(`drop schema if exists "${schema}" cascade`);
    });
  return { store, tables, drop };
}

async function countRows({ store, tables: tableNames }: OpenedStore): Promise<Record<string, number>> {
  const tables = await tableNames();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await store.db
      .selectFrom(table as keyof Database)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * The whole stack as `transmute serve` builds it, in this process: the store, the engine (no
 * plugins: nothing is converted), the service without workers or webhook dispatch (requests only
 * queue work), the handler without rate limits, and the node server every project server uses.
 */
export async function startWalkStack(kind: StoreKind): Promise<WalkStack> {
  const dir = await mkdtemp(join(tmpdir(), `transmute-hostile-${kind}-`));
  const opened = await openStore(kind, dir);
  const { store, drop } = opened;
  const engine = createEngine({ plugins: [], allowPrivateNetworks: true });
  const errors: unknown[] = [];
  const deferred = deferredHandler();
  const server = createNodeServer(deferred.handler).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = createService({
    store,
    blobs: await createFsBlobStore({ root: join(dir, 'blobs') }),
    engine,
    config: {
      baseUrl: url,
      signingSecret: 'hostile-walk-signing-secret-0123456789',
      allowPrivateNetworks: true,
      workerConcurrency: 0,
      webhooks: { enabled: false },
    },
  });
  deferred.set(
    createFetchHandler({
      service,
      rateLimit: false,
      logger: { error: (message, details) => errors.push({ message, ...details }) },
    }),
  );
  const { apiKey } = await service.admin.createAccount({ plan: 'developer' });
  return {
    url,
    apiKey,
    rowCounts: () => countRows(opened),
    errors,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await engine.close();
      await drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
