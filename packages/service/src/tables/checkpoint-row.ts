import type { Kysely } from 'kysely';
import { preparedQuery } from '../storage/prepared-query.js';
import type { Database } from '../storage/schema.js';

// Every write to `job_checkpoints`, one named function per change (as job-row.ts does for `jobs`):
// a stage's saved state or a task's result (stage `task:<position>`), kept until the job's
// document is stored, the job is deleted or retention ends it.

/** The checkpoint of one stage of one job: the blob that holds its state. */
export interface Checkpoint {
  jobId: string;
  stage: string;
  blobKey: string;
  createdAt: string;
}

/** Saves a stage's checkpoint in place of the one it had (the earlier blob is left to orphan collection). */
export async function saveCheckpoint(trx: Kysely<Database>, checkpoint: Checkpoint): Promise<void> {
  await trx
    .deleteFrom('job_checkpoints')
    .where('job_id', '=', checkpoint.jobId)
    .where('stage', '=', checkpoint.stage)
    .execute();
  await trx
    .insertInto('job_checkpoints')
    .values({
      job_id: checkpoint.jobId,
      stage: checkpoint.stage,
      blob_key: checkpoint.blobKey,
      created_at: checkpoint.createdAt,
    })
    .execute();
}

/** Drops every checkpoint of one job; answers their blob keys, to release after the commit. */
export async function dropJobCheckpoints(trx: Kysely<Database>, jobId: string): Promise<string[]> {
  const rows = await checkpointsDropped(trx, jobId);
  return rows.map((row) => row.blob_key);
}

/** The delete of {@link dropJobCheckpoints}, compiled once (every job's document drops them). */
const checkpointsDropped = preparedQuery((db, jobId: string) =>
  db.deleteFrom('job_checkpoints').where('job_id', '=', jobId).returning('blob_key'),
);

/** The stage and blob of each of a job's checkpoints (a run reads them once as it begins). */
export const jobCheckpointKeys = preparedQuery((db, jobId: string) =>
  db.selectFrom('job_checkpoints').select(['stage', 'blob_key']).where('job_id', '=', jobId),
);

/** Deletes every checkpoint of these jobs (the caller has read the blob keys it releases). */
export async function deleteCheckpoints(db: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.deleteFrom('job_checkpoints').where('job_id', 'in', jobIds).execute();
}
