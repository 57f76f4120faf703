import { ACTIVE_JOB_STATUSES, TERMINAL_JOB_STATUSES } from '@transmute/contract';
import { releaseBlob, releaseUploadBytes, type ReleasedUpload } from '../tables/blob-refs.js';
import type { ServiceContext } from '../kernel/context.js';
import { dropJobInputHolds } from '../tables/job-inputs.js';
import { expireJobRows, findExpiredJobs } from '../tables/job-row.js';
import { deleteCheckpoints } from '../tables/checkpoint-row.js';
import { expireOutputs } from '../tables/output-row.js';
import { dropJobArtifactBytes } from '../tables/artifact-row.js';
import { expireFileRows } from '../tables/file-row.js';
import { accrueDueStorage, closeStorageMeters } from '../billing/storage-usage.js';
import { OPEN_UPLOAD_STATES } from '../tables/upload-states.js';
import { deleteExpiredKeys } from '../tables/idempotency.js';

/**
 * Open uploads whose intent lapsed → `expired`; returns them, for their bytes to be removed after
 * the commit. The rows are read in the transaction (PostgreSQL: locked), so a PUT finishing at
 * the same moment either attaches its bytes first (and they are removed here) or finds the upload
 * closed (and removes them itself): never bytes that no row refers to.
 */
async function expireLapsedIntents(ctx: ServiceContext, now: string): Promise<ReleasedUpload[]> {
  return ctx.store.transaction(async (trx) => {
    const lapsed = await trx
      .selectFrom('files')
      .select(['id', 'blob_key', 'received_size'])
      .where('status', 'in', OPEN_UPLOAD_STATES)
      .where('upload_expires_at', '<', now)
      .limit(500)
      .$if(ctx.store.dialect === 'postgres', (qb) => qb.forUpdate())
      .execute();
    if (lapsed.length === 0) return [];
    await expireFileRows(
      trx,
      lapsed.map((row) => row.id),
      now,
    );
    return lapsed.map((row) => ({
      fileId: row.id,
      blobKey: row.blob_key,
      bytes: row.received_size === null ? null : Number(row.received_size),
    }));
  });
}

/** Files a still-living job (not ended, or not yet expired) uses stay. */
async function expireRetainedFiles(ctx: ServiceContext, now: string): Promise<string[]> {
  const db = ctx.store.db;
  const retained = await db
    .selectFrom('files')
    .select(['id', 'blob_key', 'expires_at'])
    .where('status', 'in', ['ready', 'rejected', 'validating'])
    .where('expires_at', 'is not', null)
    .where('expires_at', '<', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('job_files')
            .innerJoin('jobs', 'jobs.id', 'job_files.job_id')
            .select('jobs.id')
            .whereRef('job_files.file_id', '=', 'files.id')
            .where((eb) =>
              eb.or([
                eb('jobs.status', 'in', ACTIVE_JOB_STATUSES),
                eb('jobs.expires_at', 'is', null),
                eb('jobs.expires_at', '>', now),
              ]),
            ),
        ),
      ),
    )
    .limit(500)
    .execute();
  if (retained.length === 0) return [];
  await ctx.store.transaction(async (trx) => {
    await expireFileRows(
      trx,
      retained.map((file) => file.id),
      now,
    );
    // Storage is billed up to the promised expiry, not up to whenever the sweep got here.
    await closeStorageMeters(
      trx,
      ctx,
      retained.map((file) => ({ id: file.id, until: file.expires_at ?? now })),
    );
  });
  return retained.map((r) => r.blob_key).filter((key): key is string => key !== null);
}

async function expireJobs(ctx: ServiceContext, now: string): Promise<string[]> {
  const jobs = await findExpiredJobs(ctx.store.db, ctx.store.dialect, now);
  if (jobs.length === 0) return [];
  const ids = jobs.map((j) => j.id);
  return ctx.store.transaction(async (trx) => {
    const artifacts = await trx
      .selectFrom('artifacts')
      .innerJoin('outputs', 'outputs.id', 'artifacts.output_id')
      .select('artifacts.blob_key')
      .where('outputs.job_id', 'in', ids)
      .execute();
    await dropJobArtifactBytes(trx, ids);
    await expireOutputs(trx, ids, now);
    const inputs = await dropJobInputHolds(trx, ids);
    await expireJobRows(trx, ids, now);
    await closeStorageMeters(
      trx,
      ctx,
      jobs.map((job) => ({ id: job.id, until: job.expires_at ?? now })),
    );
    return [...jobs.map((j) => j.document_key), ...artifacts.map((a) => a.blob_key), ...inputs].filter(
      (key): key is string => key !== null,
    );
  });
}

/** Stage checkpoints of ended jobs are no longer needed (a running job may still resume from them). */
async function dropEndedCheckpoints(ctx: ServiceContext): Promise<string[]> {
  const db = ctx.store.db;
  const rows = await db
    .selectFrom('job_checkpoints')
    .innerJoin('jobs', 'jobs.id', 'job_checkpoints.job_id')
    .select(['job_checkpoints.job_id', 'job_checkpoints.blob_key'])
    .where('jobs.status', 'in', TERMINAL_JOB_STATUSES)
    .limit(500)
    .execute();
  if (rows.length === 0) return [];
  await deleteCheckpoints(
    db,
    rows.map((r) => r.job_id),
  );
  return rows.map((r) => r.blob_key);
}

/**
 * One retention pass: lapsed upload intents → `expired` and their bytes removed (logged);
 * retained files → `expired`; ended jobs past `expires_at` → `expired` with their outputs
 * (metadata kept, bytes removed); old idempotency records and the checkpoints of ended jobs
 * dropped; then the storage kept is metered (due meters measured and billed, storage-usage.ts),
 * after the removals so removed bytes are not measured.
 */
export async function sweepRetention(ctx: ServiceContext): Promise<void> {
  const now = ctx.nowIso();
  for (const upload of await expireLapsedIntents(ctx, now)) {
    await releaseUploadBytes(ctx, upload, 'upload_expired');
  }
  const keys = [
    ...(await expireRetainedFiles(ctx, now)),
    ...(await expireJobs(ctx, now)),
    ...(await dropEndedCheckpoints(ctx)),
  ];
  for (const key of new Set(keys)) await releaseBlob(ctx, key);
  await deleteExpiredKeys(ctx.store.db, now);
  await accrueDueStorage(ctx);
}
