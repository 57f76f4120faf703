import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from '@transmute/http';
import type { Plugin } from '@transmute/plugin-sdk';
import {
  createFsBlobStore,
  createService,
  createSqliteStore,
  type Service,
  type ServiceConfig,
  type Store,
} from '@transmute/service';
import type { Plan } from '@transmute/contract';
import { startMount, type MountName, type RunningMount } from './mounts.js';

/** Credentials of one account. */
export interface Credentials {
  accountId: string;
  apiKey: string;
}

/** A real stack on loopback: SQLite in a temp dir, the real engine, a mount, and a worker process-alike. */
export interface Stack {
  mount: MountName;
  url: string;
  /** The service behind HTTP (no workers of its own). */
  service: Service;
  newAccount(plan?: Plan): Promise<Credentials>;
  /** Starts the worker service (a second service on the same store, like `transmute worker`). */
  startWorker(): Promise<void>;
  /** Stops it, so new jobs stay `queued`. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link createStack}. */
export interface StackOptions {
  handler?: Partial<Omit<FetchHandlerOptions, 'service'>>;
  config?: Partial<ServiceConfig>;
}

async function loadDataset(): Promise<Plugin[]> {
  const module = (await import('@transmute/plugin-dataset')) as Record<string, unknown>;
  return Object.entries(module)
    .filter(([name, value]) => /^create\w*(Renderer|Plugin)$/.test(name) && typeof value === 'function')
    .map(([, factory]) => (factory as () => Plugin)());
}

/**
 * The same store without `close` (the HTTP service closes it at the end). Two SQLite connections
 * in one process would deadlock: better-sqlite3 waits for a lock synchronously, on the very thread
 * that holds it.
 */
function unclosable(store: Store): Store {
  return {
    dialect: store.dialect,
    db: store.db,
    transaction: (fn) => store.transaction(fn),
    notify: (channel) => store.notify(channel),
    subscribe: (channel, listener) => store.subscribe(channel, listener),
    close: async () => undefined,
  };
}

/** A handler whose implementation is set after the server listens (the base URL needs the port). */
export function deferredHandler(): { handler: FetchHandler; set(real: FetchHandler): void } {
  let real: FetchHandler | null = null;
  const need = (): FetchHandler => {
    if (real === null) throw new Error('handler not ready');
    return real;
  };
  // defineProperties, not Object.assign: the getters must read the real handler when called.
  const handler = Object.defineProperties((request: Request) => need()(request), {
    core: { value: (request: Parameters<FetchHandler['core']>[0]) => need().core(request) },
    basePath: { value: '' },
    docsBaseUrl: { get: () => need().docsBaseUrl },
    logger: { get: () => need().logger },
  }) as FetchHandler;
  return { handler, set: (value) => (real = value) };
}

/** Builds the stack for one mount; the worker starts running at once. */
export async function createStack(mount: MountName, options: StackOptions = {}): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), `transmute-e2e-${mount}-`));
  const dbPath = join(dir, 'transmute.db');
  const deferred = deferredHandler();
  const running: RunningMount = await startMount(mount, deferred.handler);
  const engine = createEngine({ plugins: await loadDataset(), allowPrivateNetworks: true });
  const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
  const config: ServiceConfig = {
    baseUrl: running.url,
    signingSecret: 'e2e-signing-secret-0123456789abcdef',
    allowPrivateNetworks: true,
    pollIntervalMs: 50,
    ...options.config,
  };
  const store = await createSqliteStore({ path: dbPath });
  const service = createService({
    store,
    blobs,
    engine,
    config: { ...config, workerConcurrency: 0, webhooks: { enabled: false } },
  });
  await service.start();
  deferred.set(createFetchHandler({ service, logger: { error: () => undefined }, ...options.handler }));
  let worker: Service | null = null;
  const stack: Stack = {
    mount,
    url: running.url,
    service,
    async newAccount(plan = 'developer') {
      const { account, apiKey } = await service.admin.createAccount({ plan });
      return { accountId: account.id, apiKey };
    },
    async startWorker() {
      if (worker !== null) return;
      worker = createService({
        store: unclosable(store),
        blobs,
        engine,
        config: { ...config, workerConcurrency: 2 },
      });
      await worker.start();
    },
    async stopWorker() {
      const current = worker;
      worker = null;
      await current?.close();
    },
    async close() {
      await running.close();
      await stack.stopWorker();
      await service.close();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await stack.startWorker();
  return stack;
}
