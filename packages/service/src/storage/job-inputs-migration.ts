import { sql, type Kysely } from 'kysely';

/**
 * 0150: a job keeps its own hold on the bytes of its input files (`job_files.blob_key`) with the
 * name, type and size they had when the job was created. Deleting or expiring a file then cuts
 * only the file's hold: the bytes stay while a job still uses them (CONTRACT §7, "never removes
 * bytes that any other resource still uses"), and the job reads what it was given. Rows of older
 * jobs take the hold their file has now (none once the file is gone).
 */
export async function addJobInputs(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_files').addColumn('blob_key', 'varchar(128)').execute();
  await db.schema.alterTable('job_files').addColumn('name', 'varchar(255)').execute();
  await db.schema.alterTable('job_files').addColumn('media_type', 'varchar(150)').execute();
  await db.schema.alterTable('job_files').addColumn('size_bytes', 'bigint').execute();
  await sql`update job_files set
      blob_key = (select f.blob_key from files f where f.id = job_files.file_id),
      name = (select f.name from files f where f.id = job_files.file_id),
      media_type = (select f.media_type from files f where f.id = job_files.file_id),
      size_bytes = (select f.size_bytes from files f where f.id = job_files.file_id)`.execute(db);
  await db.schema.createIndex('job_files_blob').on('job_files').column('blob_key').execute();
}
