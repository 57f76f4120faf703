import type {
  AccountStatus,
  CostUnit,
  EventType,
  FieldErrorCode,
  FileStatus,
  JobStatus,
  OutputStatus,
  Plan,
  PluginId,
  PluginKind,
  PluginStatus,
  Surface,
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
  JobStage,
  OutputFormat,
  OutputProfile,
  RetentionClass,
  SourceType,
  UsageUnit,
} from './wire-types.js';

/** Every value of the spec's enumerations, in the spec's order (runtime lists for validation and docs). */
export const SOURCE_TYPES = ['text', 'url', 'files'] as const satisfies readonly SourceType[];
export const OUTPUT_FORMATS = ['markdown', 'jsonl', 'zip'] as const satisfies readonly OutputFormat[];
export const OUTPUT_PROFILES = [
  'source_summary',
  'dataset_markdown',
  'schema_plan',
  'agent_context',
  'evaluation_markdown',
  'raw_source',
] as const satisfies readonly OutputProfile[];
export const RETENTION_CLASSES = [
  'ephemeral',
  'temporary',
  'account',
] as const satisfies readonly RetentionClass[];
export const USAGE_UNITS = [
  'jobs',
  'uploaded_bytes',
  'input_bytes',
  'extracted_pages',
  'extracted_characters',
  'media_minutes',
  'enrichment_tokens',
  'stored_gigabyte_days',
  'output_bytes',
] as const satisfies readonly UsageUnit[];
export const EVENT_TYPES = [
  'job.queued',
  'job.processing',
  'job.succeeded',
  'job.failed',
  'job.canceled',
  'output.created',
  'file.rejected',
  'quota.warning',
  'quota.exceeded',
  'billing.usage_finalized',
  'billing.invoice_created',
  'billing.credit_created',
  'billing.refund_created',
  'billing.account_updated',
] as const satisfies readonly EventType[];
export const JOB_STAGES = [
  'upload_validation',
  'source_acquisition',
  'scanning',
  'extraction',
  'transcription',
  'normalization',
  'chunking',
  'enrichment',
  'rendering',
  'packaging',
  'finalization',
] as const satisfies readonly JobStage[];

/** Identifier prefixes of the spec's resources (`<prefix>_` + 12 or more of `A-Za-z0-9_-`). */
export const ID_PREFIXES = {
  file: 'file',
  job: 'job',
  output: 'out',
  artifact: 'artifact',
  webhookEndpoint: 'wh',
  webhookDelivery: 'whd',
  event: 'evt',
} as const;
export type ResourceKind = keyof typeof ID_PREFIXES;

/** Spec limits, also reported by getCapabilities. */
export const SPEC_LIMITS = {
  maximumTextCharacters: 2_000_000,
  maximumFilesPerJob: 20,
  maximumFileBytes: 104_857_600,
} as const;

/** File statuses (spec "File"). */
export const FILE_STATUSES = [
  'pending_upload',
  'uploaded',
  'validating',
  'ready',
  'rejected',
  'expired',
] as const satisfies readonly FileStatus[];
/** Job statuses (spec "Job"); also the values of listJobs' `status` filter. */
export const JOB_STATUSES = [
  'queued',
  'processing',
  'succeeded',
  'failed',
  'canceling',
  'canceled',
  'expired',
] as const satisfies readonly JobStatus[];
/** Output statuses (spec "Output"). */
export const OUTPUT_STATUSES = [
  'queued',
  'processing',
  'succeeded',
  'failed',
  'expired',
] as const satisfies readonly OutputStatus[];
/** Webhook endpoint statuses. */
export const WEBHOOK_ENDPOINT_STATUSES = [
  'active',
  'paused',
] as const satisfies readonly WebhookEndpointStatus[];
/** Webhook delivery statuses; also the values of listWebhookDeliveries' `status` filter. */
export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'delivering',
  'succeeded',
  'retrying',
  'dead_letter',
] as const satisfies readonly WebhookDeliveryStatus[];
/** Account plans (usage `plan`). */
export const PLANS = [
  'metered_beta',
  'free',
  'developer',
  'team',
  'enterprise',
] as const satisfies readonly Plan[];
/** Account statuses (usage `account_status`). */
export const ACCOUNT_STATUSES = [
  'active',
  'grace',
  'suspended',
  'canceled',
] as const satisfies readonly AccountStatus[];
/** Plugin ids of the capabilities plugin entries. */
export const PLUGIN_IDS = [
  'source.webpage',
  'source.audio_upload',
  'source.video_upload',
  'source.ocr',
  'renderer.dataset_artifacts',
  'source.repository_archive',
  'connector.drive',
  'orchestration.batch',
] as const satisfies readonly PluginId[];
/** Plugin kinds. */
export const PLUGIN_KINDS = [
  'source_adapter',
  'output_renderer',
  'connector',
  'orchestrator',
] as const satisfies readonly PluginKind[];
/** Plugin statuses. */
export const PLUGIN_STATUSES = [
  'disabled',
  'beta',
  'general_availability',
] as const satisfies readonly PluginStatus[];
/** Plugin cost units. */
export const COST_UNITS = [
  'input_bytes',
  'extracted_characters',
  'media_minutes',
  'ocr_pages',
  'files',
  'sources',
] as const satisfies readonly CostUnit[];
/** Surfaces a plugin is offered on. */
export const SURFACES = [
  'web',
  'api',
  'cli',
  'mcp',
  'typescript_sdk',
  'python_sdk',
  'docs',
] as const satisfies readonly Surface[];
/** Codes of `field_errors[].code` (CONTRACT §3). */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_type',
  'invalid_value',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  'too_few_items',
  'too_many_items',
  'duplicate_item',
  'invalid_format',
  'unknown_field',
  'not_found',
  'not_ready',
  'url_not_allowed',
  'unsupported',
] as const satisfies readonly FieldErrorCode[];
