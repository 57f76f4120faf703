/*
 * A worker process for worker-kills.test.ts: `node --conditions=development --import tsx
 * worker-kills.child.ts <schema> <workerId> <blob dir>`. Runs the job workers and the webhook
 * dispatcher on a schema of the test PostgreSQL with the default job lease; prints "ready" once
 * started and runs until killed (SIGKILL: nothing is released, its leases have to lapse).
 */
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createFsBlobStore, createService } from '../src/index.js';
import { openTestStore } from './support/open-test-store.js';
import { createSlowSource } from './support/slow-source.js';
import { WORKER_KILLS_CONFIG } from './support/worker-kills-config.js';

const [schema, workerId, blobDir] = process.argv.slice(2);
if (schema === undefined || workerId === undefined || blobDir === undefined) {
  throw new Error('usage: worker-kills.child.ts <schema> <workerId> <blob dir>');
}
const store = await openTestStore(`postgres:${schema}`);
const service = createService({
  store,
  blobs: await createFsBlobStore({ root: blobDir }),
  engine: createEngine({ plugins: [createDatasetRenderer(), createSlowSource()] }),
  config: { ...WORKER_KILLS_CONFIG, workerId },
});
await service.start();
// The pool's timers are unref'd (an embedding app may exit while it idles): this process exists
// only to work, so it keeps itself alive until it is killed, like `transmute worker`.
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
