import type {
  EventType,
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
export const RETENTION_CLASSES = ['ephemeral', 'temporary', 'account'] as const satisfies readonly RetentionClass[];
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
