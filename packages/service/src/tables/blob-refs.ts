import type { Kysely } from 'kysely';
import type { ServiceContext } from '../kernel/context.js';
import type { Database } from '../storage/schema.js';

/**
 * Of `keys`, those a row refers to. The one list of the columns that hold blob keys: a file's
 * bytes, a job's hold on its input files' bytes, a job's normalized document, an output's
 * artifacts, a running job's stage checkpoints and task results.
 */
export async function referencedKeys(db: Kysely<Database>, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const lists = await Promise.all([
    db.selectFrom('files').select('blob_key as key').distinct().where('blob_key', 'in', keys).execute(),
    db.selectFrom('artifacts').select('blob_key as key').distinct().where('blob_key', 'in', keys).execute(),
    db.selectFrom('job_files').select('blob_key as key').distinct().where('blob_key', 'in', keys).execute(),
    db
      .selectFrom('jobs')
      .select('document_key as key')
      .distinct()
      .where('document_key', 'in', keys)
      .execute(),
    db
      .selectFrom('job_checkpoints')
      .select('blob_key as key')
      .distinct()
      .where('blob_key', 'in', keys)
      .execute(),
  ]);
  const referenced = new Set<string>();
  for (const rows of lists) for (const row of rows) if (row.key !== null) referenced.add(row.key);
  return referenced;
}

/**
 * Deletes a blob once no row refers to it any more, after the commit that cut the caller's
 * reference. The check cannot race a new reference: a key is made by one write and given only to
 * that write's row, and the one copy of a key into another row (a job's hold on its input file,
 * `createJob`) happens under the file row's lock while the file still holds it. Older blobs shared
 * by several rows (keys from before 0.9) stay while any of them does. A crash before the delete
 * leaves an orphan for `collectOrphans`.
 */
export async function releaseBlob(ctx: ServiceContext, key: string | null): Promise<void> {
  if (key === null) return;
  if ((await referencedKeys(ctx.store.db, [key])).size > 0) return;
  await ctx.blobs.delete(key);
}

/** Why the bytes of an upload were removed before any job used them. */
export type UploadBytesRemoval = 'upload_expired';

/** An upload whose row no longer refers to its bytes. */
export interface ReleasedUpload {
  fileId: string;
  blobKey: string | null;
  /** The bytes received (`received_size`). */
  bytes: number | null;
}

/**
 * Removes the bytes of an upload that will never be used (an intent that lapsed; also those PUT
 * straight to an object store), after the commit that cut the row's reference, and logs it at `info`.
 */
export async function releaseUploadBytes(
  ctx: ServiceContext,
  upload: ReleasedUpload,
  reason: UploadBytesRemoval,
): Promise<void> {
  // Bytes PUT straight to an object store and never taken in are removed too.
  await ctx.blobs.direct?.discardUpload(upload.fileId);
  if (upload.blobKey === null) return;
  await releaseBlob(ctx, upload.blobKey);
  ctx.logger.info('upload bytes removed', { fileId: upload.fileId, bytes: upload.bytes ?? 0, reason });
}
