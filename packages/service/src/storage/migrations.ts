/*
 * Versioned migrations, shared by SQLite and PostgreSQL (Kysely schema builder and portable SQL:
 * no dialect-specific SQL). Applied at start by `migrateToLatest`.
 *
 * Tables the webhook dispatcher uses (column names are stable):
 *   events(id evt_…, account_id, type, payload = the envelope JSON, created_at)
 *   webhook_endpoints(id wh_…, account_id, url, description, events_json (JSON array), status
 *     active|paused, secret_ciphertext, secret_last_four, previous_secret_ciphertext,
 *     previous_secret_expires_at, created_at, updated_at, deleted_at)
 *     → decrypt secrets with `decryptSecret(ciphertext, masterKey)` from this package.
 *   webhook_deliveries(id whd_…, account_id, endpoint_id, event_id, event_type, status
 *     pending|delivering|succeeded|retrying|dead_letter, attempts, response_status,
 *     response_preview, last_error_code, next_attempt_at, locked_by, lease_expires_at,
 *     created_at, completed_at, is_test 0|1, replay_requested_at (0006: set by
 *     replayWebhookDelivery: exactly one manual attempt, back to dead_letter if it fails),
 *     attempt_started_at (0121: the attempt in flight, committed before its request is sent))
 * Times are ISO 8601 strings with ms and Z (lexicographic order = time order).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { addJobInputs } from './job-inputs-migration.js';
import { dropUnreadIndexEntries } from './index-pages-migration.js';
import { keepQueueInWorkIndex } from './queue-index-migration.js';
import { indexLeasedJobs } from './leased-index-migration.js';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import { webhookDispatchMigration } from './dispatch-schema.js';

const TIME = 'varchar(32)';
const ID = 'varchar(64)';

async function createCore(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('plan', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('limits_json', 'text')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('revoked_at', TIME)
    .execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

async function createFilesAndJobs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(150)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('warnings_json', 'text', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(128)')
    .addColumn('received_size', 'bigint')
    .addColumn('received_sha256', 'varchar(64)')
    .addColumn('upload_expires_at', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME)
    .execute();
  await db.schema.createIndex('files_account').on('files').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('files_status').on('files').columns(['status', 'expires_at']).execute();
  await db.schema
    .createTable('jobs')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_json', 'text', (c) => c.notNull())
    .addColumn('retention_class', 'varchar(16)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)')
    .addColumn('percent', 'real', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('warnings_json', 'text', (c) => c.notNull())
    .addColumn('usage_estimate_json', 'text', (c) => c.notNull())
    .addColumn('input_bytes', 'bigint', (c) => c.notNull())
    .addColumn('document_key', 'varchar(128)')
    .addColumn('work_pending', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('lease_expires_at', TIME)
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('cancel_requested_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('ended_at', TIME)
    .addColumn('expires_at', TIME)
    .execute();
  await db.schema
    .createIndex('jobs_account_created')
    .on('jobs')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('jobs_work').on('jobs').columns(['work_pending', 'created_at']).execute();
  await db.schema.createIndex('jobs_expiry').on('jobs').columns(['status', 'expires_at']).execute();
  await db.schema
    .createTable('job_files')
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('file_id', ID, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_files_pk', ['job_id', 'position'])
    .execute();
  await db.schema.createIndex('job_files_file').on('job_files').column('file_id').execute();
}

async function createOutputs(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outputs')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('profile', 'varchar(32)', (c) => c.notNull())
    .addColumn('format', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(35)', (c) => c.notNull())
    .addColumn('include_raw_source', 'integer', (c) => c.notNull())
    .addColumn('warnings_json', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('completed_at', TIME)
    .execute();
  await db.schema.createIndex('outputs_job').on('outputs').columns(['job_id', 'position']).execute();
  await db.schema
    .createTable('artifacts')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('output_id', ID, (c) => c.notNull())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('media_type', 'varchar(150)', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(128)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME)
    .execute();
  await db.schema
    .createIndex('artifacts_output')
    .on('artifacts')
    .columns(['output_id', 'position'])
    .execute();
  await db.schema
    .createTable('job_checkpoints')
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('stage', 'varchar(32)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_checkpoints_pk', ['job_id', 'stage'])
    .execute();
}

async function createWebhooks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_account').on('events').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('events_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
    .addColumn('secret_last_four', 'varchar(4)', (c) => c.notNull())
    .addColumn('previous_secret_ciphertext', 'text')
    .addColumn('previous_secret_expires_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addColumn('deleted_at', TIME)
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_account')
    .on('webhook_endpoints')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('endpoint_id', ID, (c) => c.notNull())
    .addColumn('event_id', ID, (c) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_preview', 'varchar(512)')
    .addColumn('last_error_code', 'varchar(100)')
    .addColumn('next_attempt_at', TIME)
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('lease_expires_at', TIME)
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('completed_at', TIME)
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

async function createBilling(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_records')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('unit', 'varchar(32)', (c) => c.notNull())
    .addColumn('estimated', 'double precision', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usage_records_period')
    .on('usage_records')
    .columns(['account_id', 'period_start'])
    .execute();
  await db.schema.createIndex('usage_records_job').on('usage_records').columns(['job_id', 'unit']).execute();
  await db.schema
    .createTable('quota_warnings')
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('unit', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('quota_warnings_pk', ['account_id', 'unit', 'period_start'])
    .execute();
  await db.schema
    .createTable('billing_entries')
    .addColumn('id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_microusd', 'bigint', (c) => c.notNull())
    .addColumn('unit', 'varchar(32)')
    .addColumn('quantity', 'double precision')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('period_end', TIME, (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('billing_entries_period')
    .on('billing_entries')
    .columns(['account_id', 'period_start'])
    .execute();
  await db.schema
    .createTable('billing_periods')
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('period_end', TIME, (c) => c.notNull())
    .addColumn('usage_json', 'text', (c) => c.notNull())
    .addColumn('closed_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_periods_pk', ['account_id', 'period_start'])
    .execute();
}

async function addReplayColumn(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('replay_requested_at', TIME).execute();
}

async function createUsageTotals(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_totals')
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('period_start', TIME, (c) => c.notNull())
    .addColumn('unit', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('estimated', 'double precision', (c) => c.notNull())
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('committed', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_totals_pk', ['account_id', 'period_start', 'unit', 'state'])
    .execute();
  await sql`
    insert into usage_totals (account_id, period_start, unit, state, estimated, quantity, committed)
    select account_id, period_start, unit, state, sum(estimated), sum(quantity),
      sum(case when quantity > estimated then quantity else estimated end)
    from usage_records
    group by account_id, period_start, unit, state`.execute(db);
}

/**
 * Storage meters (storage-usage.ts): one row per job or file whose content is kept. Content kept
 * when the migration runs starts being metered then (the sweep measures it at once).
 */
async function createStorageMeters(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_meters')
    .addColumn('subject_id', ID, (c) => c.primaryKey())
    .addColumn('account_id', ID, (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('accrued_until', TIME, (c) => c.notNull())
    .addColumn('due_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('storage_meters_due').on('storage_meters').column('due_at').execute();
  await db.schema.createIndex('storage_meters_account').on('storage_meters').column('account_id').execute();
  const now = new Date().toISOString();
  await sql`
    insert into storage_meters (subject_id, account_id, bytes, accrued_until, due_at)
    select id, account_id, 0, ${now}, ${now} from jobs
    where status in ('succeeded', 'failed', 'canceled')`.execute(db);
  await sql`
    insert into storage_meters (subject_id, account_id, bytes, accrued_until, due_at)
    select id, account_id, 0, ${now}, ${now} from files
    where status = 'ready' and blob_key is not null`.execute(db);
}

/**
 * Indexes for the upload meter and blob references: createUploadIntent sums the account's uploads
 * not yet settled (quota.ts), and releasing a blob or collecting orphans asks, for a key, whether
 * any row still refers to it (blob-refs.ts), which without these scans every table.
 */
async function createUploadAndBlobIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('files_account_status').on('files').columns(['account_id', 'status']).execute();
  await db.schema.createIndex('files_blob').on('files').column('blob_key').execute();
  await db.schema.createIndex('artifacts_blob').on('artifacts').column('blob_key').execute();
  await db.schema.createIndex('jobs_document').on('jobs').column('document_key').execute();
  await db.schema.createIndex('job_checkpoints_blob').on('job_checkpoints').column('blob_key').execute();
}

/** 0120: which claim holds an in-flight idempotency key (a lapsed claim is taken over). */
async function addIdempotencyClaimId(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claim_id', 'varchar(32)').execute();
}

/** 0121: the attempt in flight of a delivery, recorded before its request is sent. */
async function addDeliveryAttemptStartedAt(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('attempt_started_at', TIME).execute();
}

/** 0130: the W3C traceparent of the request that created a job, parent of the worker's job span. */
async function addJobTraceparent(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('traceparent', 'varchar(64)').execute();
}

/**
 * The extraction tasks of jobs split by `orchestration.batch` (a file each, a long document's page
 * ranges): claimed under a lease like jobs; a task's result is a `job_checkpoints` row of stage
 * `task:<position>` (so results count, resume and go like every checkpoint).
 */
async function createJobTasks(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_tasks')
    .addColumn('job_id', ID, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('task_json', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('lease_expires_at', TIME)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_tasks_pk', ['job_id', 'position'])
    .execute();
  await db.schema
    .createIndex('job_tasks_status')
    .on('job_tasks')
    .columns(['status', 'lease_expires_at'])
    .execute();
}

/**
 * 0140: request-rate token buckets shared by every process on PostgreSQL (`@transmute/postgres`'s
 * rate-limit store); `refilled_at` is the database clock in epoch seconds. Unused on SQLite.
 */
async function createRateLimitBuckets(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_buckets')
    .addColumn('bucket_key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('refilled_at', 'double precision', (c) => c.notNull())
    .addColumn('allowed', 'boolean', (c) => c.notNull())
    .execute();
}

/** Every migration in order; names sort in application order. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_core': { up: createCore },
  '0002_files_jobs': { up: createFilesAndJobs },
  '0003_outputs': { up: createOutputs },
  '0004_webhooks': { up: createWebhooks },
  '0005_billing': { up: createBilling },
  '0006_delivery_replay': { up: addReplayColumn },
  // Owned by the webhook dispatcher (packages/service/src/webhooks/dispatcher).
  '0100_webhook_dispatch': webhookDispatchMigration,
  '0101_usage_totals': { up: createUsageTotals },
  '0102_storage_meters': { up: createStorageMeters },
  '0110_upload_and_blob_indexes': { up: createUploadAndBlobIndexes },
  '0120_idempotency_claim_id': { up: addIdempotencyClaimId },
  '0121_delivery_attempt_started_at': { up: addDeliveryAttemptStartedAt },
  '0130_job_traceparent': { up: addJobTraceparent },
  '0131_job_tasks': { up: createJobTasks },
  '0140_rate_limit_buckets': { up: createRateLimitBuckets },
  '0150_job_inputs': { up: addJobInputs },
  '0160_index_pages': { up: dropUnreadIndexEntries },
  '0170_queue_index': { up: keepQueueInWorkIndex },
  '0180_leased_index': { up: indexLeasedJobs },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * The migrator of a database. On PostgreSQL its bookkeeping tables live in the connection's
 * current schema: Kysely otherwise finds another schema's `kysely_migration` tables (another
 * application, another Transmute) and skips creating its own.
 */
export async function createMigrator(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<Migrator> {
  if (dialect === 'sqlite') return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return new Migrator({ db, provider, ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
}

/**
 * PostgreSQL's `invalid_schema_name`: Kysely's migrator looks for its table by listing the tables
 * of every schema, and that listing fails when another schema of the database is dropped meanwhile
 * (another application's, another Transmute's). Nothing was migrated then; the migration is tried
 * again. A schema of our own that is missing fails every try.
 */
const SCHEMA_DROPPED_MEANWHILE = '3F000';
const MIGRATION_TRIES = 5;

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const migrator = await createMigrator(db, dialect);
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (error === undefined) return;
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === SCHEMA_DROPPED_MEANWHILE && attempt < MIGRATION_TRIES) continue;
    throw error instanceof Error ? error : new Error('Migration failed.', { cause: error });
  }
}
