import { TransmuteError, type FieldError } from '@transmute/contract';
import type { SourceFile } from '@transmute/plugin-sdk';
import type { Kysely } from 'kysely';
import type { ServiceContext } from '../kernel/context.js';
import type { Database } from '../storage/schema.js';
import { localFileOf } from './stored-blob.js';

/**
 * The input files of a job (`job_files`): the job's own hold on their bytes and what they were when
 * the job was created. The file's row may be deleted or expire meanwhile; the job keeps reading
 * what it was given, and the bytes stay until the job lets go of them (CONTRACT §7). Every write
 * to `job_files` is here: a new job holds its inputs, retention drops the holds, deleting the job
 * deletes them.
 */

/**
 * Writes a new job's holds on its files, in the job's transaction. The files are read and locked
 * here (PostgreSQL: `FOR SHARE`), so a deleteFile either commits first (the file is refused as not
 * found) or waits for this commit and then leaves the bytes to the job.
 */
export async function holdJobInputs(
  trx: Kysely<Database>,
  ctx: Pick<ServiceContext, 'store'>,
  job: { id: string; accountId: string; fileIds: readonly string[] },
): Promise<void> {
  if (job.fileIds.length === 0) return;
  const rows = await trx
    .selectFrom('files')
    .select(['id', 'status', 'blob_key', 'name', 'media_type', 'size_bytes'])
    .where('account_id', '=', job.accountId)
    .where('id', 'in', job.fileIds)
    .$if(ctx.store.dialect === 'postgres', (qb) => qb.forShare())
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  for (const [position, fileId] of job.fileIds.entries()) {
    const row = byId.get(fileId);
    if (row?.status !== 'ready' || row.blob_key === null) {
      const field = `source.file_ids[${String(position)}]`;
      errors.push({ field, code: 'not_found', detail: `No ready file ${fileId} in this account.` });
      continue;
    }
    await trx
      .insertInto('job_files')
      .values({
        job_id: job.id,
        file_id: fileId,
        position,
        blob_key: row.blob_key,
        name: row.name,
        media_type: row.media_type,
        size_bytes: Number(row.size_bytes),
      })
      .execute();
  }
  if (errors.length > 0) {
    throw new TransmuteError('validation_failed', 'Some file_ids cannot be used.', { fieldErrors: errors });
  }
}

/** The files of a files job, as local SourceFiles (the blob store's local files). */
export async function jobFiles(ctx: ServiceContext, jobId: string): Promise<SourceFile[]> {
  const rows = await ctx.store.db
    .selectFrom('job_files')
    .select(['file_id', 'name', 'media_type', 'size_bytes', 'blob_key'])
    .where('job_id', '=', jobId)
    .orderBy('position', 'asc')
    .execute();
  const files: SourceFile[] = [];
  for (const row of rows) {
    if (row.blob_key === null || row.name === null || row.media_type === null) {
      // Only a job created before 0150 whose file was deleted has no hold.
      throw new TransmuteError(
        'source_unreachable',
        `The file ${row.file_id} was deleted before the job ran.`,
      );
    }
    files.push({
      fileId: row.file_id,
      name: row.name,
      mediaType: row.media_type,
      sizeBytes: Number(row.size_bytes),
      path: await localFileOf(ctx, { key: row.blob_key, owner: row.file_id, kind: 'file' }),
    });
  }
  return files;
}

/** The blob keys a job holds through its inputs (released once the job is deleted or expires). */
export async function jobInputKeys(trx: Kysely<Database>, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await trx.selectFrom('job_files').select('blob_key').where('job_id', 'in', jobIds).execute();
  return rows.map((row) => row.blob_key).filter((key): key is string => key !== null);
}

/** Expired jobs let go of their inputs' bytes: returns the keys to release after the commit. */
export async function dropJobInputHolds(trx: Kysely<Database>, jobIds: readonly string[]): Promise<string[]> {
  const keys = await jobInputKeys(trx, jobIds);
  if (keys.length > 0) {
    await trx.updateTable('job_files').set({ blob_key: null }).where('job_id', 'in', jobIds).execute();
  }
  return keys;
}

/** Deletes the job's holds on its inputs (the caller released their bytes' keys first). */
export async function deleteJobInputs(trx: Kysely<Database>, jobId: string): Promise<void> {
  await trx.deleteFrom('job_files').where('job_id', '=', jobId).execute();
}
