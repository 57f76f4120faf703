import type { Kysely } from 'kysely';
import type { ArtifactsTable, Database } from '../storage/schema.js';
import { newId } from '../kernel/ids.js';
import { preparedInsertUnread, preparedStatement } from '../storage/prepared-query.js';

// Every write to `artifacts`, one named function per change (as output-row.ts does for
// `outputs`): a rendered output stores its files (inserted with the job's current expiry); the
// job's end moves their expiry to the job's; retention lets go of their bytes; deleting the job
// deletes them.

/** A stored rendered file of an output, its bytes at `key`. */
export interface StoredArtifact {
  name: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  key: string;
}

/** A new artifact row: the output's file at `position`, living until `expiresAt`. */
export function newArtifactRow(
  output: { id: string; accountId: string; position: number },
  artifact: StoredArtifact,
  expiresAt: string | null,
  now: string,
): ArtifactsTable {
  return {
    id: newId('artifact'),
    output_id: output.id,
    account_id: output.accountId,
    position: output.position,
    name: artifact.name,
    media_type: artifact.mediaType,
    size_bytes: artifact.sizeBytes,
    sha256: artifact.sha256,
    blob_key: artifact.key,
    created_at: now,
    expires_at: expiresAt,
  };
}

/** Stores a rendered file's row; in a store transaction, sent with the statements after it. */
export async function insertArtifact(trx: Kysely<Database>, row: ArtifactsTable): Promise<void> {
  await artifactRows(trx, [row]);
}

/** The insert of {@link insertArtifact}, compiled once; nobody reads its answer. */
const artifactRows = preparedInsertUnread('artifacts');

/** The job ended: its artifacts live as long as it does (`null`: kept by account retention). */
export async function holdJobArtifactsUntil(
  trx: Kysely<Database>,
  jobId: string,
  expiresAt: string | null,
): Promise<void> {
  await artifactsHeldUntil(trx, jobId, expiresAt);
}

/** The write of {@link holdJobArtifactsUntil}, compiled once (every job's end runs it). */
const artifactsHeldUntil = preparedStatement((db, jobId: string, expiresAt: string | null) =>
  db
    .updateTable('artifacts')
    .set({ expires_at: expiresAt })
    .where('output_id', 'in', db.selectFrom('outputs').select('id').where('job_id', '=', jobId)),
);

/** Retention ended these jobs: their artifacts let go of their bytes (the caller releases the blobs). */
export async function dropJobArtifactBytes(trx: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await trx
    .updateTable('artifacts')
    .set({ blob_key: null })
    .where('output_id', 'in', trx.selectFrom('outputs').select('id').where('job_id', 'in', jobIds))
    .execute();
}

/** Deletes the artifacts of these outputs (before the outputs themselves). */
export async function deleteArtifacts(trx: Kysely<Database>, outputIds: readonly string[]): Promise<void> {
  if (outputIds.length === 0) return;
  await trx.deleteFrom('artifacts').where('output_id', 'in', outputIds).execute();
}
