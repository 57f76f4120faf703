import type { Kysely } from 'kysely';
import { preparedInsertUnread, preparedQuery } from '../storage/prepared-query.js';
import type { Database, OutputsTable } from '../storage/schema.js';

// Every write to `outputs`, one named function per change (as job-row.ts does for `jobs`): an
// output is inserted `queued`, a worker starts it (`processing`) and ends it `succeeded` or
// `failed`; a job's end fails what it left pending; retention expires them; deleting the job
// deletes them.

/** What an output renders: the request's choice, as createJob and createOutput validated it. */
export interface OutputChoice {
  profile: string;
  format: string;
  language: string;
  includeRawSource: boolean;
}

/** The insert of a new output, compiled once (createJob runs it on every request); sent with the statements after it. */
const insertOutputRows = preparedInsertUnread('outputs');

/** A new `queued` output row of a job at `position`. */
export function newOutputRow(
  ids: { id: string; jobId: string; accountId: string; position: number },
  choice: OutputChoice,
  now: string,
): OutputsTable {
  return {
    id: ids.id,
    job_id: ids.jobId,
    account_id: ids.accountId,
    position: ids.position,
    status: 'queued',
    profile: choice.profile,
    format: choice.format,
    language: choice.language,
    include_raw_source: choice.includeRawSource ? 1 : 0,
    warnings_json: '[]',
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

export async function insertOutput(trx: Kysely<Database>, row: OutputsTable): Promise<void> {
  await insertOutputRows(trx, [row]);
}

/** `queued` → `processing` (a worker starts rendering it); no change from any other status. */
export async function startOutput(db: Kysely<Database>, outputId: string, now: string): Promise<void> {
  await db
    .updateTable('outputs')
    .set({ status: 'processing', updated_at: now })
    .where('id', '=', outputId)
    .where('status', '=', 'queued')
    .execute();
}

/** The output rendered: `succeeded` with its warnings; answers the row as it is now. */
export async function succeedOutput(
  trx: Kysely<Database>,
  outputId: string,
  warnings: readonly string[],
  now: string,
): Promise<OutputsTable> {
  const [row] = await outputSucceeded(trx, outputId, JSON.stringify(warnings), now);
  if (row === undefined) throw new Error(`output ${outputId} not found`);
  return row;
}

/** A job's outputs still queued or rendering, in position order (what its run renders next). */
export const pendingOutputs = preparedQuery((db, jobId: string) =>
  db
    .selectFrom('outputs')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('status', 'in', ['queued', 'processing'])
    .orderBy('position', 'asc'),
);

/** The write of {@link succeedOutput}, compiled once (every output's end runs it). */
const outputSucceeded = preparedQuery((db, outputId: string, warningsJson: string, now: string) =>
  db
    .updateTable('outputs')
    .set({ status: 'succeeded', warnings_json: warningsJson, updated_at: now, completed_at: now })
    .where('id', '=', outputId)
    .returningAll(),
);

/** The columns of a `failed` output: the failure is its one warning. */
function failed(warning: string, now: string) {
  return { status: 'failed', warnings_json: JSON.stringify([warning]), updated_at: now, completed_at: now };
}

/** The output's render failed: `failed` with the failure as its one warning. */
export async function failOutputRow(
  trx: Kysely<Database>,
  outputId: string,
  warning: string,
  now: string,
): Promise<void> {
  await trx.updateTable('outputs').set(failed(warning, now)).where('id', '=', outputId).execute();
}

/** The job's outputs still `queued` or `processing` → `failed` with this warning. */
export async function failPendingOutputs(
  trx: Kysely<Database>,
  jobId: string,
  warning: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('outputs')
    .set(failed(warning, now))
    .where('job_id', '=', jobId)
    .where('status', 'in', ['queued', 'processing'])
    .execute();
}

/** Retention ended these jobs: their outputs → `expired`. */
export async function expireOutputs(
  trx: Kysely<Database>,
  jobIds: readonly string[],
  now: string,
): Promise<void> {
  if (jobIds.length === 0) return;
  await trx
    .updateTable('outputs')
    .set({ status: 'expired', updated_at: now })
    .where('job_id', 'in', jobIds)
    .execute();
}

/** Deletes the job's outputs (its artifacts are gone first). */
export async function deleteOutputs(trx: Kysely<Database>, jobId: string): Promise<void> {
  await trx.deleteFrom('outputs').where('job_id', '=', jobId).execute();
}
