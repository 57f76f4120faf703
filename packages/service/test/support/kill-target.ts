// A service process for the crash test: `first` creates a slow job and SIGKILLs itself right after
// the transaction storing the first stage checkpoint commits (deterministic, mid-job); `resume` restarts on the same data and waits for the job.
import { join } from 'node:path';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createFsBlobStore, createService, createSqliteStore, type Store } from '../../src/index.js';
import { completeUpload, subscribeToEvents } from './harness.js';
import { SLOW_MEDIA_TYPE, createSlowSource } from './slow-source.js';

const [mode = '', dir = '', arg = ''] = process.argv.slice(2);
const base = await createSqliteStore({ path: join(dir, 'transmute.db') });

/** In `first` mode the process dies right after the transaction that stored a stage checkpoint commits. */
async function killAfterCheckpoint(): Promise<void> {
  const row = await base.db.selectFrom('job_checkpoints').select(['job_id', 'stage']).executeTakeFirst();
  if (row === undefined) return;
  const job = await base.db
    .selectFrom('jobs')
    .select('account_id')
    .where('id', '=', row.job_id)
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `${JSON.stringify({ jobId: row.job_id, accountId: job.account_id, stage: row.stage })}\n`,
    () => process.kill(process.pid, 'SIGKILL'),
  );
  await new Promise(() => undefined);
}

const store: Store = {
  dialect: base.dialect,
  db: base.db,
  async transaction(fn) {
    const result = await base.transaction(fn);
    if (mode === 'first') await killAfterCheckpoint();
    return result;
  },
  notify: (channel) => base.notify(channel),
  subscribe: (channel, listener) => base.subscribe(channel, listener),
  close: () => base.close(),
};
const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
const engine = createEngine({ plugins: [createDatasetRenderer(), createSlowSource()] });
const service = createService({
  store,
  blobs,
  engine,
  config: {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'crash-test',
    allowPrivateNetworks: true,
    leaseMs: 2000,
    pollIntervalMs: 50,
    webhooks: { enabled: false },
  },
});
await service.start();

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

if (mode === 'first') {
  const { account } = await service.admin.createAccount({ plan: 'developer' });
  const caller = { accountId: account.id, requestId: 'req_crash' };
  await subscribeToEvents({ service, caller });
  const body = Array.from(
    { length: 40 },
    (_, i) => `Paragraph ${String(i)} talks about crash recovery and checkpoints in some detail.`,
  ).join('\n\n');
  const text = `sleep=300 log=${arg}\n\n${body}`;
  const fileId = await completeUpload({ service, caller }, text, SLOW_MEDIA_TYPE, 'slow.bin');
  while ((await service.getFile(caller, fileId)).status === 'validating') await sleep(10);
  await service.createJob(caller, {
    source: { type: 'files', file_ids: [fileId] },
    output: { profile: 'raw_source' },
  });
  await sleep(60_000);
  process.stdout.write('no checkpoint was stored\n');
  process.exit(1);
} else {
  const [jobId = '', accountId = ''] = arg.split(',');
  const caller = { accountId, requestId: 'req_resume' };
  for (;;) {
    const job = await service.getJob(caller, jobId);
    if (['succeeded', 'failed', 'canceled'].includes(job.status)) break;
    await sleep(50);
  }
  await service.close();
  await engine.close();
  process.stdout.write('done\n');
}
