/**
 * Wire types of the v1 API, exactly as `spec/api-v1.md` and `CONTRACT.md` define them (snake_case).
 * These are the shapes that cross HTTP; TypeScript APIs elsewhere use camelCase.
 */

export type SourceType = 'text' | 'url' | 'files';
export type OutputFormat = 'markdown' | 'jsonl' | 'zip';
export type OutputProfile =
  | 'source_summary'
  | 'dataset_markdown'
  | 'schema_plan'
  | 'agent_context'
  | 'evaluation_markdown'
  | 'raw_source';
export type RetentionClass = 'ephemeral' | 'temporary' | 'account';
export type UsageUnit =
  | 'jobs'
  | 'uploaded_bytes'
  | 'input_bytes'
  | 'extracted_pages'
  | 'extracted_characters'
  | 'media_minutes'
  | 'enrichment_tokens'
  | 'stored_gigabyte_days'
  | 'output_bytes';
export type EventType =
  | 'job.queued'
  | 'job.processing'
  | 'job.succeeded'
  | 'job.failed'
  | 'job.canceled'
  | 'output.created'
  | 'file.rejected'
  | 'quota.warning'
  | 'quota.exceeded'
  | 'billing.usage_finalized'
  | 'billing.invoice_created'
  | 'billing.credit_created'
  | 'billing.refund_created'
  | 'billing.account_updated';
export type JobStage =
  | 'upload_validation'
  | 'source_acquisition'
  | 'scanning'
  | 'extraction'
  | 'transcription'
  | 'normalization'
  | 'chunking'
  | 'enrichment'
  | 'rendering'
  | 'packaging'
  | 'finalization';

export type FileStatus = 'pending_upload' | 'uploaded' | 'validating' | 'ready' | 'rejected' | 'expired';
export type JobStatus =
  'queued' | 'processing' | 'succeeded' | 'failed' | 'canceling' | 'canceled' | 'expired';
export type OutputStatus = 'queued' | 'processing' | 'succeeded' | 'failed' | 'expired';
export type WebhookEndpointStatus = 'active' | 'paused';
export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'retrying' | 'dead_letter';
export type Plan = 'metered_beta' | 'free' | 'developer' | 'team' | 'enterprise';
export type AccountStatus = 'active' | 'grace' | 'suspended' | 'canceled';
export type PluginId =
  | 'source.webpage'
  | 'source.audio_upload'
  | 'source.video_upload'
  | 'source.ocr'
  | 'renderer.dataset_artifacts'
  | 'source.repository_archive'
  | 'connector.drive'
  | 'orchestration.batch';
export type PluginKind = 'source_adapter' | 'output_renderer' | 'connector' | 'orchestrator';
export type PluginStatus = 'disabled' | 'beta' | 'general_availability';
export type CostUnit =
  'input_bytes' | 'extracted_characters' | 'media_minutes' | 'ocr_pages' | 'files' | 'sources';
export type Surface = 'web' | 'api' | 'cli' | 'mcp' | 'typescript_sdk' | 'python_sdk' | 'docs';

// ---- request bodies ----

export interface TextSource {
  type: 'text';
  content: string;
  title?: string;
  source_url?: string;
}
export interface UrlSource {
  type: 'url';
  url: string;
  resolver_preferences?: { allow_audio_transcription?: boolean; preferred_language?: string };
}
export interface FilesSource {
  type: 'files';
  file_ids: string[];
}
export type Source = TextSource | UrlSource | FilesSource;

export interface OutputOptions {
  profile: OutputProfile;
  format?: OutputFormat;
  include_raw_source?: boolean;
  language?: string;
}
export interface Retention {
  class: RetentionClass;
}
export interface CreateJobRequest {
  source: Source;
  output: OutputOptions;
  retention?: Retention;
}
export interface CreateJobOutputRequest {
  output: OutputOptions;
}
export interface CreateUploadIntentRequest {
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
}
export interface CompleteUploadRequest {
  size_bytes: number;
  sha256: string;
}
export interface CreateWebhookEndpointRequest {
  url: string;
  description?: string;
  events: EventType[];
}
export interface UpdateWebhookEndpointRequest {
  url?: string;
  description?: string;
  events?: EventType[];
}

// ---- resources ----

export interface FileResource {
  id: string;
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  status: FileStatus;
  warnings: string[];
  created_at: string;
  expires_at: string | null;
}
export interface UploadIntent {
  file_id: string;
  upload_url: string;
  upload_method: 'PUT';
  upload_headers: Record<string, string>;
  expires_at: string;
}
export interface JobProgress {
  stage: JobStage | null;
  percent: number;
  detail: string | null;
}
export interface UsageQuantity {
  unit: UsageUnit;
  quantity: number;
}
export interface UsageEstimate {
  quantities: UsageQuantity[];
  estimated_cost_microusd: number;
  currency: 'USD';
  confidence: 'low' | 'medium' | 'high';
}
export interface Job {
  id: string;
  status: JobStatus;
  progress: JobProgress;
  source_type: SourceType;
  output_ids: string[];
  warnings: string[];
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  usage_estimate?: UsageEstimate;
}
export interface ManifestFile {
  file_id: string;
  name: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  expires_at: string | null;
  download_url: string;
}
export interface OutputManifest {
  manifest_version: 1;
  files: ManifestFile[];
  total_size_bytes: number;
}
export interface Output {
  id: string;
  job_id: string;
  status: OutputStatus;
  profile: OutputProfile;
  format: OutputFormat;
  language: string;
  warnings: string[];
  manifest: OutputManifest | null;
  created_at: string;
  completed_at: string | null;
}
export interface PageInfo {
  next_cursor: string | null;
  has_more: boolean;
}
export interface Page<TItem> {
  data: TItem[];
  page: PageInfo;
}
export type JobList = Page<Job>;
export type OutputList = Page<Output>;
export type WebhookEndpointList = Page<WebhookEndpoint>;
export type WebhookDeliveryList = Page<WebhookDelivery>;

/** CONTRACT §9: one page of an output's primary artifact. */
export interface OutputContentPage {
  output_id: string;
  format: OutputFormat;
  media_type: string;
  data: string;
  page: PageInfo;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: EventType[];
  status: WebhookEndpointStatus;
  secret_last_four: string;
  created_at: string;
  updated_at: string;
}
/** createWebhookEndpoint response: the endpoint plus the one-time full secret. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}
/** rotateWebhookEndpointSecret response. */
export interface RotatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
  previous_secret_expires_at: string | null;
}
export interface WebhookDelivery {
  id: string;
  event_id: string;
  endpoint_id: string;
  event_type: EventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_preview: string | null;
  last_error_code: string | null;
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
}
export interface UsageUnitLine {
  unit: UsageUnit;
  estimated: number;
  pending: number;
  finalized: number;
  credited: number;
  billable: number;
}
export interface UsageCosts {
  currency: 'USD';
  provider_cost_microusd: number;
  internal_cost_microusd: number;
  billable_cost_microusd: number;
  credits_microusd: number;
  refunds_microusd: number;
  net_due_microusd: number;
}
export interface UsageLimits {
  jobs: number;
  input_bytes: number;
  concurrency: number;
  spend_cap_microusd: number | null;
}
export interface Usage {
  period_start: string;
  period_end: string;
  jobs_created: number;
  input_bytes: number;
  output_bytes: number;
  plan: Plan;
  account_status: AccountStatus;
  units: UsageUnitLine[];
  costs: UsageCosts;
  warnings: string[];
  limits: UsageLimits;
}
export interface CapabilityPlugin {
  id: PluginId;
  kind: PluginKind;
  status: PluginStatus;
  canonical_identifier: string;
  use_case: string;
  media_types: string[];
  output_formats: OutputFormat[];
  cost_unit: CostUnit;
  limits: Record<string, number>;
  quality_threshold: number;
  surfaces: Surface[];
}
export interface Capabilities {
  api_version: 'v1';
  source_types: SourceType[];
  file_media_types: string[];
  output_profiles: OutputProfile[];
  /** Beyond the spec (additive): what each profile is for. */
  output_profile_descriptions?: Record<OutputProfile, string>;
  output_formats: OutputFormat[];
  languages: string[];
  plugins: CapabilityPlugin[];
  limits: { maximum_file_bytes: number; maximum_files_per_job: number; maximum_text_characters: number };
}

// ---- errors and events ----

export interface FieldError {
  field: string;
  code: FieldErrorCode;
  detail: string;
}
export type FieldErrorCode =
  | 'required'
  | 'invalid_type'
  | 'invalid_value'
  | 'too_short'
  | 'too_long'
  | 'too_small'
  | 'too_large'
  | 'too_few_items'
  | 'too_many_items'
  | 'duplicate_item'
  | 'invalid_format'
  | 'unknown_field'
  | 'not_found'
  | 'not_ready'
  | 'url_not_allowed'
  | 'unsupported';
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  request_id: string;
  retryable: boolean;
  field_errors?: FieldError[];
}
/** CONTRACT §10 webhook envelope. */
export interface EventEnvelope<TObject = unknown> {
  id: string;
  type: EventType;
  timestamp: string;
  api_version: 'v1';
  data: { object: TObject };
  test?: true;
}
