import {
  TransmuteError,
  fieldError,
  type CompleteUploadRequest,
  type CreateUploadIntentRequest,
  type FileResource,
  type UploadIntent,
} from '@transmute/contract';
import type { Kysely } from 'kysely';
import type { Caller } from '../service-types.js';
import { assertMutable } from './accounts.js';
import { releaseBlob } from './blob-refs.js';
import { addMs, type ServiceContext } from './context.js';
import { newId } from './ids.js';
import { rememberInTransaction } from './idempotency.js';
import { toFileResource } from './resources.js';
import type { Database, FilesTable } from './schema.js';
import { closeStorageMeters } from './storage-usage.js';

/** Loads a file of the account; `not_found` otherwise (same body for foreign and unknown ids). */
export async function loadFile(ctx: ServiceContext, accountId: string, fileId: string): Promise<FilesTable> {
  const row = await ctx.store.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (row === undefined) throw new TransmuteError('not_found', 'No such file.');
  return row;
}

/** createUploadIntent: a `pending_upload` file and a signed PUT URL valid for the intent's life. */
export async function createUploadIntent(
  ctx: ServiceContext,
  caller: Caller,
  body: CreateUploadIntentRequest,
): Promise<UploadIntent> {
  if (!ctx.engine.supportsMediaType(body.media_type)) {
    throw fieldError('media_type', 'unsupported', `No installed source reads ${body.media_type}.`);
  }
  const now = ctx.nowIso();
  const id = newId('file');
  const expiresAt = addMs(now, ctx.retention.uploadIntentMs);
  const token = ctx.signer.sign('upload', { f: id, e: Date.parse(expiresAt) });
  const intent: UploadIntent = {
    file_id: id,
    upload_url: `${ctx.config.baseUrl.replace(/\/$/, '')}/uploads/${token}`,
    upload_method: 'PUT',
    upload_headers: { 'Content-Type': body.media_type },
    expires_at: expiresAt,
  };
  await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    await trx
      .insertInto('files')
      .values({
        id,
        account_id: caller.accountId,
        name: body.name,
        media_type: body.media_type,
        size_bytes: body.size_bytes,
        sha256: body.sha256.toLowerCase(),
        status: 'pending_upload',
        warnings_json: '[]',
        blob_key: null,
        received_size: null,
        received_sha256: null,
        upload_expires_at: expiresAt,
        created_at: now,
        updated_at: now,
        expires_at: null,
      })
      .execute();
    await rememberInTransaction(trx, intent);
  });
  return intent;
}

/** getFile. */
export async function getFile(ctx: ServiceContext, caller: Caller, fileId: string): Promise<FileResource> {
  return toFileResource(await loadFile(ctx, caller.accountId, fileId));
}

/** deleteFile: removes the row and its bytes (outputs already made from it stay). */
export async function deleteFile(ctx: ServiceContext, caller: Caller, fileId: string): Promise<void> {
  const key = await ctx.store.transaction(async (trx) => {
    await assertMutable(trx, caller.accountId);
    const row = await trx
      .selectFrom('files')
      .select(['id', 'blob_key'])
      .where('id', '=', fileId)
      .where('account_id', '=', caller.accountId)
      .executeTakeFirst();
    if (row === undefined) throw new TransmuteError('not_found', 'No such file.');
    await trx.deleteFrom('files').where('id', '=', fileId).execute();
    await closeStorageMeters(trx, ctx, [{ id: fileId, until: ctx.nowIso() }]);
    return row.blob_key;
  });
  await releaseBlob(ctx, key);
}

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
  if (before.status !== 'pending_upload' && before.status !== 'uploaded') {
    throw new TransmuteError('upload_already_completed', 'This upload was already completed.');
  }
  const blob = await ctx.blobs.put(body, { maxBytes: Number(before.size_bytes) });
  const now = ctx.nowIso();
  const updated = await ctx.store.transaction(async (trx) => {
    const result = await trx
      .updateTable('files')
      .set({
        status: 'uploaded',
        blob_key: blob.key,
        received_size: blob.sizeBytes,
        received_sha256: blob.sha256,
        updated_at: now,
      })
      .where('id', '=', fileId)
      .where('status', 'in', ['pending_upload', 'uploaded'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
  if (!updated) {
    await releaseBlob(ctx, blob.key);
    throw new TransmuteError('upload_already_completed', 'This upload was already completed.');
  }
  if (before.blob_key !== null && before.blob_key !== blob.key) await releaseBlob(ctx, before.blob_key);
  const row = await ctx.store.db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return toFileResource(row);
}

/** completeFileUpload (CONTRACT §7): `validating` and a background validation, or the file as is. */
export async function completeFileUpload(
  ctx: ServiceContext,
  caller: Caller,
  fileId: string,
  body: CompleteUploadRequest,
): Promise<{ file: FileResource; changed: boolean }> {
  const now = ctx.nowIso();
  return ctx.store.transaction(async (trx) => {
    const result = await completeInTransaction(trx, caller, fileId, body, now);
    const answer = { file: toFileResource(result.row), changed: result.changed };
    // Under an Idempotency-Key the answer commits with the status change.
    await rememberInTransaction(trx, answer);
    return answer;
  });
}

async function completeInTransaction(
  trx: Kysely<Database>,
  caller: Caller,
  fileId: string,
  body: CompleteUploadRequest,
  now: string,
): Promise<{ row: FilesTable; changed: boolean }> {
  await assertMutable(trx, caller.accountId);
  const row = await trx
    .selectFrom('files')
    .selectAll()
    .where('id', '=', fileId)
    .where('account_id', '=', caller.accountId)
    .executeTakeFirst();
  if (row === undefined) throw new TransmuteError('not_found', 'No such file.');
  if (Number(row.size_bytes) !== body.size_bytes || row.sha256 !== body.sha256.toLowerCase()) {
    throw new TransmuteError(
      'upload_mismatch',
      'size_bytes and sha256 must equal those of the upload intent.',
    );
  }
  if (row.status !== 'pending_upload' && row.status !== 'uploaded') {
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
  await trx
    .updateTable('files')
    .set({ status: 'validating', updated_at: now })
    .where('id', '=', fileId)
    .execute();
  return { row: { ...row, status: 'validating', updated_at: now }, changed: true };
}
