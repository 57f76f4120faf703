import type {
  Capabilities,
  CreateJobRequest,
  EventEnvelope,
  FileResource,
  Job,
  Output,
  OutputContentPage,
  Problem,
  RotatedWebhookEndpoint,
  UploadIntent,
  Usage,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../src/index.js';
import type { RequestBodyTypes, ResourceTypes } from '../src/index.js';

/** Realistic, valid values of every request body and resource (typed by the wire types). */
export const SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const T0 = '2026-11-22T10:15:30Z';
export const T1 = '2026-11-22T10:16:02.125+00:00';

const createJob: CreateJobRequest = {
  source: { type: 'text', content: '# Quarterly report\n\nRevenue grew 12 %.', title: 'Q3 report' },
  output: { profile: 'dataset_markdown', format: 'jsonl', language: 'en', include_raw_source: false },
  retention: { class: 'temporary' },
};

export const REQUEST_EXAMPLES: { [K in keyof RequestBodyTypes]: RequestBodyTypes[K] } = {
  CreateJobRequest: createJob,
  CreateJobOutputRequest: { output: { profile: 'source_summary' } },
  CreateUploadIntentRequest: {
    name: 'report.pdf',
    media_type: 'application/pdf',
    size_bytes: 48213,
    sha256: SHA,
  },
  CompleteUploadRequest: { size_bytes: 48213, sha256: SHA },
  CreateWebhookEndpointRequest: {
    url: 'https://hooks.example.com/transmute',
    description: 'Production receiver',
    events: ['job.succeeded', 'job.failed'],
  },
  UpdateWebhookEndpointRequest: { description: 'Renamed' },
};

const file: FileResource = {
  id: 'file_8Jd93kLmQz01xY',
  name: 'report.pdf',
  media_type: 'application/pdf',
  size_bytes: 48213,
  sha256: SHA,
  status: 'ready',
  warnings: [],
  created_at: T0,
  expires_at: null,
};
const uploadIntent: UploadIntent = {
  file_id: 'file_8Jd93kLmQz01xY',
  upload_url: 'https://api.example.com/uploads/tok_abcdef',
  upload_method: 'PUT',
  upload_headers: { 'Content-Type': 'application/pdf' },
  expires_at: T1,
};
const job: Job = {
  id: 'job_Q2w3E4r5T6y7U8',
  status: 'processing',
  progress: { stage: 'extraction', percent: 40, detail: 'page 3 of 12' },
  source_type: 'files',
  output_ids: ['out_Z9x8C7v6B5n4M3'],
  warnings: [],
  created_at: T0,
  updated_at: T1,
  expires_at: null,
  usage_estimate: {
    quantities: [{ unit: 'input_bytes', quantity: 48213 }],
    estimated_cost_microusd: 1200,
    currency: 'USD',
    confidence: 'medium',
  },
};
const output: Output = {
  id: 'out_Z9x8C7v6B5n4M3',
  job_id: 'job_Q2w3E4r5T6y7U8',
  status: 'succeeded',
  profile: 'dataset_markdown',
  format: 'zip',
  language: 'en',
  warnings: [],
  manifest: {
    manifest_version: 1,
    files: [
      {
        file_id: 'artifact_a1b2c3d4e5f6g7',
        name: 'dataset.jsonl',
        media_type: 'application/jsonl',
        size_bytes: 9211,
        sha256: SHA,
        expires_at: '2026-11-29T10:16:02Z',
        download_url: 'https://api.example.com/artifacts/tok_123',
      },
    ],
    total_size_bytes: 9211,
  },
  created_at: T0,
  completed_at: T1,
};
const contentPage: OutputContentPage = {
  output_id: 'out_Z9x8C7v6B5n4M3',
  format: 'markdown',
  media_type: 'text/markdown; charset=utf-8',
  data: '# Title\n\nBody.\n',
  page: { next_cursor: 'eyJwIjoxfQ', has_more: true },
};
const endpoint: WebhookEndpoint = {
  id: 'wh_Hk29sLq0Pz7mNb',
  url: 'https://hooks.example.com/transmute',
  description: '',
  events: ['job.succeeded'],
  status: 'active',
  secret_last_four: 'a9Z+',
  created_at: T0,
  updated_at: T0,
};
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const endpointWithSecret: WebhookEndpointWithSecret = { ...endpoint, secret };
const rotated: RotatedWebhookEndpoint = { ...endpoint, secret, previous_secret_expires_at: T1 };
const delivery: WebhookDelivery = {
  id: 'whd_Rt56Yu78Io90Pa',
  event_id: 'evt_Lk12Jh34Gf56Ds',
  endpoint_id: 'wh_Hk29sLq0Pz7mNb',
  event_type: 'job.succeeded',
  status: 'retrying',
  attempts: 2,
  response_status: 503,
  response_preview: 'upstream unavailable',
  last_error_code: 'http_error',
  next_attempt_at: T1,
  created_at: T0,
  completed_at: null,
};
const usage: Usage = {
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  jobs_created: 12,
  input_bytes: 1048576,
  output_bytes: 52000,
  plan: 'developer',
  account_status: 'active',
  units: [{ unit: 'jobs', estimated: 0, pending: 1, finalized: 11, credited: 0, billable: 11 }],
  costs: {
    currency: 'USD',
    provider_cost_microusd: 0,
    internal_cost_microusd: 150,
    billable_cost_microusd: 2200,
    credits_microusd: 0,
    refunds_microusd: 0,
    net_due_microusd: 2200,
  },
  warnings: [],
  limits: { jobs: 1000, input_bytes: 21474836480, concurrency: 4, spend_cap_microusd: null },
};
const capabilities: Capabilities = {
  api_version: 'v1',
  source_types: ['text', 'url', 'files'],
  file_media_types: ['text/plain', 'application/pdf'],
  output_profiles: ['raw_source', 'source_summary'],
  output_formats: ['markdown', 'jsonl', 'zip'],
  languages: ['en', 'de'],
  plugins: [
    {
      id: 'source.webpage',
      kind: 'source_adapter',
      status: 'disabled',
      canonical_identifier: 'webpage.v1',
      use_case: 'Convert a public web page into markdown.',
      media_types: ['text/html', 'application/xhtml+xml'],
      output_formats: [],
      cost_unit: 'extracted_characters',
      limits: { maximum_bytes: 5000000, maximum_redirects: 5, timeout_seconds: 20 },
      quality_threshold: 0.8,
      surfaces: ['api', 'cli', 'mcp', 'typescript_sdk'],
    },
  ],
  limits: { maximum_file_bytes: 104857600, maximum_files_per_job: 20, maximum_text_characters: 2000000 },
};
const problem: Problem = {
  type: 'https://docs.example.com/problems/validation_failed',
  title: 'Validation failed',
  status: 422,
  code: 'validation_failed',
  detail: 'The request has an invalid field: output.profile.',
  request_id: 'req_4f9Qm2ZxT7bLk8Wc1VdN3sYa',
  retryable: false,
  field_errors: [{ field: 'output.profile', code: 'invalid_value', detail: 'Must be one of …' }],
};
const envelope: EventEnvelope = {
  id: 'evt_Lk12Jh34Gf56Ds',
  type: 'job.succeeded',
  timestamp: T1,
  api_version: 'v1',
  data: { object: job },
};

export const RESOURCE_EXAMPLES: { [K in keyof ResourceTypes]: ResourceTypes[K] } = {
  Capabilities: capabilities,
  File: file,
  UploadIntent: uploadIntent,
  Job: job,
  JobList: { data: [job], page: { next_cursor: null, has_more: false } },
  Output: output,
  OutputList: { data: [output], page: { next_cursor: 'abc', has_more: true } },
  OutputContentPage: contentPage,
  Usage: usage,
  WebhookEndpoint: endpoint,
  WebhookEndpointWithSecret: endpointWithSecret,
  RotatedWebhookEndpoint: rotated,
  WebhookEndpointList: { data: [endpoint], page: { next_cursor: null, has_more: false } },
  WebhookDelivery: delivery,
  WebhookDeliveryList: { data: [delivery], page: { next_cursor: null, has_more: false } },
  Problem: problem,
  EventEnvelope: envelope,
};
