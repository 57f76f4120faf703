import { Readable } from 'node:stream';
import {
  TransmuteError,
  type CreateJobOutputRequest,
  type Output,
  type OutputList,
} from '@transmute/contract';
import type { BlobDownload, Caller, ListParams } from '../kernel/service-types.js';
import { assertMutable } from '../tables/accounts.js';
import { assertBlobPresent } from '../tables/stored-blob.js';
import type { ServiceContext } from '../kernel/context.js';
import { fetchNewestFirst, toPage, type CursorScope } from './cursor.js';
import { queueJobWork } from '../tables/job-row.js';
import { insertOutput, newOutputRow } from '../tables/output-row.js';
import { newId } from '../kernel/ids.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { toOutputRequest } from './output-request.js';
import { artifactsOf, loadJob, outputOf, toOutput } from '../tables/resources.js';
import type { OutputsTable } from '../storage/schema.js';

/** Loads an output of the account; `not_found` otherwise. */
export async function loadOutput(
  ctx: ServiceContext,
  accountId: string,
  outputId: string,
): Promise<OutputsTable> {
  const row = await ctx.store.db
    .selectFrom('outputs')
    .selectAll()
    .where('id', '=', outputId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (row === undefined) throw new TransmuteError('not_found', 'No such output.');
  return row;
}

/** createJobOutput: a queued output rendered from the job's stored normalized document. */
export async function createJobOutput(
  ctx: ServiceContext,
  caller: Caller,
  jobId: string,
  body: CreateJobOutputRequest,
): Promise<Output> {
  await loadJob(ctx.store.db, caller.accountId, jobId);
  const request = await toOutputRequest(ctx, body.output);
  const output = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const { row } = await loadJob(trx, caller.accountId, jobId);
    if (!['queued', 'processing', 'succeeded'].includes(row.status)) {
      throw new TransmuteError(
        'job_not_renderable',
        `The job is ${row.status}; it cannot render new outputs.`,
      );
    }
    const last = await trx
      .selectFrom('outputs')
      .select('position')
      .where('job_id', '=', jobId)
      .orderBy('position', 'desc')
      .limit(1)
      .executeTakeFirst();
    const now = ctx.nowIso();
    const outputRow = newOutputRow(
      {
        id: newId('out'),
        jobId,
        accountId: caller.accountId,
        position: (last === undefined ? -1 : Number(last.position)) + 1,
      },
      request,
      now,
    );
    await insertOutput(trx, outputRow);
    await queueJobWork(trx, jobId, now);
    const created = toOutput(ctx, outputRow, []);
    await rememberInTransaction(trx, created);
    return created;
  });
  return output;
}

/** listJobOutputs: newest first. */
export async function listJobOutputs(
  ctx: ServiceContext,
  caller: Caller,
  jobId: string,
  params: ListParams,
): Promise<OutputList> {
  await loadJob(ctx.store.db, caller.accountId, jobId);
  const scope: CursorScope = {
    operation: 'listJobOutputs',
    accountId: caller.accountId,
    filters: { job: jobId },
  };
  const query = ctx.store.db
    .selectFrom('outputs')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('account_id', '=', caller.accountId);
  const rows = await fetchNewestFirst(ctx, scope, query, params);
  const artifacts = await artifactsOf(
    ctx.store.db,
    rows.map((row) => row.id),
  );
  return toPage(ctx, scope, rows, params.limit, (row) => toOutput(ctx, row, artifacts.get(row.id) ?? []));
}

/** getOutput with its manifest (signed download URLs). */
export async function getOutput(ctx: ServiceContext, caller: Caller, outputId: string): Promise<Output> {
  return outputOf(ctx, ctx.store.db, await loadOutput(ctx, caller.accountId, outputId));
}

/** Life of the storage URL an artifact download is redirected to (a client follows it at once). */
const PRESIGNED_DOWNLOAD_MS = 5 * 60_000;

/**
 * Resolves a signed artifact URL token to its bytes (with byte ranges), and to a presigned URL of
 * the object store when the store serves downloads itself.
 */
export async function openArtifact(ctx: ServiceContext, token: string): Promise<BlobDownload> {
  const payload = ctx.signer.verify('artifact', token) as { a?: unknown; e?: unknown } | null;
  const missing = (): TransmuteError => new TransmuteError('not_found', 'Unknown or expired download URL.');
  if (payload === null || typeof payload.a !== 'string' || typeof payload.e !== 'number') throw missing();
  if (ctx.now().getTime() > payload.e) throw missing();
  const row = await ctx.store.db
    .selectFrom('artifacts')
    .selectAll()
    .where('id', '=', payload.a)
    .executeTakeFirst();
  if (row?.blob_key == null) throw missing();
  const key = row.blob_key;
  // Checked before any byte is sent: bytes gone answer an error, never a 200 cut short.
  await assertBlobPresent(ctx, { key, owner: row.id, kind: 'artifact' });
  const presignedUrl = await ctx.blobs.direct?.presignDownload(key, {
    name: row.name,
    mediaType: row.media_type,
    // The storage's URL lives no longer than the token that led to it, and briefly.
    expiresAt: new Date(Math.min(payload.e, ctx.now().getTime() + PRESIGNED_DOWNLOAD_MS)),
  });
  return {
    name: row.name,
    mediaType: row.media_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    open: (range) => Readable.toWeb(ctx.blobs.open(key, range)) as ReadableStream<Uint8Array>,
    ...(presignedUrl === undefined ? {} : { presignedUrl }),
  };
}
