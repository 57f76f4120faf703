/*
 * The HTTP handler's own CPU per request, without sockets: getJob and createJob (text source)
 * through `handler.core` in a loop in this process, on SQLite or PostgreSQL, after a warm-up.
 * Prints this thread's CPU (what the handler, the service and the store's driver cost) and the
 * process's (adds SQLite's checkpointer thread and the garbage collector's threads), and the
 * monotonic-clock window of each measure, to read a `--cpu-prof` profile over.
 *
 *   http-core-loop.ts sqlite|postgres [requests] [in flight] [hot|cold]
 *
 * `cold` waits on a timer (about 1 ms) before each request: on a busy machine other processes run
 * meanwhile, and the request then pays for caches refilled, as in a server.
 * On Linux it also prints the bytes this thread wrote per request: on SQLite that is the commit's
 * log, a WAL frame being a page and its 24-byte header (4 120 bytes), a number the machine's load
 * does not move (the checkpointer writes from its own thread).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createEngine } from '@transmute/engine';
import { createFetchHandler, type FetchHandler } from '@transmute/http';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService, createSqliteStore, type Store } from '@transmute/service';
import { adminQuery, BENCH_POSTGRES_URL } from './bench-fleet.js';
import { threadBytesWritten } from './thread-cpu.js';

type CoreRequest = Parameters<FetchHandler['core']>[0];

const backend = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const COUNT = Number(process.argv[3] ?? 5000);
const IN_FLIGHT = Number(process.argv[4] ?? 1);
/** `cold`: a timer's wait before each request, as a server's requests arrive (caches gone cold). */
const COLD = process.argv[5] === 'cold';
const dir = mkdtempSync(join(tmpdir(), 'transmute-http-core-loop-'));
const schema = `bench_core_${randomBytes(4).toString('hex')}`;

async function openStore(): Promise<Store> {
  if (backend === 'sqlite') return createSqliteStore({ path: join(dir, 'transmute.db') });
  return createPostgresStore({ connectionString: BENCH_POSTGRES_URL, schema });
}

const engine = createEngine({ plugins: [] });
const service = createService({
  store: await openStore(),
  blobs: await createFsBlobStore({ root: join(dir, 'blobs') }),
  engine,
  config: {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'bench-signing-secret-0123456789abcdef',
    workerConcurrency: 0,
    webhooks: { enabled: false },
  },
});
await service.start();
const { apiKey } = await service.admin.createAccount({ plan: 'enterprise' });
const handler = createFetchHandler({ service, rateLimit: false });
const body = new TextEncoder().encode(
  JSON.stringify({
    source: { type: 'text', content: 'Hello bench. A small text job.' },
    output: { profile: 'raw_source' },
  }),
);

function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  bytes?: Uint8Array,
): CoreRequest {
  const all: Record<string, string> = { authorization: `Bearer ${apiKey}`, host: 'bench', ...headers };
  return {
    method,
    path,
    query: '',
    header: (name) => all[name] ?? null,
    body: () => null,
    ...(bytes === undefined ? {} : { bytes: () => Promise.resolve(bytes) }),
  };
}

const createJob = (i: number): ReturnType<FetchHandler['core']> =>
  handler.core(
    request(
      'POST',
      '/v1/jobs',
      {
        'content-type': 'application/json',
        'content-length': String(body.byteLength),
        'idempotency-key': `loop-${String(i)}-${String(Math.random())}`,
      },
      body,
    ),
  );
const first = JSON.parse((await createJob(-1)).body as string) as { id: string };
const getJob = (): ReturnType<FetchHandler['core']> =>
  handler.core(request('GET', `/v1/jobs/${first.id}`, {}));

async function load(count: number, send: (i: number) => ReturnType<FetchHandler['core']>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        if (COLD) await new Promise((resolve) => setTimeout(resolve, 0));
        const response = await send(next++);
        if (response.status >= 300) throw new Error(`answered ${String(response.status)}`);
      }
    }),
  );
}

try {
  for (const [name, send] of [
    ['getJob', getJob],
    ['createJob', createJob],
  ] as const) {
    await load(500, send);
    const from = process.hrtime.bigint() / 1000n;
    const thread = process.threadCpuUsage();
    const whole = process.cpuUsage();
    const writtenBefore = threadBytesWritten();
    await load(COUNT, send);
    const writtenAfter = threadBytesWritten();
    const threadUsed = process.threadCpuUsage(thread);
    const wholeUsed = process.cpuUsage(whole);
    const to = process.hrtime.bigint() / 1000n;
    const perRequest = (usage: NodeJS.CpuUsage): string => ((usage.user + usage.system) / COUNT).toFixed(1);
    const written =
      writtenBefore === null || writtenAfter === null
        ? ''
        : `, this thread wrote ${((writtenAfter - writtenBefore) / COUNT).toFixed(0)} bytes`;
    console.log(
      `${backend} ${name}: this thread ${perRequest(threadUsed)} µs, process ${perRequest(wholeUsed)} µs CPU per request${written} (window ${String(from)} ${String(to)})`,
    );
  }
} finally {
  await service.close();
  await engine.close();
  if (backend === 'postgres') await adminQuery(`drop schema if exists "${schema}" cascade`);
  rmSync(dir, { recursive: true, force: true });
}
