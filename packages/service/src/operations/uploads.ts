import { TransmuteError, type CompleteUploadRequest, type FileResource } from '@transmute/contract';
import type { Kysely } from 'kysely';
import type { BlobInfo } from '../storage/blob-store.js';
import type { Caller } from '../kernel/service-types.js';
import { assertMutable } from '../tables/accounts.js';
import { releaseBlob } from '../tables/blob-refs.js';
import type { ServiceContext } from '../kernel/context.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { toFileResource } from '../tables/resources.js';
import { attachUploadedBytes, startValidation } from '../tables/file-row.js';
import type { Database, FilesTable } from '../storage/schema.js';
import { isOpenUpload } from '../tables/upload-states.js';

/** The PUT route: streams into the BlobStore while hashing, refusing bytes past `size_bytes`. */
export async function receiveUpload(
  ctx: ServiceContext,
  token: string,
  body: ReadableStream<Uint8Array>,
): Promise<FileResource> {
  const payload = ctx.signer.verify('upload', token) as { f?: unknown; e?: unknown } | null;
  if (payload === null || typeof payload.f !== 'string' || typeof payload.e !== 'number') {
    throw new TransmuteError('not_found', 'Unknown or expired upload URL.');
  }
  if (ctx.now().getTime() > payload.e)
    throw new TransmuteError('not_found', 'Unknown or expired upload URL.');
  const fileId = payload.f;
  const before = await ctx.store.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (before === undefined) throw new TransmuteError('not_found', 'Unknown or expired upload URL.');
  if (!isOpenUpload(before.status)) {
    throw new TransmuteError('upload_already_completed', 'This upload was already completed.');
  }
  const blob = await ctx.blobs.put(body, { maxBytes: Number(before.size_bytes) });
  const attached = await attachReceivedBlob(ctx, fileId, blob, before.blob_key);
  if (attached === null) {
    await releaseBlob(ctx, blob.key);
    throw new TransmuteError('upload_already_completed', 'This upload was already completed.');
  }
  if (attached.replaced !== blob.key) await releaseBlob(ctx, attached.replaced);
  const row = await ctx.store.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return toFileResource(row);
}

/**
 * Points an open upload at the bytes just stored: compare-and-swap on the key the file had, so that
 * of two PUTs racing on one intent the bytes replaced are always known and released, never left
 * unreferenced. Returns the key replaced (null: none), or null when the upload is no longer open.
 */
async function attachReceivedBlob(
  ctx: ServiceContext,
  fileId: string,
  blob: BlobInfo,
  seen: string | null,
): Promise<{ replaced: string | null } | null> {
  let expected = seen;
  // Each retry means another PUT attached its bytes in between: the loop ends with the PUTs.
  for (;;) {
    const now = ctx.nowIso();
    const swapped = await ctx.store.transaction((trx) =>
      attachUploadedBytes(trx, fileId, blob, expected, now),
    );
    if (swapped) return { replaced: expected };
    const current = await ctx.store.db
      .selectFrom('files')
      .select(['status', 'blob_key'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (current === undefined || !isOpenUpload(current.status)) return null;
    expected = current.blob_key;
  }
}

/**
 * With an object store that takes uploads straight from clients, the bytes PUT to the presigned
 * URL are read (hashed, measured) into a blob and attached as a service PUT would, so the complete
 * and the validation that follow check the size and the sha256 the same way.
 */
async function takeInDirectUpload(ctx: ServiceContext, caller: Caller, fileId: string): Promise<void> {
  if (ctx.blobs.direct === undefined) return;
  const row = await ctx.store.db
    .selectFrom('files')
    .select(['status', 'blob_key'])
    .where('id', '=', fileId)
    .where('account_id', '=', caller.accountId)
    .executeTakeFirst();
  if (row === undefined || !isOpenUpload(row.status)) return;
  const blob = await ctx.blobs.direct.receiveUpload(fileId);
  if (blob === null) return;
  const attached = await attachReceivedBlob(ctx, fileId, blob, row.blob_key);
  if (attached === null) {
    await releaseBlob(ctx, blob.key);
    return;
  }
  if (attached.replaced !== blob.key) await releaseBlob(ctx, attached.replaced);
}

/**
 * completeFileUpload (CONTRACT §7): `validating` and a background validation, or the file as is.
 * A body that differs from the intent is refused (`upload_mismatch`) and changes nothing: the file
 * stays `uploaded` with its bytes, and the right complete may still follow until the intent lapses.
 * The check comes before any other, so the same body is refused the same way however often it is
 * sent, matching the error's `remembered` replay.
 */
export async function completeFileUpload(
  ctx: ServiceContext,
  caller: Caller,
  fileId: string,
  body: CompleteUploadRequest,
): Promise<{ file: FileResource; changed: boolean }> {
  await takeInDirectUpload(ctx, caller, fileId);
  const now = ctx.nowIso();
  return ctx.store.transaction(async (trx) => {
    const result = await completeInTransaction(trx, ctx, caller, fileId, body, now);
    const answer = { file: toFileResource(result.row), changed: result.changed };
    // Under an Idempotency-Key the answer commits with the status change.
    await rememberInTransaction(trx, answer);
    return answer;
  });
}

async function completeInTransaction(
  trx: Kysely<Database>,
  ctx: ServiceContext,
  caller: Caller,
  fileId: string,
  body: CompleteUploadRequest,
  now: string,
): Promise<{ row: FilesTable; changed: boolean }> {
  await assertMutable(trx, caller.accountId);
  // PostgreSQL: a PUT racing this complete waits for it, then finds the upload closed.
  const row = await trx
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .where('account_id', '=', caller.accountId)
    .$if(ctx.store.dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (row === undefined) throw new TransmuteError('not_found', 'No such file.');
  if (Number(row.size_bytes) !== body.size_bytes || row.sha256 !== body.sha256.toLowerCase()) {
    throw new TransmuteError(
      'upload_mismatch',
      'size_bytes and sha256 must equal those of the upload intent; the upload is unchanged.',
    );
  }
  if (!isOpenUpload(row.status)) {
    if (row.status === 'expired')
      throw new TransmuteError('upload_expired', 'The upload intent has expired.');
    return { row, changed: false };
  }
  if (row.upload_expires_at < now)
    throw new TransmuteError('upload_expired', 'The upload intent has expired.');
  if (row.status === 'pending_upload') {
    throw new TransmuteError('upload_not_received', 'No bytes were received for this upload yet.', {
      retryAfter: 1,
    });
  }
  await startValidation(trx, fileId, now);
  return { row: { ...row, status: 'validating', updated_at: now }, changed: true };
}
