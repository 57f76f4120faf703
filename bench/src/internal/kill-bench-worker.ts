/*
 * Child process of worker-kills.bench.ts and scale-out.bench.ts: one worker (`transmute worker` in
 * effect) on the bench's PostgreSQL schema with the service's defaults (job lease, poll,
 * LISTEN/NOTIFY wake-ups), two jobs at once unless told. Prints "ready" once started and runs until
 * killed.
 *
 *   node --conditions=development --import tsx kill-bench-worker.ts <connection> <schema> <workerId> <blob dir> [concurrency]
 */
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService } from '@transmute/service';

const [connectionString, schema, workerId, blobDir, concurrency = '2'] = process.argv.slice(2);
if (
  connectionString === undefined ||
  schema === undefined ||
  workerId === undefined ||
  blobDir === undefined
) {
  throw new Error('usage: kill-bench-worker.ts <connection> <schema> <workerId> <blob dir>');
}
const service = createService({
  store: await createPostgresStore({ connectionString, schema, maxConnections: 4 }),
  blobs: await createFsBlobStore({ root: blobDir }),
  engine: createEngine({ plugins: [createDatasetRenderer()], allowPrivateNetworks: true }),
  config: {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'worker-kills-bench',
    allowPrivateNetworks: true,
    workerConcurrency: Number(concurrency),
    workerId,
    webhooks: { enabled: false },
  },
});
await service.start();
// The pool's timers are unref'd: this process exists only to work, so it keeps itself alive.
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
