/*
 * A worker process for batch.test.ts: `node --conditions=development --import tsx batch.child.ts
 * <store location> <workerId> <blob dir>` (location as `openTestStore` takes it). Runs one job
 * worker with the paged test source, prints "ready" once started and runs until killed (SIGKILL:
 * nothing is released, its leases have to lapse).
 */
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createFsBlobStore, createService } from '../src/index.js';
import { BATCH_TEST_CONFIG } from './support/batch-config.js';
import { openTestStore } from './support/open-test-store.js';
import { createPagedSource } from './support/paged-source.js';

const [location, workerId, blobDir] = process.argv.slice(2);
if (location === undefined || workerId === undefined || blobDir === undefined) {
  throw new Error('usage: batch.child.ts <store location> <workerId> <blob dir>');
}
const service = createService({
  store: await openTestStore(location),
  blobs: await createFsBlobStore({ root: blobDir }),
  engine: createEngine({ plugins: [createDatasetRenderer(), createPagedSource()] }),
  config: { ...BATCH_TEST_CONFIG, workerConcurrency: 1, workerId },
});
await service.start();
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
