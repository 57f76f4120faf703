import {
  TransmuteError,
  fieldError,
  type CreateUploadIntentRequest,
  type FileResource,
  type UploadIntent,
} from '@transmute/contract';
import type { DirectUploadTarget } from '../storage/blob-store.js';
import type { Caller } from '../kernel/service-types.js';
import { assertMutable, lockMutableAccount } from '../tables/accounts.js';
import { releaseBlob } from '../tables/blob-refs.js';
import { addMs, type ServiceContext } from '../kernel/context.js';
import { newId } from '../kernel/ids.js';
import { rememberInTransaction } from '../tables/idempotency.js';
import { checkUploadQuota, emitQuotaExceeded } from '../billing/quota.js';
import { toFileResource } from '../tables/resources.js';
import { deleteFileRow, insertFile } from '../tables/file-row.js';
import type { FilesTable } from '../storage/schema.js';
import { closeStorageMeters } from '../billing/storage-usage.js';

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

/**
 * Where the bytes go: a presigned PUT straight into the object store when it takes them, else the
 * service's own signed `{baseUrl}/uploads/<token>`.
 */
async function uploadTarget(
  ctx: ServiceContext,
  fileId: string,
  body: CreateUploadIntentRequest,
  expiresAt: string,
): Promise<DirectUploadTarget> {
  if (ctx.blobs.direct !== undefined) {
    return ctx.blobs.direct.presignUpload(fileId, {
      mediaType: body.media_type,
      sha256: body.sha256.toLowerCase(),
      sizeBytes: body.size_bytes,
      expiresAt: new Date(expiresAt),
    });
  }
  const token = ctx.signer.sign('upload', { f: fileId, e: Date.parse(expiresAt) });
  return {
    url: `${ctx.config.baseUrl.replace(/\/$/, '')}/uploads/${token}`,
    headers: { 'Content-Type': body.media_type },
  };
}

/**
 * createUploadIntent: a `pending_upload` file and a signed PUT URL valid for the intent's life.
 * Refused with `quota_exceeded` (and a `quota.exceeded` event) when the declared size, with the
 * account's uploads not yet settled and the input already used, would pass the period's
 * `input_bytes` limit (`checkUploadQuota`).
 */
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
  const target = await uploadTarget(ctx, id, body, expiresAt);
  const intent: UploadIntent = {
    file_id: id,
    upload_url: target.url,
    upload_method: 'PUT',
    upload_headers: target.headers,
    expires_at: expiresAt,
  };
  const result = await ctx.store.transaction(async (trx) => {
    const account = await lockMutableAccount(trx, ctx, caller.accountId);
    const verdict = await checkUploadQuota(trx, ctx, account, body.size_bytes);
    if (verdict.exceeded) return { verdict, account };
    await insertFile(trx, {
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
    });
    await rememberInTransaction(trx, intent);
    return { verdict, account };
  });
  if (result.verdict.exceeded) {
    await emitQuotaExceeded(ctx, result.account);
    throw new TransmuteError('quota_exceeded', result.verdict.detail);
  }
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
    await deleteFileRow(trx, fileId);
    await closeStorageMeters(trx, ctx, [{ id: fileId, until: ctx.nowIso() }]);
    return row.blob_key;
  });
  await ctx.blobs.direct?.discardUpload(fileId);
  await releaseBlob(ctx, key);
}
