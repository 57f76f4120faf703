import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore, createService, createFsBlobStore } from '@transmute/service';
import { createPostgresStore } from '@transmute/postgres';
import { createEngine } from '@transmute/engine';
import { createFetchHandler } from '@transmute/http';
const dir = mkdtempSync(join(tmpdir(), 'q-'));
const pg = process.argv[2] === 'postgres';
const store = pg ? await createPostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', schema: `zzq_${process.pid}` }) : await createSqliteStore({ path: join(dir, 'db') });
const service = createService({ store, blobs: await createFsBlobStore({ root: join(dir, 'b') }), engine: createEngine({}), config: { baseUrl: 'http://x', signingSecret: 'x'.repeat(40), workerConcurrency: 0, webhooks: { enabled: false } } });
const { account, apiKey } = await service.admin.createAccount({ plan: 'enterprise' });
const caller = { accountId: account.id, requestId: 'r' };
const job = await service.createJob(caller, { source: { type: 'text', content: 'Hello bench.' }, output: { profile: 'raw_source' } });
const handler = createFetchHandler({ service, rateLimit: false });
const BODY = Buffer.from(JSON.stringify({ source: { type: 'text', content: 'Hello bench. A small text job.' }, output: { profile: 'raw_source' } }));
const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'content-length': String(BODY.length) };
let k = 0;
const req = (method: string, path: string) => {
  const h = { ...headers, 'idempotency-key': `k${k++}` };
  return { method, path, query: '', header: (n: string) => h[n] ?? null, body: () => method === 'GET' ? null : new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new Uint8Array(BODY)); c.close(); } }) };
};
const time = async (name: string, fn: () => Promise<unknown>, n: number) => { for (let i = 0; i < n / 5; i++) await fn(); const t = process.cpuUsage(); for (let i = 0; i < n; i++) await fn(); const u = process.cpuUsage(t); console.log(name, ((u.user + u.system) / n).toFixed(1), 'us'); };
const only = process.argv[3];
import { createRequire } from 'node:module';
const require = createRequire(import.meta.resolve('@transmute/service'));
const BS = require('better-sqlite3');
const probe = new BS(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
let nativeNs = 0n; let calls = 0; const bySql = new Map<string, number>();
for (const m of ['run', 'all', 'get']) { const orig = proto[m]; proto[m] = function (this: { source: string }, ...a: unknown[]) { const t0 = process.threadCpuUsage(); try { return orig.apply(this, a); } finally { const tu = process.threadCpuUsage(t0); const d = BigInt(tu.user + tu.system) * 1000n; nativeNs += d; calls++; const k = this.source.slice(0, 60); bySql.set(k, (bySql.get(k) ?? 0) + Number(d)); } }; }
if (only === 'native') { const N = 2000; for (let i = 0; i < 200; i++) await service.createJob(caller, { source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } }); nativeNs = 0n; calls = 0; bySql.clear(); const t = process.threadCpuUsage(); for (let i = 0; i < N; i++) await service.createJob(caller, { source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } }); const u = process.threadCpuUsage(t); console.log('createJob main-thread cpu', (u.user + u.system) / N, 'native', Number(nativeNs) / 1000 / N, 'us, statements', calls / N); for (const [k, v] of [...bySql].sort((a, b) => b[1] - a[1])) console.log((v / 1000 / N).toFixed(1).padStart(7), k); }
if (only === 'create') { await time('core POST /v1/jobs', async () => { const res = await handler.core(req('POST', '/v1/jobs')); if (res.status !== 201) throw new Error(String(res.status)); }, 8000); }
else if (only === 'get') { await time('core GET', async () => { const res = await handler.core(req('GET', `/v1/jobs/${job.id}`)); if (res.status !== 200) throw new Error(String(res.status)); }, 60000); }
else for (let r = 0; r < 2; r++) {
  await time('service.getJob', () => service.getJob(caller, job.id), 10000);
  await time('core GET /v1/jobs/id', async () => { const res = await handler.core(req('GET', `/v1/jobs/${job.id}`)); if (res.status !== 200) throw new Error(String(res.status)); }, 10000);
  await time('service.createJob', () => service.createJob(caller, { source: { type: 'text', content: 'Hello bench. A small text job.' }, output: { profile: 'raw_source' } }), 2000);
  await time('core POST /v1/jobs', async () => { const res = await handler.core(req('POST', '/v1/jobs')); if (res.status !== 201) throw new Error(String(res.status) + res.body); }, 2000);
}
if (process.argv[3] === 'prof') { const { Session } = await import('node:inspector/promises'); }
await service.close();
