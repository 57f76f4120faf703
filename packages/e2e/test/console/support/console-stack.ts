import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createFetchHandler } from '@transmute/http';
import { createNodeServer } from '@transmute/http/node';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createFsBlobStore, createService, createSqliteStore } from '@transmute/service';
import { freePort } from '../../blackbox/support/service.js';

/** A real service with the console on loopback (SQLite, the real engine with PDF and dataset plugins). */
export interface ConsoleStack {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Starts the service behind node:http with `console: true` (private networks allowed unless told otherwise) (the console `pnpm build` or the vitest
 * global setup built). Webhook retries are shortened to one retry after a second, so a receiver
 * answering 500 dead-letters a delivery within seconds.
 */
export async function startConsoleStack(
  options: { allowPrivateNetworks?: boolean } = {},
): Promise<ConsoleStack> {
  const allowPrivateNetworks = options.allowPrivateNetworks ?? true;
  const dir = await mkdtemp(join(tmpdir(), 'transmute-console-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const engine = createEngine({
    plugins: [createOcrSource(), createDatasetRenderer()],
    allowPrivateNetworks,
  });
  const service = createService({
    store: await createSqliteStore({ path: join(dir, 'transmute.db') }),
    blobs: await createFsBlobStore({ root: join(dir, 'blobs') }),
    engine,
    config: {
      baseUrl: url,
      signingSecret: 'console-e2e-signing-secret-0123456789',
      allowPrivateNetworks,
      pollIntervalMs: 50,
      webhooks: { retryDelaysSeconds: [1], pollIntervalMs: 100 },
      // Errors only: job lifecycle lines would bury the test output.
      logger: { info: () => undefined, warn: () => undefined, error: (message) => console.error(message) },
    },
  });
  await service.start();
  const { apiKey } = await service.admin.createAccount({ plan: 'developer' });
  const handler = createFetchHandler({ service, console: true, logger: { error: () => undefined } });
  const server = createNodeServer(handler).listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url,
    apiKey,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.close();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
