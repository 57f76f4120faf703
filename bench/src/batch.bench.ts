/*
 * orchestration.batch: one 200-page PDF (text layer, 50 lines a page, generated here) converted to
 * markdown by 1 worker process and by 4 worker processes on PostgreSQL. The job is split into
 * page-range tasks (the service's default, 25 pages a task) that every worker claims, so more
 * processes read pages at once; the speed-up is bounded by the machine's cores (reported). Each
 * run has a fresh schema and fresh workers, warmed up by one job first (pdf.js loads in each
 * worker on its first page); the time is from createJob to `succeeded`, median of 3. Target: 4 workers faster than 1 when the machine has more than one
 * core.
 *
 *   node --conditions=development --import tsx bench/src/batch.bench.ts
 *   BENCH_BATCH_PAGES=200 BENCH_BATCH_RUNS=3 TRANSMUTE_BENCH_POSTGRES_URL=postgres://…
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@transmute/engine';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createPostgresStore } from '@transmute/postgres';
import { createFsBlobStore, createService } from '@transmute/service';
import { median, runIfMain, type BenchReport } from './bench-report.js';
import { adminQuery, BENCH_POSTGRES_URL as CONNECTION, startBenchWorker } from './internal/bench-fleet.js';
import { writeTextPdf } from './internal/five-hundred-page-pdf.js';

const WORKER = fileURLToPath(new URL('./internal/batch-bench-worker.ts', import.meta.url));
const PAGES = Number(process.env.BENCH_BATCH_PAGES ?? 200);
const RUNS = Number(process.env.BENCH_BATCH_RUNS ?? 3);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function startWorker(schema: string, id: string, blobDir: string): Promise<ChildProcess> {
  return startBenchWorker(WORKER, schema, id, blobDir);
}

type BenchService = ReturnType<typeof createService>;

/** One job of the uploaded PDF, timed from createJob to `succeeded`, with the most tasks seen. */
async function convert(
  store: Awaited<ReturnType<typeof createPostgresStore>>,
  service: BenchService,
  caller: { accountId: string; requestId: string },
  fileId: string,
): Promise<{ seconds: number; tasks: number }> {
  const started = performance.now();
  const job = await service.createJob(caller, {
    source: { type: 'files', file_ids: [fileId] },
    output: { profile: 'raw_source' },
  });
  let tasks = 0;
  for (;;) {
    const row = await store.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (row.status === 'succeeded') break;
    if (row.status === 'failed' || row.status === 'canceled') throw new Error(`the job ${row.status}`);
    const count = await store.db
      .selectFrom('job_tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('job_id', '=', job.id)
      .executeTakeFirst();
    tasks = Math.max(tasks, Number(count?.n ?? 0));
    await sleep(100);
  }
  return { seconds: (performance.now() - started) / 1000, tasks };
}

/** One run: `workers` fresh worker processes, the PDF uploaded, the job timed to `succeeded`. */
async function measure(pdf: Buffer, workers: number): Promise<{ seconds: number; tasks: number }> {
  const schema = `bench_batch_${randomBytes(4).toString('hex')}`;
  const blobDir = mkdtempSync(join(tmpdir(), 'transmute-batch-bench-'));
  const store = await createPostgresStore({ connectionString: CONNECTION, schema });
  const engine = createEngine({ plugins: [createOcrSource()] });
  const children: ChildProcess[] = [];
  try {
    const service = createService({
      store,
      blobs: await createFsBlobStore({ root: blobDir }),
      engine,
      config: {
        baseUrl: 'http://127.0.0.1:1',
        signingSecret: 'batch-bench',
        workerConcurrency: 0,
        webhooks: { enabled: false },
      },
    });
    await service.start();
    const { account } = await service.admin.createAccount({ plan: 'developer' });
    const caller = { accountId: account.id, requestId: 'req_bench' };
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const intent = await service.createUploadIntent(caller, {
      name: 'long.pdf',
      media_type: 'application/pdf',
      size_bytes: pdf.length,
      sha256,
    });
    const token = intent.upload_url.split('/uploads/')[1] ?? '';
    await service.receiveUpload(token, new Blob([new Uint8Array(pdf)]).stream(), 'application/pdf');
    await service.completeFileUpload(caller, intent.file_id, { size_bytes: pdf.length, sha256 });
    while ((await service.getFile(caller, intent.file_id)).status === 'validating') await sleep(100);
    children.push(
      ...(await Promise.all(
        Array.from({ length: workers }, (_, index) =>
          startWorker(schema, `batch-bench-${String(index)}`, blobDir),
        ),
      )),
    );
    // A first job warms the workers up (pdf.js loads in each on its first page); the next are timed.
    await convert(store, service, caller, intent.file_id);
    const timed = [];
    for (let index = 0; index < RUNS; index += 1)
      timed.push(await convert(store, service, caller, intent.file_id));
    await service.close();
    return { seconds: median(timed.map((run) => run.seconds)), tasks: timed[0]?.tasks ?? 0 };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await sleep(300);
    await engine.close();
    await store.close().catch(() => undefined);
    await adminQuery(`drop schema if exists "${schema}" cascade`);
    rmSync(blobDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchReport> {
  const path = await writeTextPdf(PAGES, 'long.pdf');
  try {
    const pdf = readFileSync(path);
    const rows: (string | number)[][] = [];
    const medians = new Map<number, number>();
    for (const workers of [1, 4]) {
      const { seconds, tasks } = await measure(pdf, workers);
      medians.set(workers, seconds);
      rows.push([workers, tasks, seconds.toFixed(1), (PAGES / seconds).toFixed(1)]);
    }
    const one = medians.get(1) ?? 0;
    const four = medians.get(4) ?? 0;
    const speedUp = one / Math.max(0.001, four);
    const cores = cpus().length;
    for (const row of rows) row.push(`${(one / Math.max(0.001, Number(row[2]))).toFixed(2)}x`);
    return {
      title: `A ${String(PAGES)}-page PDF to markdown, split into page-range tasks, on PostgreSQL (${String(cores)} cores)`,
      columns: ['worker processes', 'tasks', 'seconds', 'pages/s', 'speed-up'],
      rows,
      checks: [
        {
          name: '4 worker processes faster than 1',
          pass: cores < 2 || speedUp > 1.2,
          detail: `${speedUp.toFixed(2)}x with os.cpus().length = ${String(cores)}`,
        },
      ],
      notes: [
        'Each worker process runs one job or task at a time; the job’s own run reads its free tasks too, the others help.',
      ],
    };
  } finally {
    rmSync(dirname(path), { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, run);
