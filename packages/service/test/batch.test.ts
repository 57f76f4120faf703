/*
 * orchestration.batch on SQLite and PostgreSQL: a files job extracted as tasks (a file each, a long
 * document in page ranges) that every worker claims under a lease, merged in order into the one
 * document; two pools share a job's tasks; a worker SIGKILLed mid-task loses nothing and does
 * nothing twice; cancel stops every task; a failing task fails the job with its code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateResource } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createOcrSource } from '@transmute/plugin-ocr';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createFsBlobStore, type BlobStore, type Store } from '../src/index.js';
import { referencedKeys } from '../src/tables/blob-refs.js';
import { BATCH_TEST_CONFIG } from './support/batch-config.js';
import {
  startHarness,
  subscribeToEvents,
  uploadFile,
  waitFor,
  waitForJob,
  type Harness,
} from './support/harness.js';
import { openTestStore } from './support/open-test-store.js';
import { PAGED_MEDIA_TYPE, createPagedSource } from './support/paged-source.js';
import { createPostgresTestDb } from './support/postgres.js';

const CHILD = fileURLToPath(new URL('./batch.child.ts', import.meta.url));

/** A paged document: page n says its number (and what `extra(n)` adds: sleep, fail, log). */
function pagedDocument(title: string, count: number, extra: (page: number) => string = () => ''): string {
  return Array.from(
    { length: count },
    (_, index) => `${title} page ${index + 1}: the society read its minutes. ${extra(index + 1)}`,
  ).join('\f');
}

const plugins = () => [createDatasetRenderer(), createPagedSource(), createOcrSource({ ocr: false })];

/** A PDF of `count` pages with a running header, a chapter heading every tenth page and body text. */
async function longPdf(count: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= count; number += 1) {
    const page = pdf.addPage([612, 792]);
    page.drawText('Proceedings of the Batch Society', { x: 72, y: 760, size: 9, font });
    if (number % 10 === 1)
      page.drawText(`Part ${Math.ceil(number / 10)}`, { x: 72, y: 700, size: 20, font: bold });
    for (let line = 0; line < 6; line += 1) {
      page.drawText(`Page ${number} line ${line}: the members split the work.`, {
        x: 72,
        y: 650 - line * 16,
        size: 11,
        font,
      });
    }
    page.drawText(`${number}`, { x: 300, y: 30, size: 9, font });
  }
  return pdf.save();
}

interface Backend {
  name: string;
  open(dir: string): Promise<{ location: string; drop: () => Promise<void> }>;
}

const BACKENDS: Backend[] = [
  {
    name: 'SQLite',
    open: (dir) => Promise.resolve({ location: join(dir, 'transmute.db'), drop: async () => {} }),
  },
  {
    name: 'PostgreSQL',
    async open() {
      const db = await createPostgresTestDb('batch_branch');
      await db.db.destroy();
      return { location: `postgres:${db.schema}`, drop: db.drop };
    },
  },
];

describe.each(BACKENDS)('orchestration.batch on $name', (backend) => {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-batch-'));
  const blobDir = join(dir, 'blobs');
  let location = '';
  let drop: () => Promise<void> = async () => {};
  const harnesses: Harness[] = [];
  const children: ChildProcess[] = [];
  let a: Harness;

  async function harness(config: Record<string, unknown> = {}): Promise<Harness> {
    const h = await startHarness(
      { ...BATCH_TEST_CONFIG, workerConcurrency: 1, ...config },
      {
        store: await openTestStore(location),
        blobs: await createFsBlobStore({ root: blobDir }),
        dir,
        plugins: plugins(),
      },
    );
    harnesses.push(h);
    return h;
  }

  beforeAll(async () => {
    ({ location, drop } = await backend.open(dir));
    a = await harness({ allowPrivateNetworks: true });
  });
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const h of harnesses) await h.close(true);
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function markdownOf(h: Harness, outputId: string): Promise<string> {
    const output = await h.service.getOutput(h.caller, outputId);
    const token = (output.manifest?.files[0]?.download_url ?? '').split('/artifacts/')[1] ?? '';
    return new Response((await h.service.openArtifact(token)).open()).text();
  }

  async function taskRows(store: Store, jobId: string) {
    return store.db
      .selectFrom('job_tasks')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('position')
      .execute();
  }

  async function runJob(files: { name: string; text: string; mediaType?: string }[]) {
    const ids: string[] = [];
    for (const file of files) {
      ids.push((await uploadFile(a, file.text, file.mediaType ?? PAGED_MEDIA_TYPE, file.name)).id);
    }
    return a.service.createJob(a.caller, {
      source: { type: 'files', file_ids: ids },
      output: { profile: 'raw_source' },
    });
  }

  function tasksObserved(h: Harness): Promise<number> {
    return h.service.metrics.jobTasks
      .get()
      .then((m) => m.values.find((v) => v.metricName?.endsWith('_sum'))?.value ?? 0);
  }

  it('lists orchestration.batch in the capabilities with its limits', async () => {
    const capabilities = await a.service.getCapabilities(a.caller);
    expect(validateResource('Capabilities', capabilities)).toEqual([]);
    expect(capabilities.plugins.find((plugin) => plugin.id === 'orchestration.batch')).toMatchObject({
      kind: 'orchestrator',
      status: 'general_availability',
      limits: { pages_per_task: 2, maximum_parallel_tasks: 16, maximum_files_per_job: 20 },
    });
  });

  it('extracts a multi-file job as one task per file and page range, merged in order as if unsplit', async () => {
    const files = [
      { name: 'alpha.paged', text: pagedDocument('Alpha', 3) },
      { name: 'beta.txt', text: 'Beta is a plain text file between the two.', mediaType: 'text/plain' },
      { name: 'gamma.paged', text: pagedDocument('Gamma', 5) },
    ];
    const before = await tasksObserved(a);
    const job = await runJob(files);
    expect((await waitForJob(a, job.id, ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    // 3 pages in 2 tasks, 1 text file, 5 pages in 3 tasks.
    expect((await tasksObserved(a)) - before).toBe(6);
    expect(await taskRows(a.store, job.id)).toEqual([]);
    const markdown = await markdownOf(a, job.output_ids[0] ?? '');
    // The same files through the engine alone, read whole: the same markdown.
    const engine = createEngine({ plugins: plugins(), pagesPerTask: 1000, cpuWorkers: false });
    const local = join(dir, 'local');
    mkdirSync(local, { recursive: true });
    const sources = files.map((file) => {
      const path = join(local, file.name);
      writeFileSync(path, file.text);
      return {
        name: file.name,
        mediaType: file.mediaType ?? PAGED_MEDIA_TYPE,
        path,
        sizeBytes: Buffer.byteLength(file.text),
      };
    });
    const whole = await engine.convert(
      { type: 'files', files: sources },
      { profile: 'raw_source', format: 'markdown', language: 'en', includeRawSource: false },
      { workDir: local },
    );
    await engine.close();
    expect(markdown).toBe(readFileSync(whole.artifacts[0]?.path ?? '', 'utf8'));
    expect(markdown.indexOf('Alpha page 3')).toBeLessThan(markdown.indexOf('Beta is'));
    expect(markdown.indexOf('Beta is')).toBeLessThan(markdown.indexOf('Gamma page 1'));
    expect(markdown.indexOf('Gamma page 4')).toBeLessThan(markdown.indexOf('Gamma page 5'));
  }, 90_000);

  it('never shares a task result with another job, whose end may remove it meanwhile', async () => {
    // A deployment of its own, whose blob store lets the test act between a task's put and its commit.
    const own = await backend.open(mkdtempSync(join(tmpdir(), 'transmute-batch-own-')));
    const base = await createFsBlobStore({ root: join(dir, 'own-blobs') });
    const putKeys: string[] = [];
    let afterPut: (key: string) => Promise<void> = async () => {};
    const blobs: BlobStore = {
      ...base,
      putBytes: async (data) => {
        const blob = await base.putBytes(data);
        putKeys.push(blob.key);
        await afterPut(blob.key);
        return blob;
      },
    };
    const h = await startHarness(
      { ...BATCH_TEST_CONFIG, workerConcurrency: 1 },
      { store: await openTestStore(own.location), blobs, dir, plugins: plugins() },
    );
    try {
      // Two jobs of one uploaded file: their tasks give the same result.
      const file = await uploadFile(h, pagedDocument('Twin', 2), PAGED_MEDIA_TYPE, 'twin.paged');
      const run = async () => {
        const job = await h.service.createJob(h.caller, {
          source: { type: 'files', file_ids: [file.id] },
          output: { profile: 'raw_source' },
        });
        return waitForJob(h, job.id, ['succeeded', 'failed'], 60_000);
      };
      expect((await run()).status).toBe('succeeded');
      const first = [...putKeys];
      // The second job's task results are put while the first job's end releases what it put.
      afterPut = async () => {
        const referenced = await referencedKeys(h.store.db, first);
        for (const key of first) if (!referenced.has(key)) await base.delete(key);
      };
      const second = await run();
      expect(second.status, JSON.stringify(second)).toBe('succeeded');
    } finally {
      await h.close(true);
      await own.drop();
    }
  }, 90_000);

  it('splits a long PDF into page-range tasks with the markdown of the PDF read whole', async () => {
    const bytes = await longPdf(30);
    const file = await uploadFile(a, bytes, 'application/pdf', 'long.pdf');
    const before = await tasksObserved(a);
    const job = await a.service.createJob(a.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(a, job.id, ['succeeded', 'failed'], 120_000)).status).toBe('succeeded');
    expect((await tasksObserved(a)) - before).toBe(15);
    const markdown = await markdownOf(a, job.output_ids[0] ?? '');
    const path = join(dir, 'long.pdf');
    writeFileSync(path, bytes);
    const engine = createEngine({ plugins: plugins(), pagesPerTask: 1000, cpuWorkers: false });
    const local = mkdtempSync(join(dir, 'pdf-'));
    const whole = await engine.convert(
      {
        type: 'files',
        files: [
          { fileId: file.id, name: 'long.pdf', mediaType: 'application/pdf', path, sizeBytes: bytes.length },
        ],
      },
      { profile: 'raw_source', format: 'markdown', language: 'en', includeRawSource: false },
      { workDir: local },
    );
    await engine.close();
    expect(markdown).toContain('Page 30 line 5');
    expect(markdown).toBe(readFileSync(whole.artifacts[0]?.path ?? '', 'utf8'));
  }, 180_000);

  it('shares one job’s tasks between two worker pools', async () => {
    const b = await harness();
    const tasksRun = async (h: Harness) =>
      (await h.service.metrics.tasks.get()).values.reduce((sum, value) => sum + value.value, 0);
    const [beforeA, beforeB] = [await tasksRun(a), await tasksRun(b)];
    const job = await runJob([{ name: 'long.paged', text: pagedDocument('Shared', 12, () => 'sleep=250') }]);
    expect((await waitForJob(a, job.id, ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    const ranA = (await tasksRun(a)) - beforeA;
    const ranB = (await tasksRun(b)) - beforeB;
    expect(ranA + ranB).toBe(6);
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    await b.close(true);
    harnesses.splice(harnesses.indexOf(b), 1);
  }, 90_000);

  it('loses nothing and does nothing twice when a worker is killed mid-task', async () => {
    const workerId = `batch-child-${backend.name}`;
    const child = spawn(
      process.execPath,
      ['--conditions=development', '--import', 'tsx', CHILD, location, workerId, blobDir],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`child exited ${String(code)}`)));
    });
    const log = join(dir, `kill-${backend.name}.log`);
    await subscribeToEvents(a, ['job.succeeded', 'output.created']);
    const job = await runJob([
      { name: 'kill.paged', text: pagedDocument('Kill', 8, () => `sleep=400 log=${log}`) },
    ]);
    // The child holds a task (or the job itself): kill it with SIGKILL, nothing released.
    await waitFor(async () => {
      const tasks = await taskRows(a.store, job.id);
      const held = tasks.some((task) => task.locked_by?.startsWith(`${workerId}/`) === true);
      return held ? true : undefined;
    }, 30_000);
    child.kill('SIGKILL');
    expect((await waitForJob(a, job.id, ['succeeded', 'failed'], 60_000)).status).toBe('succeeded');
    const events = await a.store.db.selectFrom('events').select(['type', 'payload']).execute();
    const mine = events.filter((event) => event.payload.includes(job.id));
    expect(mine.filter((event) => event.type === 'job.succeeded')).toHaveLength(1);
    expect(mine.filter((event) => event.type === 'output.created')).toHaveLength(1);
    const outputs = await a.store.db.selectFrom('outputs').selectAll().where('job_id', '=', job.id).execute();
    expect(outputs.map((output) => output.status)).toEqual(['succeeded']);
    const markdown = await markdownOf(a, job.output_ids[0] ?? '');
    for (let page = 1; page <= 8; page += 1) expect(markdown.split(`Kill page ${page}:`)).toHaveLength(2);
    // Every page was read; only the killed task's pages may have been read twice.
    const reads = readFileSync(log, 'utf8').trim().split('\n');
    expect(new Set(reads).size).toBe(8);
    expect(reads.length).toBeLessThanOrEqual(10);
  }, 120_000);

  it('stops every task on cancel', async () => {
    const log = join(dir, `cancel-${backend.name}.log`);
    const job = await runJob([
      { name: 'cancel.paged', text: pagedDocument('Cancel', 20, () => `sleep=300 log=${log}`) },
    ]);
    await waitFor(async () => {
      const tasks = await taskRows(a.store, job.id);
      return tasks.some((task) => task.status === 'succeeded') ? true : undefined;
    }, 30_000);
    await a.service.cancelJob(a.caller, job.id);
    expect((await waitForJob(a, job.id, ['canceled', 'succeeded', 'failed'], 30_000)).status).toBe(
      'canceled',
    );
    expect(await taskRows(a.store, job.id)).toEqual([]);
    const readsAfterCancel = readFileSync(log, 'utf8').split('\n').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(log, 'utf8').split('\n').length).toBeLessThanOrEqual(readsAfterCancel + 1);
    expect(readsAfterCancel).toBeLessThan(20);
  }, 90_000);

  it('fails the job with the code of a failing task', async () => {
    const job = await runJob([
      { name: 'fine.paged', text: pagedDocument('Fine', 2) },
      {
        name: 'broken.paged',
        text: pagedDocument('Broken', 6, (page) => (page === 5 ? 'fail=corrupt_file' : '')),
      },
    ]);
    const ended = await waitForJob(a, job.id, ['succeeded', 'failed'], 60_000);
    expect(ended.status).toBe('failed');
    expect(ended.progress.detail).toBe('corrupt_file: page 5 is broken');
    expect(await taskRows(a.store, job.id)).toEqual([]);
  }, 90_000);
});
