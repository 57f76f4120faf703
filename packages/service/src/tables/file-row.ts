import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database, FilesTable } from '../storage/schema.js';
import { OPEN_UPLOAD_STATES } from './upload-states.js';

// Every write to `files`, one named function per change (as job-row.ts does for `jobs`): an
// upload intent inserts it `pending_upload`; PUTs attach bytes (`uploaded`); the complete starts
// validation (`validating`), which settles it `ready` or `rejected`; the jobs that use it hold it
// as long as they live; retention expires it; deleteFile deletes it.

export async function insertFile(trx: Kysely<Database>, row: FilesTable): Promise<void> {
  await trx.insertInto('files').values(row).execute();
}

/** Bytes received for an upload. */
export interface ReceivedBytes {
  key: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Attaches received bytes to an open upload (`uploaded`), if its bytes are still `expected` (the
 * key the caller saw, or none): answers whether it did (another PUT may have attached in between).
 */
export async function attachUploadedBytes(
  trx: Kysely<Database>,
  fileId: string,
  bytes: ReceivedBytes,
  expected: string | null,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('files')
    .set({
      status: 'uploaded',
      blob_key: bytes.key,
      received_size: bytes.sizeBytes,
      received_sha256: bytes.sha256,
      updated_at: now,
    })
    .where('id', '=', fileId)
    .where('status', 'in', OPEN_UPLOAD_STATES)
    .where('blob_key', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The upload is complete: `validating`. */
export async function startValidation(trx: Kysely<Database>, fileId: string, now: string): Promise<void> {
  await trx
    .updateTable('files')
    .set({ status: 'validating', updated_at: now })
    .where('id', '=', fileId)
    .execute();
}

/** Validation's verdict: `ready` or `rejected`, its warnings and its expiry. */
export async function settleValidation(
  trx: Kysely<Database>,
  settled: Pick<FilesTable, 'id' | 'status' | 'warnings_json' | 'expires_at' | 'updated_at'>,
): Promise<void> {
  await trx
    .updateTable('files')
    .set({
      status: settled.status,
      warnings_json: settled.warnings_json,
      updated_at: settled.updated_at,
      expires_at: settled.expires_at,
    })
    .where('id', '=', settled.id)
    .execute();
}

/** A rejected file lets go of its bytes (the caller releases the blob). */
export async function dropRejectedBytes(db: Kysely<Database>, fileId: string): Promise<void> {
  await db.updateTable('files').set({ blob_key: null }).where('id', '=', fileId).execute();
}

/**
 * The files live as long as a job that uses them: `null` (the job is kept by account retention)
 * keeps them too; a date moves a file's expiry later, never earlier, and never ends a kept one.
 */
export async function holdFilesUntil(
  trx: Kysely<Database>,
  fileIds: readonly string[],
  expiresAt: string | null,
): Promise<void> {
  if (fileIds.length === 0) return;
  await holdWhere(trx, (eb) => eb('id', 'in', fileIds), expiresAt);
}

/** {@link holdFilesUntil} for the input files of one job (its `job_files`), in one statement. */
export async function holdJobFilesUntil(
  trx: Kysely<Database>,
  jobId: string,
  expiresAt: string | null,
): Promise<void> {
  const inputs = trx.selectFrom('job_files').select('file_id').where('job_id', '=', jobId);
  await holdWhere(trx, (eb) => eb('id', 'in', inputs), expiresAt);
}

async function holdWhere(
  trx: Kysely<Database>,
  which: (eb: ExpressionBuilder<Database, 'files'>) => Expression<SqlBool>,
  expiresAt: string | null,
): Promise<void> {
  const query = trx.updateTable('files').where(which);
  if (expiresAt === null) {
    await query.set({ expires_at: null }).execute();
    return;
  }
  await query
    .set({ expires_at: expiresAt })
    .where('expires_at', 'is not', null)
    .where('expires_at', '<', expiresAt)
    .execute();
}

/** Files become `expired` and let go of their bytes (the caller releases the blobs after the commit). */
export async function expireFileRows(
  trx: Kysely<Database>,
  fileIds: readonly string[],
  now: string,
): Promise<void> {
  if (fileIds.length === 0) return;
  await trx
    .updateTable('files')
    .set({ status: 'expired', blob_key: null, updated_at: now })
    .where('id', 'in', fileIds)
    .execute();
}

export async function deleteFileRow(trx: Kysely<Database>, fileId: string): Promise<void> {
  await trx.deleteFrom('files').where('id', '=', fileId).execute();
}
