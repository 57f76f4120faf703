/*
 * Child process of http.bench.ts: either the real stack (SQLite or PostgreSQL + engine + service +
 * createFetchHandler on node:http) or a bare node:http handler answering the same JSON, so the
 * parent can read this process's CPU time alone (the load generator runs in the parent).
 *
 *   http-bench-server.ts transmute|bare workers|no-workers [job JSON] [sqlite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createAudioSource } from '@transmute/plugin-audio';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createRepositorySource } from '@transmute/plugin-repository';
import { createVideoSource } from '@transmute/plugin-video';
import { createWebpageSource } from '@transmute/plugin-webpage';
import { createFetchHandler } from '@transmute/http';
import { attachProblemHandlers, createNodeListener } from '@transmute/http/node';
import { randomBytes } from 'node:crypto';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService, createSqliteStore, type Store } from '@transmute/service';
import { adminQuery, BENCH_POSTGRES_URL } from './bench-fleet.js';

/** Messages from the parent. */
export type ParentMessage = { type: 'cpu' } | { type: 'stop' };
/** Messages to the parent. */
export type ChildMessage =
  | { type: 'ready'; port: number; apiKey: string; jobId: string; jobJson: string }
  | { type: 'cpu'; micros: number };

const mode = process.argv[2] ?? 'transmute';
const workers = process.argv[3] === 'workers';
const jobJsonArg = process.argv[4] ?? '{}';
const backend = process.argv[5] === 'postgres' ? 'postgres' : 'sqlite';
const schema = `bench_http_${randomBytes(4).toString('hex')}`;

async function openStore(dir: string): Promise<Store> {
  if (backend === 'sqlite') return createSqliteStore({ path: join(dir, 'transmute.db') });
  return createPostgresStore({ connectionString: BENCH_POSTGRES_URL, schema });
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

function bareListener(jobJson: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(jobJson);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end(jobJson);
    });
  };
}

async function main(): Promise<void> {
  let listener: (req: IncomingMessage, res: ServerResponse) => void = bareListener(jobJsonArg);
  const server = createServer((req, res) => listener(req, res)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  let cleanup = async (): Promise<void> => undefined;
  let ready: ChildMessage = { type: 'ready', port, apiKey: '', jobId: '', jobJson: jobJsonArg };
  if (mode === 'transmute') {
    const dir = mkdtempSync(join(tmpdir(), 'transmute-bench-http-'));
    // The plugins and worker threads `transmute serve` runs with.
    const plugins = [
      createWebpageSource(),
      createOcrSource(),
      createAudioSource(),
      createVideoSource(),
      createDatasetRenderer(),
      createRepositorySource(),
    ];
    const engine = createEngine({ plugins, cpuWorkers: {} });
    const service = createService({
      store: await openStore(dir),
      blobs: await createFsBlobStore({ root: join(dir, 'blobs') }),
      engine,
      config: {
        baseUrl: `http://127.0.0.1:${port}`,
        signingSecret: 'bench-signing-secret-0123456789abcdef',
        // BENCH_HTTP_WORKERS: another worker count, to see what bounds the end-to-end row.
        workerConcurrency: workers ? Number(process.env.BENCH_HTTP_WORKERS ?? 2) : 0,
        webhooks: { enabled: false },
      },
    });
    await service.start();
    const { account, apiKey } = await service.admin.createAccount({ plan: 'enterprise' });
    const job = await service.createJob(
      { accountId: account.id, requestId: 'req_bench' },
      { source: { type: 'text', content: 'Hello bench.' }, output: { profile: 'raw_source' } },
    );
    const handler = createFetchHandler({ service, rateLimit: false });
    listener = createNodeListener(handler);
    // As `transmute serve` runs: requests node:http refuses are answered with problem+json.
    attachProblemHandlers(server, handler);
    ready = {
      type: 'ready',
      port,
      apiKey,
      jobId: job.id,
      jobJson: JSON.stringify(
        await service.getJob({ accountId: account.id, requestId: 'req_bench' }, job.id),
      ),
    };
    cleanup = async () => {
      await service.close();
      await engine.close();
      if (backend === 'postgres') await adminQuery(`drop schema if exists "${schema}" cascade`);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      send({ type: 'cpu', micros: usage.user + usage.system });
    } else {
      server.closeAllConnections();
      server.close();
      void cleanup().then(() => process.exit(0));
    }
  });
  send(ready);
}

void main();
