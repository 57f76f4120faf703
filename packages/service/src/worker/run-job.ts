import type { Kysely } from 'kysely';
import { performance } from 'node:perf_hooks';
import { ROOT_CONTEXT, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { OutputFormat, OutputProfile } from '@transmute/contract';
import { describeFailure } from './describe-failure.js';
import { makeRenderDir, removeRenderDir } from './render-dir.js';
import { writtenBytes, type PipelineProgress, type UsageQuantities } from '../kernel/engine.js';
import type { NormalizedDocument, SourceFile } from '@transmute/plugin-sdk';
import { releaseBlob } from '../tables/blob-refs.js';
import { bytesOf } from '../tables/stored-blob.js';
import type { ServiceContext } from '../kernel/context.js';
import { writeEvent } from '../tables/events.js';
import type { JobLease } from './job-lease.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import { RunStopped } from './lease.js';
import { jobFiles } from '../tables/job-inputs.js';
import { createCheckpointStore, toConvertSource } from './job-source.js';
import {
  LEASE_LOST,
  releaseLease,
  releaseLeaseWhenDone,
  saveProgress,
  storeDocument,
  withLease,
  type HeldLease,
} from '../tables/job-row.js';
import { endJob, jobExpiry } from './end-job.js';
import {
  failOutputRow,
  failPendingOutputs,
  pendingOutputs,
  startOutput,
  succeedOutput,
} from '../tables/output-row.js';
import { toOutput } from '../tables/resources.js';
import { insertArtifact, newArtifactRow } from '../tables/artifact-row.js';
import type { Database, JobsTable, OutputsTable } from '../storage/schema.js';
import { deleteTasks } from '../tables/task-row.js';
import { dropJobCheckpoints } from '../tables/checkpoint-row.js';
import { meterJob } from '../billing/usage.js';
import { stringifyInParts } from '../kernel/json-in-parts.js';
import { createStageTimer, type StageTimer } from './stage-timer.js';
import { createJobTaskRunner } from './task-runner.js';
import { contextOfTraceparent, transmuteTracer } from '../kernel/trace-context.js';

/** Raised inside a run when the lease says stop. */
/** The stage timer of each run in flight, fed by every progress report of the run. */
const stageTimers = new WeakMap<JobLease, StageTimer>();

/** A write found the lease taken by another worker: counted, and the run stops. */
function leaseLost(ctx: ServiceContext): RunStopped {
  ctx.metrics.leasesLost.inc();
  return new RunStopped('lost');
}

/**
 * How long a progress write waits after the previous one of the same stage, and after the run
 * began: a job done sooner than this writes no progress at all (its claim named its first stage,
 * and its end writes the last), so a tiny job does not pay a round trip per stage.
 */
const PROGRESS_INTERVAL_MS = 250;

function progressSaver(
  ctx: ServiceContext,
  row: JobsTable,
  lease: JobLease,
): (progress: PipelineProgress) => void {
  let percent = Number(row.percent);
  let stage: string | null = null;
  const began = Date.now();
  let last = 0;
  let chain = Promise.resolve();
  return (progress) => {
    if (!lease.active) return;
    stageTimers.get(lease)?.enter(progress.stage);
    percent = Math.min(99, Math.max(percent, progress.percent));
    const now = Date.now();
    if (now - began < PROGRESS_INTERVAL_MS) return;
    if (progress.stage === stage && now - last < PROGRESS_INTERVAL_MS) return;
    stage = progress.stage;
    last = now;
    const values = { stage: progress.stage, percent, detail: progress.detail, updatedAt: ctx.nowIso() };
    chain = chain
      .then(() => saveProgress(ctx, lease.held, values))
      .catch((error: unknown) =>
        ctx.logger.warn('progress not saved', { jobId: row.id, error: String(error) }),
      );
  };
}

/**
 * A preparation shorter than this is not committed on its own: its document is stored in the
 * transaction of the first output's render (a tiny job's end is one commit). Redoing less work
 * after a crash costs less than a transaction; a longer preparation is kept at once.
 */
export const STORE_DOCUMENT_AFTER_MS = 100;

/** A prepared document whose blob is written but not yet recorded on the job (see above). */
interface UnsavedDocument {
  key: string;
  warnings: string[];
  usage: UsageQuantities;
}

/** The run's normalized document, and what is left to record of it. */
interface RunDocument {
  document: NormalizedDocument;
  unsaved: UnsavedDocument | null;
}

async function ensureDocument(ctx: ServiceContext, row: JobsTable, lease: JobLease): Promise<RunDocument> {
  if (row.document_key !== null) {
    const bytes = await bytesOf(ctx, { key: row.document_key, owner: row.id, kind: 'document' });
    return { document: JSON.parse(bytes.toString('utf8')) as NormalizedDocument, unsaved: null };
  }
  const source = await toConvertSource(ctx, row);
  lease.checkStop();
  const began = performance.now();
  const prepared = await ctx.engine.prepare(source, {
    signal: lease.controller.signal,
    onProgress: progressSaver(ctx, row, lease),
    checkpoints: createCheckpointStore(ctx, lease),
    ...(ctx.batch.enabled ? { tasks: createJobTaskRunner(ctx, lease) } : {}),
  });
  lease.checkStop();
  const blob = await ctx.blobs.putBytes(await stringifyInParts(prepared.document));
  const usage: UsageQuantities = { ...prepared.usage };
  usage.input_bytes ??= Number(row.input_bytes);
  const unsaved = { key: blob.key, warnings: prepared.warnings, usage };
  if (performance.now() - began < STORE_DOCUMENT_AFTER_MS) return { document: prepared.document, unsaved };
  await commitDocument(ctx, lease, unsaved);
  return { document: prepared.document, unsaved: null };
}

/**
 * Records the prepared document on the job in the caller's transaction and drops the stage
 * checkpoints; answers the row as it is now and the checkpoint blobs to release after the commit.
 * Alone, it meters what the preparation used (pending); in the commit of an output that does not
 * end the job (`withOutput`) that output meters it with its own usage. It drops the tasks. An
 * output that ends the job does not come here: the job's end (`endJob`) records the document.
 */
async function recordDocument(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  input: { row: JobsTable; unsaved: UnsavedDocument; withOutput: 'keeps-job' | null },
): Promise<{ row: JobsTable; released: string[] }> {
  const { unsaved } = input;
  const row = await storeDocument(trx, ctx, {
    row: input.row,
    documentKey: unsaved.key,
    warnings: unsaved.warnings,
  });
  if (input.withOutput === null) await meterJob(trx, ctx, row, unsaved.usage, 'pending');
  await deleteTasks(trx, row.id);
  return { row, released: await dropJobCheckpoints(trx, row.id) };
}

/** Records the prepared document in a transaction of its own (a long preparation, or before a failure). */
async function commitDocument(ctx: ServiceContext, lease: JobLease, unsaved: UnsavedDocument): Promise<void> {
  const stored = await withLease(ctx, lease.held, (trx, current) =>
    recordDocument(trx, ctx, { row: current, unsaved, withOutput: null }),
  );
  if (stored === LEASE_LOST) throw leaseLost(ctx);
  for (const key of stored.released) await releaseBlob(ctx, key);
}

interface Rendered {
  artifacts: { name: string; mediaType: string; sizeBytes: number; sha256: string; key: string }[];
  warnings: string[];
  usage: UsageQuantities;
  /** The artifacts' files in the render's directory (blobs once stored). */
  files: string[];
}

/**
 * Renders one output into `workDir` (the caller's, removed by the caller once the output is
 * saved: the job's end commit does not wait for a directory to be removed).
 */
async function renderOne(
  ctx: ServiceContext,
  input: {
    row: JobsTable;
    output: OutputsTable;
    document: NormalizedDocument;
    originals: SourceFile[];
    workDir: string;
  },
  lease: JobLease,
): Promise<Rendered> {
  const result = await ctx.engine.render(
    input.document,
    {
      profile: input.output.profile as OutputProfile,
      format: input.output.format as OutputFormat,
      language: input.output.language,
      includeRawSource: input.output.include_raw_source === 1,
    },
    {
      signal: lease.controller.signal,
      onProgress: input.row.status === 'succeeded' ? () => undefined : progressSaver(ctx, input.row, lease),
      workDir: input.workDir,
      originals: input.originals,
    },
  );
  const artifacts = [];
  for (const artifact of result.artifacts) {
    // The render's directory is removed once the output is saved: the store may take the file,
    // and need not read it back when the engine still holds the bytes it wrote.
    const bytes = writtenBytes(artifact);
    const blob = await ctx.blobs.putFile(artifact.path, {
      giveUp: true,
      ...(bytes === undefined ? {} : { bytes }),
    });
    artifacts.push({
      name: artifact.name,
      mediaType: artifact.mediaType,
      sizeBytes: blob.sizeBytes,
      sha256: blob.sha256,
      key: blob.key,
    });
  }
  return {
    artifacts,
    warnings: result.warnings,
    usage: result.usage,
    files: result.artifacts.map((artifact) => artifact.path),
  };
}

/** Adds usage quantities unit by unit. */
function addUsage(a: UsageQuantities, b: UsageQuantities): UsageQuantities {
  const sum: UsageQuantities = { ...a };
  for (const [unit, quantity] of Object.entries(b) as [keyof UsageQuantities, number | undefined][]) {
    sum[unit] = (sum[unit] ?? 0) + (quantity ?? 0);
  }
  return sum;
}

/**
 * Stores a rendered output (and the run's document when it is still unsaved); the first output's
 * success ends the job as succeeded. The last output's transaction also lets go of the lease
 * (true), so a tiny job's end is one commit.
 */
async function saveOutput(
  ctx: ServiceContext,
  lease: JobLease,
  input: { output: OutputsTable; rendered: Rendered; unsaved: UnsavedDocument | null },
): Promise<boolean> {
  const { output, rendered, unsaved } = input;
  const checkpointsOrTasks = lease.mayHoldCheckpointsOrTasks;
  const saved = await withLease(ctx, lease.held, async (trx, current) => {
    const now = ctx.nowIso();
    const running = current.status === 'processing' || current.status === 'canceling';
    const ends = Number(output.position) === 0 && running;
    // An output that ends the job records the unsaved document in the job's end write; otherwise
    // the document is recorded first (its commit is this output's).
    const stored =
      unsaved === null
        ? null
        : ends
          ? { row: current, released: checkpointsOrTasks ? await dropJobCheckpoints(trx, current.id) : [] }
          : await recordDocument(trx, ctx, { row: current, unsaved, withOutput: 'keeps-job' });
    const row = stored?.row ?? current;
    // The output that ends the job writes its artifacts with the job's expiry (the job's only ones).
    const expiresAt = ends ? jobExpiry(ctx, row.retention_class, now) : row.expires_at;
    const artifacts = rendered.artifacts.map((artifact, position) =>
      newArtifactRow({ id: output.id, accountId: output.account_id, position }, artifact, expiresAt, now),
    );
    for (const artifact of artifacts) await insertArtifact(trx, artifact);
    // The output's write is not waited for: the job's end follows it on the wire, and its event
    // is written once the answer (the output as it is now) is in.
    const succeeded = succeedOutput(trx, output.id, rendered.warnings, now);
    succeeded.catch(() => undefined);
    if (!sendsAhead(trx)) await succeeded;
    const created = succeeded.then(
      (fresh) =>
        ({
          accountId: output.account_id,
          type: 'output.created',
          object: toOutput(ctx, fresh, artifacts),
        }) as const,
    );
    created.catch(() => undefined);
    const usage = addUsage(unsaved?.usage ?? {}, {
      ...rendered.usage,
      output_bytes:
        (rendered.usage.output_bytes ?? 0) + rendered.artifacts.reduce((sum, a) => sum + a.sizeBytes, 0),
    });
    const released = stored?.released ?? [];
    if (ends) {
      // The job's end writes the document, the two events and lets go of the lease at once.
      const ended = await endJob(trx, ctx, row, {
        status: 'succeeded',
        detail: null,
        usage,
        events: [created],
        releaseWhenDone: lease.held,
        checkpointsOrTasks,
        artifactsHeld: { endedAt: now },
        ...(unsaved === null ? {} : { document: { key: unsaved.key, warnings: unsaved.warnings } }),
      });
      return { done: ended.locked_by === null, released };
    }
    await writeEvent(trx, ctx, await created);
    await meterJob(trx, ctx, row, usage, running ? 'pending' : 'finalized');
    return { done: await releaseLeaseWhenDone(trx, lease.held), released };
  });
  if (saved === LEASE_LOST) throw leaseLost(ctx);
  for (const key of saved.released) await releaseBlob(ctx, key);
  return saved.done;
}

async function failOutput(
  ctx: ServiceContext,
  lease: HeldLease,
  output: OutputsTable,
  error: unknown,
): Promise<void> {
  const { text, bug } = describeFailure(ctx, error);
  if (bug) ctx.logger.error('output render crashed', { outputId: output.id, error: String(error) });
  const failed = await withLease(ctx, lease, async (trx, row) => {
    const now = ctx.nowIso();
    await failOutputRow(trx, output.id, text, now);
    if (Number(output.position) === 0 && (row.status === 'processing' || row.status === 'canceling')) {
      await endJob(trx, ctx, row, { status: 'failed', detail: text, warnings: [text] });
    }
  });
  if (failed === LEASE_LOST) throw leaseLost(ctx);
}

async function renderPending(
  ctx: ServiceContext,
  claimed: JobsTable,
  prepared: RunDocument,
  lease: JobLease,
  firstOutputs: Promise<OutputsTable[]>,
): Promise<void> {
  const { document } = prepared;
  let { unsaved } = prepared;
  // The claimed row and the outputs read as the run began serve the first pass (the run holds
  // the job: only it changes what is read here; an output added meanwhile is found by the next
  // pass, which every pass but the last one makes); a later pass reads them again.
  let row: JobsTable | null = claimed;
  let pending: Promise<OutputsTable[]> | null = firstOutputs;
  for (;;) {
    lease.checkStop();
    row ??= await ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', claimed.id)
      .executeTakeFirstOrThrow();
    const outputs = await (pending ?? pendingOutputs(ctx.store.db, claimed.id));
    pending = null;
    if (outputs.length === 0) {
      if (unsaved !== null) await commitDocument(ctx, lease, unsaved);
      unsaved = null;
      // Under the lease: a run that lost it stops here instead of asking again.
      const released = await withLease(ctx, lease.held, (trx) => releaseLeaseWhenDone(trx, lease.held));
      if (released === LEASE_LOST) throw leaseLost(ctx);
      if (released) return;
      row = null;
      continue;
    }
    const originals = row.source_type === 'files' ? await jobFiles(ctx, claimed.id).catch(() => []) : [];
    for (const output of outputs) {
      lease.checkStop();
      // Rendered with a document not yet recorded, the output goes from queued to its end in the
      // document's commit; otherwise it shows `processing` while it renders.
      if (unsaved === null) await startOutput(ctx.store.db, output.id, ctx.nowIso());
      const workDir = await makeRenderDir();
      let files: string[] = [];
      try {
        let rendered: Rendered;
        try {
          rendered = await renderOne(ctx, { row, output, document, originals, workDir }, lease);
        } catch (error) {
          lease.checkStop();
          if (unsaved !== null) await commitDocument(ctx, lease, unsaved);
          unsaved = null;
          await failOutput(ctx, lease.held, output, error);
          continue;
        }
        files = rendered.files;
        const done = await saveOutput(ctx, lease, { output, rendered, unsaved });
        unsaved = null;
        if (done) return;
      } finally {
        // After the output's commit: the rendered files are blobs by then.
        await removeRenderDir(workDir, files);
      }
    }
    row = null;
  }
}

async function settleStopped(ctx: ServiceContext, lease: JobLease): Promise<void> {
  if (lease.stopReason === 'lost') return;
  await withLease(ctx, lease.held, async (trx, row) => {
    if (row.status === 'canceling') {
      await endJob(trx, ctx, row, { status: 'canceled', detail: 'Canceled while processing.' });
    }
    // A shutdown is not the job's fault: its attempt is given back.
    const attempts = lease.stopReason === 'shutdown' ? Math.max(0, row.attempts - 1) : row.attempts;
    await releaseLease(trx, lease.held, { attempts });
  });
}

async function failJob(ctx: ServiceContext, lease: HeldLease, error: unknown): Promise<void> {
  const { text, bug } = describeFailure(ctx, error);
  if (!bug) ctx.logger.warn('job failed', { job_id: lease.jobId, failure: text });
  if (bug)
    ctx.logger.error('job crashed', {
      jobId: lease.jobId,
      error: error instanceof Error ? error.stack : String(error),
    });
  await withLease(ctx, lease, async (trx, row) => {
    if (row.status === 'processing' || row.status === 'canceling') {
      await endJob(trx, ctx, row, {
        status: row.status === 'canceling' ? 'canceled' : 'failed',
        detail: row.status === 'canceling' ? 'Canceled while processing.' : text,
        warnings: row.status === 'canceling' ? [] : [text],
      });
    } else {
      // A job that had succeeded was rendering further outputs: they fail, the job stays as it was.
      await failPendingOutputs(trx, lease.jobId, text, ctx.nowIso());
    }
    await releaseLease(trx, lease, { workDone: true });
  });
}

/**
 * Runs a claimed job: prepare (or load the stored normalized document: a restarted job does not
 * acquire again), then render every queued output; cancellation, failures and lost leases end it
 * as CONTRACT §8 says.
 */
export async function runJob(ctx: ServiceContext, claimed: JobsTable, lease: JobLease): Promise<void> {
  const startedAt = performance.now();
  const span = transmuteTracer().startSpan(
    'transmute.job',
    {
      attributes: {
        'transmute.job_id': claimed.id,
        'transmute.source_type': claimed.source_type,
        'transmute.attempt': claimed.attempts,
      },
    },
    contextOfTraceparent(claimed.traceparent),
  );
  const stages = createStageTimer(ctx.metrics, span);
  stageTimers.set(lease, stages);
  let outcome = 'completed';
  const job = { job_id: claimed.id, account_id: claimed.account_id };
  ctx.logger.info('job run started', {
    ...job,
    source_type: claimed.source_type,
    attempt: claimed.attempts,
    worker_id: ctx.workerId,
  });
  try {
    if (claimed.status === 'canceling') {
      lease.abort('cancel');
      throw new RunStopped('cancel');
    }
    // The engine's plugin and fetch spans become children of the job span (with an SDK's context manager).
    await context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
      // Read while the engine prepares: its round trip is not waited for after the preparation.
      const firstOutputs = pendingOutputs(ctx.store.db, claimed.id);
      firstOutputs.catch(() => undefined);
      const prepared = await ensureDocument(ctx, claimed, lease);
      await renderPending(ctx, claimed, prepared, lease, firstOutputs);
    });
  } catch (error) {
    if (error instanceof RunStopped || lease.controller.signal.aborted) {
      outcome = lease.stopReason ?? (error instanceof RunStopped ? error.message : 'stopped');
      await settleStopped(ctx, lease);
    } else {
      outcome = 'failed';
      await failJob(ctx, lease.held, error);
    }
  } finally {
    stages.end();
    const seconds = (performance.now() - startedAt) / 1000;
    ctx.metrics.jobDuration.observe({ source_type: claimed.source_type, outcome }, seconds);
    ctx.logger.info('job run ended', { ...job, outcome, duration_ms: Math.round(seconds * 1000) });
    span.setAttribute('transmute.outcome', outcome);
    if (outcome === 'failed') span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}
