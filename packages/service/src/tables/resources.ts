import type {
  EventType,
  FileResource,
  FileStatus,
  Job,
  JobStage,
  JobStatus,
  ManifestFile,
  Output,
  OutputFormat,
  OutputProfile,
  OutputStatus,
  SourceType,
  UsageEstimate,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointStatus,
} from '@transmute/contract';
import { TransmuteError } from '@transmute/contract';
import type { Kysely } from 'kysely';
import { addMs, parseJson, type CoreContext } from '../kernel/context.js';
import { preparedQuery } from '../storage/prepared-query.js';
import type {
  ArtifactsTable,
  Database,
  FilesTable,
  JobsTable,
  OutputsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from '../storage/schema.js';

/** Files row → wire File. */
export function toFileResource(row: FilesTable): FileResource {
  const pending = row.status === 'pending_upload' || row.status === 'uploaded';
  return {
    id: row.id,
    name: row.name,
    media_type: row.media_type,
    size_bytes: Number(row.size_bytes),
    sha256: row.sha256,
    status: row.status as FileStatus,
    warnings: parseJson<string[]>(row.warnings_json, []),
    created_at: row.created_at,
    expires_at: pending ? row.upload_expires_at : row.expires_at,
  };
}

/** The columns of a jobs row the wire Job is made of (a getJob reads these only, not the source). */
const JOB_WIRE_COLUMNS = [
  'jobs.id',
  'jobs.status',
  'jobs.stage',
  'jobs.percent',
  'jobs.detail',
  'jobs.source_type',
  'jobs.warnings_json',
  'jobs.created_at',
  'jobs.updated_at',
  'jobs.expires_at',
  'jobs.usage_estimate_json',
] as const;

/** What {@link toJob} reads of a jobs row. */
type JobWireRow = Pick<
  JobsTable,
  (typeof JOB_WIRE_COLUMNS)[number] extends `jobs.${infer Column extends keyof JobsTable}` ? Column : never
>;

/** Jobs row (+ its output ids) → wire Job. */
export function toJob(row: JobWireRow, outputIds: string[]): Job {
  return {
    id: row.id,
    status: row.status as JobStatus,
    progress: { stage: row.stage as JobStage | null, percent: Number(row.percent), detail: row.detail },
    source_type: row.source_type as SourceType,
    output_ids: outputIds,
    warnings: parseJson<string[]>(row.warnings_json, []),
    created_at: row.created_at,
    updated_at: row.updated_at,
    expires_at: row.expires_at,
    usage_estimate: parseJson<UsageEstimate>(row.usage_estimate_json, {
      quantities: [],
      estimated_cost_microusd: 0,
      currency: 'USD',
      confidence: 'low',
    }),
  };
}

/** A job of the account with its output ids in order: one row per output (one with null for none). */
function jobAndOutputIds(db: Kysely<Database>, jobId: string, accountId: string) {
  return db
    .selectFrom('jobs')
    .leftJoin('outputs', 'outputs.job_id', 'jobs.id')
    .select('outputs.id as output_id')
    .where('jobs.id', '=', jobId)
    .where('jobs.account_id', '=', accountId)
    .orderBy('outputs.position', 'asc');
}

const jobWithOutputIds = preparedQuery((db, jobId: string, accountId: string) =>
  jobAndOutputIds(db, jobId, accountId).selectAll('jobs'),
);

/** {@link jobWithOutputIds} with the wire columns only: a text job's source may be megabytes. */
const jobViewWithOutputIds = preparedQuery((db, jobId: string, accountId: string) =>
  jobAndOutputIds(db, jobId, accountId).select(JOB_WIRE_COLUMNS),
);

/** The row of a job read with its output ids (one row per output), and the ids in order. */
function withOutputIds<Row>(rows: readonly (Row & { output_id: string | null })[]): {
  row: Row;
  outputIds: string[];
} {
  const first = rows[0];
  if (first === undefined) throw new TransmuteError('not_found', 'No such job.');
  const { output_id: _outputId, ...row } = first;
  const outputIds: string[] = [];
  for (const { output_id } of rows) if (output_id !== null) outputIds.push(output_id);
  return { row: row as Row, outputIds };
}

const outputIdsOfJob = preparedQuery((db, jobId: string) =>
  db.selectFrom('outputs').select('id').where('job_id', '=', jobId).orderBy('position', 'asc'),
);

/** Loads a job of the account with its output ids (one statement); `not_found` otherwise. */
export async function loadJob(
  db: Kysely<Database>,
  accountId: string,
  jobId: string,
): Promise<{ row: JobsTable; job: Job }> {
  const { row, outputIds } = withOutputIds<JobsTable>(await jobWithOutputIds(db, jobId, accountId));
  return { row, job: toJob(row, outputIds) };
}

/** The wire Job of a job of the account (getJob: one statement, no source read); `not_found` otherwise. */
export async function readJob(db: Kysely<Database>, accountId: string, jobId: string): Promise<Job> {
  const { row, outputIds } = withOutputIds<JobWireRow>(await jobViewWithOutputIds(db, jobId, accountId));
  return toJob(row, outputIds);
}

/** Wire Job of a row, reading its output ids. */
export async function jobWithOutputs(db: Kysely<Database>, row: JobsTable): Promise<Job> {
  const outputs = await outputIdsOfJob(db, row.id);
  return toJob(
    row,
    outputs.map((o) => o.id),
  );
}

/** Outputs row (+ artifacts) → wire Output with freshly signed download URLs. */
export function toOutput(ctx: CoreContext, row: OutputsTable, artifacts: ArtifactsTable[]): Output {
  const succeeded = row.status === 'succeeded' && artifacts.length > 0;
  const files: ManifestFile[] = artifacts.map((artifact) => ({
    file_id: artifact.id,
    name: artifact.name,
    media_type: artifact.media_type,
    size_bytes: Number(artifact.size_bytes),
    sha256: artifact.sha256,
    expires_at: artifact.expires_at,
    download_url: artifactUrl(ctx, artifact),
  }));
  return {
    id: row.id,
    job_id: row.job_id,
    status: row.status as OutputStatus,
    profile: row.profile as OutputProfile,
    format: row.format as OutputFormat,
    language: row.language,
    warnings: parseJson<string[]>(row.warnings_json, []),
    manifest: succeeded
      ? { manifest_version: 1, files, total_size_bytes: files.reduce((sum, f) => sum + f.size_bytes, 0) }
      : null,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

/** A signed, expiring download URL of an artifact (`{baseUrl}/artifacts/<token>`). */
export function artifactUrl(ctx: CoreContext, artifact: ArtifactsTable): string {
  const ttlEnd = Date.parse(addMs(ctx.nowIso(), ctx.downloadUrlTtlMs));
  const hardEnd = artifact.expires_at === null ? ttlEnd : Math.min(ttlEnd, Date.parse(artifact.expires_at));
  const token = ctx.signer.sign('artifact', { a: artifact.id, e: hardEnd });
  return `${ctx.config.baseUrl.replace(/\/$/, '')}/artifacts/${token}`;
}

/** Loads the artifacts of some outputs, grouped by output id, in order. */
export async function artifactsOf(
  db: Kysely<Database>,
  outputIds: string[],
): Promise<Map<string, ArtifactsTable[]>> {
  const grouped = new Map<string, ArtifactsTable[]>();
  if (outputIds.length === 0) return grouped;
  const rows = await db
    .selectFrom('artifacts')
    .selectAll()
    .where('output_id', 'in', outputIds)
    .orderBy('position', 'asc')
    .execute();
  for (const row of rows) grouped.set(row.output_id, [...(grouped.get(row.output_id) ?? []), row]);
  return grouped;
}

/** Wire Output of one row, reading its artifacts. */
export async function outputOf(ctx: CoreContext, db: Kysely<Database>, row: OutputsTable): Promise<Output> {
  const artifacts = await artifactsOf(db, [row.id]);
  return toOutput(ctx, row, artifacts.get(row.id) ?? []);
}

/** webhook_endpoints row → wire WebhookEndpoint. */
export function toWebhookEndpoint(row: WebhookEndpointsTable): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseJson<EventType[]>(row.events_json, []),
    status: row.status as WebhookEndpointStatus,
    secret_last_four: row.secret_last_four,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** webhook_deliveries row → wire WebhookDelivery (redacted by construction). */
export function toWebhookDelivery(row: WebhookDeliveriesTable): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    endpoint_id: row.endpoint_id,
    event_type: row.event_type as EventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    response_status: row.response_status === null ? null : Number(row.response_status),
    response_preview: row.response_preview,
    last_error_code: row.last_error_code,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}
