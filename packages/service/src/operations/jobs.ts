import {
  TransmuteError,
  isTerminalJobStatus,
  type Job,
  type JobList,
  type JobStatus,
} from '@transmute/contract';
import type { Caller, ListParams } from '../kernel/service-types.js';
import { assertMutable } from '../tables/accounts.js';
import { releaseBlob } from '../tables/blob-refs.js';
import { deleteJobInputs, jobInputKeys } from '../tables/job-inputs.js';
import type { ServiceContext } from '../kernel/context.js';
import { fetchNewestFirst, toPage, type CursorScope } from './cursor.js';
import { deleteJobRow, requestCancel } from '../tables/job-row.js';
import { endJob } from '../worker/end-job.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { artifactsOf, jobWithOutputs, loadJob, readJob, toJob } from '../tables/resources.js';
import { closeStorageMeters } from '../billing/storage-usage.js';
import { deleteTasks } from '../tables/task-row.js';
import { deleteCheckpoints } from '../tables/checkpoint-row.js';
import { deleteOutputs } from '../tables/output-row.js';
import { deleteArtifacts } from '../tables/artifact-row.js';

/** getJob. */
export async function getJob(ctx: ServiceContext, caller: Caller, jobId: string): Promise<Job> {
  return readJob(ctx.store.db, caller.accountId, jobId);
}

/** listJobs: newest first, keyset cursor, optional status filter. */
export async function listJobs(
  ctx: ServiceContext,
  caller: Caller,
  params: ListParams & { status?: JobStatus },
): Promise<JobList> {
  const scope: CursorScope = {
    operation: 'listJobs',
    accountId: caller.accountId,
    filters: { status: params.status },
  };
  let query = ctx.store.db.selectFrom('jobs').selectAll().where('account_id', '=', caller.accountId);
  if (params.status !== undefined) query = query.where('status', '=', params.status);
  const rows = await fetchNewestFirst(ctx, scope, query, params);
  const ids = rows.map((row) => row.id);
  const outputs =
    ids.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('outputs')
          .select(['id', 'job_id'])
          .where('job_id', 'in', ids)
          .orderBy('position', 'asc')
          .execute();
  const byJob = new Map<string, string[]>();
  for (const output of outputs) byJob.set(output.job_id, [...(byJob.get(output.job_id) ?? []), output.id]);
  return toPage(ctx, scope, rows, params.limit, (row) => toJob(row, byJob.get(row.id) ?? []));
}

/** cancelJob (CONTRACT §8): queued → canceled at once; processing → canceling; else 200 or 409. */
export async function cancelJob(
  ctx: ServiceContext,
  caller: Caller,
  jobId: string,
): Promise<{ job: Job; changed: boolean }> {
  const result = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const { row, job } = await loadJob(trx, caller.accountId, jobId);
    switch (row.status) {
      case 'queued':
        await endJob(trx, ctx, row, { status: 'canceled', detail: 'Canceled before processing started.' });
        break;
      case 'processing':
        await requestCancel(trx, jobId, ctx.nowIso());
        break;
      case 'canceling':
      case 'canceled':
        return { job, changed: false };
      default:
        throw new TransmuteError(
          'job_not_cancelable',
          `The job is ${row.status}; it can no longer be canceled.`,
        );
    }
    const fresh = await trx.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    const canceled = { job: await jobWithOutputs(trx, fresh), changed: true };
    // Under an Idempotency-Key the answer commits with the cancel: a crash after the commit replays it.
    await rememberInTransaction(trx, canceled);
    return canceled;
  });
  return result;
}

/** deleteJob: a terminal job with its outputs, artifacts and stored content. */
export async function deleteJob(ctx: ServiceContext, caller: Caller, jobId: string): Promise<void> {
  const keys = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const { row } = await loadJob(trx, caller.accountId, jobId);
    if (!isTerminalJobStatus(row.status)) {
      throw new TransmuteError(
        'job_not_terminal',
        `The job is ${row.status}; cancel it or wait until it ends.`,
      );
    }
    const outputs = await trx.selectFrom('outputs').select('id').where('job_id', '=', jobId).execute();
    const artifacts = await artifactsOf(
      trx,
      outputs.map((o) => o.id),
    );
    const checkpoints = await trx
      .selectFrom('job_checkpoints')
      .select('blob_key')
      .where('job_id', '=', jobId)
      .execute();
    const blobKeys = [
      row.document_key,
      ...[...artifacts.values()].flat().map((a) => a.blob_key),
      ...checkpoints.map((c) => c.blob_key),
      ...(await jobInputKeys(trx, [jobId])),
    ];
    await deleteArtifacts(
      trx,
      outputs.map((o) => o.id),
    );
    await deleteOutputs(trx, jobId);
    await deleteCheckpoints(trx, [jobId]);
    await deleteTasks(trx, jobId);
    await deleteJobInputs(trx, jobId);
    await deleteJobRow(trx, jobId);
    await closeStorageMeters(trx, ctx, [{ id: jobId, until: ctx.nowIso() }]);
    return blobKeys;
  });
  for (const key of new Set(keys)) await releaseBlob(ctx, key);
}
