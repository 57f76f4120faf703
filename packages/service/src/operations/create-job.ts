import {
  TransmuteError,
  type CreateJobRequest,
  type FieldError,
  type Job,
  type UsageEstimate,
  type UsageUnit,
} from '@transmute/contract';
import { checkUrlAllowed, type OutputRequest } from '../kernel/engine.js';
import type { Caller } from '../kernel/service-types.js';
import { lockMutableAccount } from '../tables/accounts.js';
import type { ServiceContext } from '../kernel/context.js';
import { writeEvent } from '../tables/events.js';
import { holdJobInputs } from '../tables/job-inputs.js';
import { insertJob } from '../tables/job-row.js';
import { insertOutput, newOutputRow } from '../tables/output-row.js';
import { holdFilesUntil } from '../tables/file-row.js';
import { newId } from '../kernel/ids.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { PRIVATE_NETWORKS_HINT } from './private-networks-hint.js';
import { toOutputRequest } from './output-request.js';
import { checkQuota, emitQuotaExceeded, emitQuotaWarnings, readQuotaTotals } from '../billing/quota.js';
import { sendsAhead } from '../storage/pipelined-writes.js';
import { toJob } from '../tables/resources.js';
import { insertUsageEstimate, toUsageEstimate } from '../billing/usage.js';

interface CheckedSource {
  fileIds: string[];
  estimate: UsageEstimate;
}

async function checkSource(
  ctx: ServiceContext,
  caller: Caller,
  body: CreateJobRequest,
): Promise<CheckedSource> {
  const source = body.source;
  switch (source.type) {
    case 'text':
      return {
        fileIds: [],
        estimate: toUsageEstimate(
          ctx,
          {
            jobs: 1,
            input_bytes: Buffer.byteLength(source.content, 'utf8'),
            extracted_characters: source.content.length,
          },
          'high',
        ),
      };
    case 'url': {
      const check = await checkUrlAllowed(source.url, {
        allowPrivateNetworks: ctx.config.allowPrivateNetworks === true,
      });
      if (!check.ok) {
        const detail = `${check.reason}${PRIVATE_NETWORKS_HINT}`;
        throw new TransmuteError('validation_failed', detail, {
          fieldErrors: [{ field: 'source.url', code: 'url_not_allowed', detail }],
        });
      }
      return { fileIds: [], estimate: toUsageEstimate(ctx, { jobs: 1 }, 'low') };
    }
    case 'files': {
      const rows = await ctx.store.db
        .selectFrom('files')
        .select(['id', 'status', 'size_bytes', 'media_type'])
        .where('account_id', '=', caller.accountId)
        .where('id', 'in', source.file_ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const errors: FieldError[] = [];
      let bytes = 0;
      let media = false;
      source.file_ids.forEach((id, index) => {
        const row = byId.get(id);
        const field = `source.file_ids[${String(index)}]`;
        if (row === undefined)
          errors.push({ field, code: 'not_found', detail: `No file ${id} in this account.` });
        else if (row.status !== 'ready') {
          errors.push({ field, code: 'not_ready', detail: `The file ${id} is ${row.status}, not ready.` });
        } else {
          bytes += Number(row.size_bytes);
          media ||= row.media_type.startsWith('audio/') || row.media_type.startsWith('video/');
        }
      });
      if (errors.length > 0) {
        throw new TransmuteError('validation_failed', 'Some file_ids cannot be used.', {
          fieldErrors: errors,
        });
      }
      const quantities: Partial<Record<UsageUnit, number>> = { jobs: 1, input_bytes: bytes };
      if (!media) quantities.extracted_characters = bytes;
      return {
        fileIds: source.file_ids,
        estimate: toUsageEstimate(ctx, quantities, media ? 'low' : 'medium'),
      };
    }
  }
}

/** createJob: the job, its first output, usage estimate and `job.queued` in one transaction. */
export async function createJob(ctx: ServiceContext, caller: Caller, body: CreateJobRequest): Promise<Job> {
  // The account's status is read once, in the transaction and under its lock (the HTTP layer has
  // refused a suspended account's mutations already).
  const output: OutputRequest = await toOutputRequest(ctx, body.output);
  const checked = await checkSource(ctx, caller, body);
  const now = ctx.nowIso();
  const jobId = newId('job');
  const outputId = newId('out');
  const retention = body.retention?.class ?? 'temporary';
  const result = await ctx.store.transaction(async (trx) => {
    // Pipelined, the quota's totals are read by the statement sent right behind the account's
    // lock, without waiting for it (PostgreSQL runs it once the lock is held, so it still sees the
    // totals of every createJob before this one): the lock is held one round trip less.
    const locked = lockMutableAccount(trx, ctx, caller.accountId);
    const totals = sendsAhead(trx) ? readQuotaTotals(trx, ctx, caller.accountId) : undefined;
    totals?.catch(() => undefined);
    const account = await locked;
    const verdict = await checkQuota(trx, ctx, account, checked.estimate, totals);
    if (verdict.exceeded) return { verdict, account, job: null };
    const row = {
      id: jobId,
      account_id: caller.accountId,
      status: 'queued',
      source_type: body.source.type,
      source_json: JSON.stringify(body.source),
      retention_class: retention,
      stage: null,
      percent: 0,
      detail: null,
      warnings_json: '[]',
      usage_estimate_json: JSON.stringify(checked.estimate),
      input_bytes: checked.estimate.quantities.find((q) => q.unit === 'input_bytes')?.quantity ?? 0,
      document_key: null,
      work_pending: 1,
      locked_by: null,
      lease_expires_at: null,
      attempts: 0,
      cancel_requested_at: null,
      created_at: now,
      updated_at: now,
      ended_at: null,
      expires_at: null,
      traceparent: caller.traceparent ?? null,
    };
    await insertJob(trx, row);
    await insertOutput(
      trx,
      newOutputRow({ id: outputId, jobId, accountId: caller.accountId, position: 0 }, output, now),
    );
    await holdJobInputs(trx, ctx, { id: jobId, accountId: caller.accountId, fileIds: checked.fileIds });
    if (retention === 'account') await holdFilesUntil(trx, checked.fileIds, null);
    await insertUsageEstimate(
      trx,
      ctx,
      { id: jobId, accountId: caller.accountId, createdAt: now },
      checked.estimate,
    );
    const job = toJob(row, [outputId]);
    await writeEvent(trx, ctx, { accountId: caller.accountId, type: 'job.queued', object: job });
    // The totals checkQuota counted with this job, which is now recorded (no second read).
    await emitQuotaWarnings(trx, ctx, account, verdict.after);
    await rememberInTransaction(trx, job);
    return { verdict, account, job };
  });
  if (result.job === null) {
    await emitQuotaExceeded(ctx, result.account);
    const detail = result.verdict.exceeded ? result.verdict.detail : 'Quota exceeded.';
    throw new TransmuteError('quota_exceeded', detail);
  }
  return result.job;
}
