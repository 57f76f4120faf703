/*
 * Child process of batch.bench.ts: one worker (`transmute worker` in effect: one job or task at a
 * time) with the OCR source on the bench's PostgreSQL schema. Prints "ready" once started and runs
 * until killed.
 *
 *   node --conditions=development --import tsx batch-bench-worker.ts <connection> <schema> <workerId> <blob dir>
 */
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService } from '@transmute/service';

const [connectionString, schema, workerId, blobDir] = process.argv.slice(2);
if (
  connectionString === undefined ||
  schema === undefined ||
  workerId === undefined ||
  blobDir === undefined
) {
  throw new Error('usage: batch-bench-worker.ts <connection> <schema> <workerId> <blob dir>');
}
const service = createService({
  store: await createPostgresStore({ connectionString, schema, maxConnections: 4 }),
  blobs: await createFsBlobStore({ root: blobDir }),
  engine: createEngine({ plugins: [createDatasetRenderer(), createOcrSource()] }),
  config: {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'batch-bench',
    workerConcurrency: 1,
    workerId,
    webhooks: { enabled: false },
    // Task and job lines at `info` would bury the bench's table.
    logger: { info: () => undefined, warn: console.warn, error: console.error },
  },
});
await service.start();
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
