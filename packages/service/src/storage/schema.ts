/**
 * Row types of every table (see `migrations.ts` for the DDL). Times are ISO 8601 strings with
 * milliseconds and `Z` (they sort lexicographically); JSON columns are text; booleans are 0/1.
 */
export interface AccountsTable {
  id: string;
  plan: string;
  status: string;
  /** JSON `Partial<PlanLimits>` overriding the plan's defaults, or null. */
  limits_json: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  key_hash: string;
  key_prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  fingerprint: string;
  /** `in_flight` | `done` */
  state: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  /** The lease of an in-flight claim, renewed while its request runs; once past, taken over. */
  locked_until: string;
  /** The claim that holds the row (0120): its request's writes apply only while it is theirs. */
  claim_id: string | null;
  created_at: string;
  expires_at: string;
}

export interface FilesTable {
  id: string;
  account_id: string;
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  status: string;
  warnings_json: string;
  blob_key: string | null;
  received_size: number | null;
  received_sha256: string | null;
  upload_expires_at: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
}

export interface JobsTable {
  id: string;
  account_id: string;
  status: string;
  source_type: string;
  source_json: string;
  retention_class: string;
  stage: string | null;
  percent: number;
  detail: string | null;
  warnings_json: string;
  usage_estimate_json: string;
  input_bytes: number;
  /** Blob key of the stored NormalizedDocument (JSON) once prepared. */
  document_key: string | null;
  /** 1 while the job has work for a worker (its first run, or outputs queued later). */
  work_pending: number;
  locked_by: string | null;
  lease_expires_at: string | null;
  attempts: number;
  cancel_requested_at: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  expires_at: string | null;
  /** W3C traceparent of the creating request's span (0130); null without tracing. */
  traceparent: string | null;
}

export interface JobFilesTable {
  job_id: string;
  file_id: string;
  position: number;
  /** The job's own hold on the file's bytes, and what the file was when the job was created (0150). */
  blob_key: string | null;
  name: string | null;
  media_type: string | null;
  size_bytes: number | null;
}

export interface OutputsTable {
  id: string;
  job_id: string;
  account_id: string;
  position: number;
  status: string;
  profile: string;
  format: string;
  language: string;
  include_raw_source: number;
  warnings_json: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface ArtifactsTable {
  id: string;
  output_id: string;
  account_id: string;
  position: number;
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  blob_key: string | null;
  created_at: string;
  expires_at: string | null;
}

export interface JobCheckpointsTable {
  job_id: string;
  stage: string;
  blob_key: string;
  created_at: string;
}

/** An extraction task of a split job (`orchestration.batch`); its result is checkpoint `task:<position>`. */
export interface JobTasksTable {
  job_id: string;
  position: number;
  /** The engine's ExtractionTask. */
  task_json: string;
  status: 'queued' | 'succeeded' | 'failed';
  /** `code: sentence` of a failed task. */
  failure: string | null;
  locked_by: string | null;
  lease_expires_at: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
}

export interface EventsTable {
  id: string;
  account_id: string;
  type: string;
  /** The envelope (CONTRACT §10) as JSON. */
  payload: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  url: string;
  description: string;
  events_json: string;
  status: string;
  secret_ciphertext: string;
  secret_last_four: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  response_preview: string | null;
  last_error_code: string | null;
  next_attempt_at: string | null;
  locked_by: string | null;
  lease_expires_at: string | null;
  created_at: string;
  completed_at: string | null;
  is_test: number;
  /** Set by replayWebhookDelivery: one manual attempt, then back to dead_letter on failure. */
  replay_requested_at: string | null;
  /**
   * When the attempt in flight began (0121): committed, with `attempts` already counting it, before
   * its request is sent; cleared when its outcome is recorded. Still set once the lease ran out:
   * the worker died during the attempt (`interrupted`).
   */
  attempt_started_at: string | null;
}

export interface UsageRecordsTable {
  id: string;
  account_id: string;
  job_id: string;
  unit: string;
  estimated: number;
  quantity: number;
  /** `pending` | `finalized` */
  state: string;
  period_start: string;
  created_at: string;
  updated_at: string;
}

/** Running sums of `usage_records` per account, period, unit and state (see usage-totals.ts). */
export interface UsageTotalsTable {
  account_id: string;
  period_start: string;
  unit: string;
  /** `pending` | `finalized` */
  state: string;
  estimated: number;
  quantity: number;
  /** Sum of max(estimated, quantity): what quotas count while a record is pending. */
  committed: number;
}

/**
 * The storage meter of a job or file whose content is kept (see storage-usage.ts): storage before
 * `accrued_until` is in `usage_records` as `stored_gigabyte_days`.
 */
export interface StorageMetersTable {
  /** The job (`job_…`) or file (`file_…`) whose content is kept. */
  subject_id: string;
  account_id: string;
  /** Bytes kept, as last measured. */
  bytes: number;
  accrued_until: string;
  /** When the retention sweep measures and advances the meter next. */
  due_at: string;
}

export interface QuotaWarningsTable {
  account_id: string;
  unit: string;
  period_start: string;
  created_at: string;
}

export interface BillingEntriesTable {
  id: string;
  account_id: string;
  /** `credit` | `refund` | `invoice` */
  kind: string;
  amount_microusd: number;
  unit: string | null;
  quantity: number | null;
  reason: string;
  period_start: string;
  period_end: string;
  created_at: string;
}

export interface BillingPeriodsTable {
  account_id: string;
  period_start: string;
  period_end: string;
  usage_json: string;
  closed_at: string;
}

/** The whole database, for Kysely. */
/** Request-rate token buckets shared by processes on PostgreSQL (migration 0140). */
export interface RateLimitBucketsTable {
  bucket_key: string;
  tokens: number;
  /** Database clock, epoch seconds. */
  refilled_at: number;
  allowed: boolean;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  files: FilesTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  outputs: OutputsTable;
  artifacts: ArtifactsTable;
  job_checkpoints: JobCheckpointsTable;
  job_tasks: JobTasksTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  usage_records: UsageRecordsTable;
  usage_totals: UsageTotalsTable;
  storage_meters: StorageMetersTable;
  quota_warnings: QuotaWarningsTable;
  billing_entries: BillingEntriesTable;
  billing_periods: BillingPeriodsTable;
  rate_limit_buckets: RateLimitBucketsTable;
}
