import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, RESOURCE_SCHEMAS, validateResource, type ResourceName } from '../src/index.js';
import { RESOURCE_EXAMPLES, T0 } from './examples.js';
import { change, REMOVE } from './mutate.js';

type Case = [description: string, path: string, value: unknown, field: string, code: string];

const CASES: Partial<Record<ResourceName, Case[]>> = {
  File: [
    ['id of another kind', 'id', 'job_8Jd93kLmQz01xY', 'id', 'invalid_format'],
    ['negative size', 'size_bytes', -1, 'size_bytes', 'too_small'],
    ['bad digest', 'sha256', 'abc', 'sha256', 'invalid_format'],
    ['unknown status', 'status', 'done', 'status', 'invalid_value'],
    ['timestamp not date-time', 'created_at', 'yesterday', 'created_at', 'invalid_format'],
    ['warnings not strings', 'warnings', [1], 'warnings[0]', 'invalid_type'],
  ],
  UploadIntent: [
    ['method not PUT', 'upload_method', 'POST', 'upload_method', 'invalid_value'],
    [
      'header value not a string',
      'upload_headers',
      { 'Content-Length': 5 },
      'upload_headers["Content-Length"]',
      'invalid_type',
    ],
  ],
  Job: [
    ['percent over 100', 'progress.percent', 101, 'progress.percent', 'too_large'],
    ['percent negative', 'progress.percent', -1, 'progress.percent', 'too_small'],
    ['unknown stage', 'progress.stage', 'thinking', 'progress.stage', 'invalid_value'],
    ['progress.detail missing', 'progress.detail', REMOVE, 'progress.detail', 'required'],
    ['output id malformed', 'output_ids', ['job_Q2w3E4r5T6y7U8'], 'output_ids[0]', 'invalid_format'],
    ['estimate in EUR', 'usage_estimate.currency', 'EUR', 'usage_estimate.currency', 'invalid_value'],
    [
      'estimate confidence unknown',
      'usage_estimate.confidence',
      'certain',
      'usage_estimate.confidence',
      'invalid_value',
    ],
    [
      'negative quantity',
      'usage_estimate.quantities[0].quantity',
      -1,
      'usage_estimate.quantities[0].quantity',
      'too_small',
    ],
    [
      'estimate missing quantities',
      'usage_estimate.quantities',
      REMOVE,
      'usage_estimate.quantities',
      'required',
    ],
  ],
  Output: [
    ['language too short', 'language', 'e', 'language', 'too_short'],
    ['manifest without files', 'manifest.files', [], 'manifest.files', 'too_few_items'],
    ['manifest version 2', 'manifest.manifest_version', 2, 'manifest.manifest_version', 'invalid_value'],
    [
      'artifact id malformed',
      'manifest.files[0].file_id',
      'file_8Jd93kLmQz01xY',
      'manifest.files[0].file_id',
      'invalid_format',
    ],
    ['artifact name empty', 'manifest.files[0].name', '', 'manifest.files[0].name', 'too_short'],
    [
      'artifact media type short',
      'manifest.files[0].media_type',
      'a/',
      'manifest.files[0].media_type',
      'too_short',
    ],
    [
      'download_url not a URI',
      'manifest.files[0].download_url',
      'nope',
      'manifest.files[0].download_url',
      'invalid_format',
    ],
  ],
  OutputList: [
    ['empty cursor', 'page.next_cursor', '', 'page.next_cursor', 'too_short'],
    ['cursor over 512', 'page.next_cursor', 'c'.repeat(513), 'page.next_cursor', 'too_long'],
    ['has_more missing', 'page.has_more', REMOVE, 'page.has_more', 'required'],
    ['item invalid', 'data[0].status', 'lost', 'data[0].status', 'invalid_value'],
  ],
  OutputContentPage: [['format unknown', 'format', 'pdf', 'format', 'invalid_value']],
  WebhookEndpoint: [
    ['description over 200', 'description', 'd'.repeat(201), 'description', 'too_long'],
    ['events over 14', 'events', [...EVENT_TYPES, 'job.queued'], 'events', 'too_many_items'],
    ['events empty', 'events', [], 'events', 'too_few_items'],
    ['secret_last_four of 3', 'secret_last_four', 'abc', 'secret_last_four', 'too_short'],
    ['secret_last_four of 5', 'secret_last_four', 'abcde', 'secret_last_four', 'too_long'],
    ['full secret leaked', 'secret', 'whsec_abc', 'secret', 'unknown_field'],
  ],
  WebhookEndpointWithSecret: [['secret without prefix', 'secret', 'abc', 'secret', 'invalid_format']],
  RotatedWebhookEndpoint: [
    [
      'previous expiry missing',
      'previous_secret_expires_at',
      REMOVE,
      'previous_secret_expires_at',
      'required',
    ],
  ],
  WebhookDelivery: [
    ['status code 99', 'response_status', 99, 'response_status', 'too_small'],
    ['status code 600', 'response_status', 600, 'response_status', 'too_large'],
    ['preview over 512', 'response_preview', 'p'.repeat(513), 'response_preview', 'too_long'],
    ['error code over 100', 'last_error_code', 'e'.repeat(101), 'last_error_code', 'too_long'],
    ['negative attempts', 'attempts', -1, 'attempts', 'too_small'],
    ['event id malformed', 'event_id', 'evt_short', 'event_id', 'invalid_format'],
  ],
  Usage: [
    ['unknown plan', 'plan', 'gold', 'plan', 'invalid_value'],
    ['zero concurrency', 'limits.concurrency', 0, 'limits.concurrency', 'too_small'],
    ['negative spend cap', 'limits.spend_cap_microusd', -1, 'limits.spend_cap_microusd', 'too_small'],
    ['costs in EUR', 'costs.currency', 'EUR', 'costs.currency', 'invalid_value'],
    ['negative billable', 'units[0].billable', -1, 'units[0].billable', 'too_small'],
  ],
  Capabilities: [
    ['api version v2', 'api_version', 'v2', 'api_version', 'invalid_value'],
    ['quality over 1', 'plugins[0].quality_threshold', 1.5, 'plugins[0].quality_threshold', 'too_large'],
    [
      'identifier too short',
      'plugins[0].canonical_identifier',
      'ab',
      'plugins[0].canonical_identifier',
      'too_short',
    ],
    ['use case too short', 'plugins[0].use_case', 'short', 'plugins[0].use_case', 'too_short'],
    [
      'negative plugin limit',
      'plugins[0].limits.maximum_bytes',
      -1,
      'plugins[0].limits.maximum_bytes',
      'too_small',
    ],
    ['zero file limit', 'limits.maximum_file_bytes', 0, 'limits.maximum_file_bytes', 'too_small'],
    ['unknown surface', 'plugins[0].surfaces', ['fax'], 'plugins[0].surfaces[0]', 'invalid_value'],
  ],
  Problem: [
    ['status 399', 'status', 399, 'status', 'too_small'],
    ['code with capitals', 'code', 'Bad_Code', 'code', 'invalid_format'],
    ['request id short', 'request_id', 'req_1', 'request_id', 'too_short'],
    ['empty title', 'title', '', 'title', 'too_short'],
    ['type not a URI', 'type', 'validation failed', 'type', 'invalid_format'],
    ['empty field name', 'field_errors[0].field', '', 'field_errors[0].field', 'too_short'],
    ['unknown field code', 'field_errors[0].code', 'bad', 'field_errors[0].code', 'invalid_value'],
  ],
  EventEnvelope: [
    ['api version v2', 'api_version', 'v2', 'api_version', 'invalid_value'],
    ['unknown event type', 'type', 'job.done', 'type', 'invalid_value'],
    ['data without object', 'data', {}, 'data.object', 'required'],
    ['test false', 'test', false, 'test', 'invalid_value'],
  ],
};

/** Further violations of the spec's resource tables. */
const MORE_CASES: Partial<Record<ResourceName, Case[]>> = {
  Job: [
    [
      'negative estimated cost',
      'usage_estimate.estimated_cost_microusd',
      -1,
      'usage_estimate.estimated_cost_microusd',
      'too_small',
    ],
    [
      'fractional estimated cost',
      'usage_estimate.estimated_cost_microusd',
      1.5,
      'usage_estimate.estimated_cost_microusd',
      'invalid_type',
    ],
    [
      'unknown usage unit',
      'usage_estimate.quantities[0].unit',
      'tokens',
      'usage_estimate.quantities[0].unit',
      'invalid_value',
    ],
    ['unknown source type', 'source_type', 'pdf', 'source_type', 'invalid_value'],
    ['unknown job status', 'status', 'done', 'status', 'invalid_value'],
  ],
  Output: [
    ['negative total size', 'manifest.total_size_bytes', -1, 'manifest.total_size_bytes', 'too_small'],
    [
      'negative artifact size',
      'manifest.files[0].size_bytes',
      -1,
      'manifest.files[0].size_bytes',
      'too_small',
    ],
    [
      'artifact digest invalid',
      'manifest.files[0].sha256',
      'x'.repeat(64),
      'manifest.files[0].sha256',
      'invalid_format',
    ],
    [
      'artifact name over 255',
      'manifest.files[0].name',
      'n'.repeat(256),
      'manifest.files[0].name',
      'too_long',
    ],
    [
      'artifact media type over 150',
      'manifest.files[0].media_type',
      'm'.repeat(151),
      'manifest.files[0].media_type',
      'too_long',
    ],
    [
      'artifact expiry not a date-time',
      'manifest.files[0].expires_at',
      'soon',
      'manifest.files[0].expires_at',
      'invalid_format',
    ],
    ['language over 35', 'language', 'l'.repeat(36), 'language', 'too_long'],
    ['unknown output status', 'status', 'done', 'status', 'invalid_value'],
    ['unknown profile', 'profile', 'summary', 'profile', 'invalid_value'],
    ['job id malformed', 'job_id', 'job_1', 'job_id', 'invalid_format'],
  ],
  OutputContentPage: [
    ['output id malformed', 'output_id', 'out_1', 'output_id', 'invalid_format'],
    ['data not a string', 'data', 5, 'data', 'invalid_type'],
  ],
  WebhookEndpoint: [
    ['unknown status', 'status', 'disabled', 'status', 'invalid_value'],
    ['url not a URI', 'url', 'hooks', 'url', 'invalid_format'],
    ['unknown event', 'events', ['job.done'], 'events[0]', 'invalid_value'],
  ],
  WebhookDelivery: [
    ['endpoint id malformed', 'endpoint_id', 'whd_Rt56Yu78Io90Pa', 'endpoint_id', 'invalid_format'],
    ['unknown delivery status', 'status', 'failed', 'status', 'invalid_value'],
    ['unknown event type', 'event_type', 'job.done', 'event_type', 'invalid_value'],
  ],
  Usage: [
    ['negative estimated', 'units[0].estimated', -1, 'units[0].estimated', 'too_small'],
    ['unknown unit', 'units[0].unit', 'pages', 'units[0].unit', 'invalid_value'],
    ['negative jobs created', 'jobs_created', -1, 'jobs_created', 'too_small'],
    ['negative input bytes', 'input_bytes', -1, 'input_bytes', 'too_small'],
    ['negative output bytes', 'output_bytes', -1, 'output_bytes', 'too_small'],
    ['unknown account status', 'account_status', 'closed', 'account_status', 'invalid_value'],
    ['negative net due', 'costs.net_due_microusd', -1, 'costs.net_due_microusd', 'too_small'],
    [
      'fractional provider cost',
      'costs.provider_cost_microusd',
      0.5,
      'costs.provider_cost_microusd',
      'invalid_type',
    ],
    ['negative jobs limit', 'limits.jobs', -1, 'limits.jobs', 'too_small'],
  ],
  Capabilities: [
    ['unknown plugin id', 'plugins[0].id', 'source.fax', 'plugins[0].id', 'invalid_value'],
    ['unknown plugin kind', 'plugins[0].kind', 'filter', 'plugins[0].kind', 'invalid_value'],
    ['unknown plugin status', 'plugins[0].status', 'alpha', 'plugins[0].status', 'invalid_value'],
    ['unknown cost unit', 'plugins[0].cost_unit', 'tokens', 'plugins[0].cost_unit', 'invalid_value'],
    [
      'identifier too long',
      'plugins[0].canonical_identifier',
      'i'.repeat(101),
      'plugins[0].canonical_identifier',
      'too_long',
    ],
    ['use case too long', 'plugins[0].use_case', 'u'.repeat(301), 'plugins[0].use_case', 'too_long'],
    ['negative quality', 'plugins[0].quality_threshold', -0.1, 'plugins[0].quality_threshold', 'too_small'],
    [
      'unknown plugin output format',
      'plugins[0].output_formats',
      ['pdf'],
      'plugins[0].output_formats[0]',
      'invalid_value',
    ],
    ['zero files per job', 'limits.maximum_files_per_job', 0, 'limits.maximum_files_per_job', 'too_small'],
    [
      'zero text characters',
      'limits.maximum_text_characters',
      0,
      'limits.maximum_text_characters',
      'too_small',
    ],
    ['unknown source type', 'source_types', ['ftp'], 'source_types[0]', 'invalid_value'],
    ['unknown output profile', 'output_profiles', ['x'], 'output_profiles[0]', 'invalid_value'],
  ],
  Problem: [
    ['status 600', 'status', 600, 'status', 'too_large'],
    ['empty detail', 'detail', '', 'detail', 'too_short'],
    ['request id over 128', 'request_id', 'r'.repeat(129), 'request_id', 'too_long'],
    ['retryable not boolean', 'retryable', 'no', 'retryable', 'invalid_type'],
    ['empty field error detail', 'field_errors[0].detail', '', 'field_errors[0].detail', 'too_short'],
  ],
  EventEnvelope: [
    ['event id malformed', 'id', 'evt_1', 'id', 'invalid_format'],
    ['timestamp not a date-time', 'timestamp', '1614265330', 'timestamp', 'invalid_format'],
  ],
};

describe('resource schemas', () => {
  for (const name of Object.keys(RESOURCE_SCHEMAS) as ResourceName[]) {
    describe(name, () => {
      const example = RESOURCE_EXAMPLES[name];
      it('accepts a realistic example', () => {
        expect(validateResource(name, example)).toEqual([]);
      });
      const required = RESOURCE_SCHEMAS[name].required ?? [];
      it.each(required)('requires %s', (field) => {
        expect(validateResource(name, change(example, field, REMOVE))).toContainEqual(
          expect.objectContaining({ field, code: 'required' }),
        );
      });
      it('rejects an unknown property only in strict mode', () => {
        const extended = { ...example, unexpected: 1 };
        expect(validateResource(name, extended)).toContainEqual(
          expect.objectContaining({ field: 'unexpected', code: 'unknown_field' }),
        );
        expect(validateResource(name, extended, { strict: false })).toEqual([]);
      });
      const cases = [...(CASES[name] ?? []), ...(MORE_CASES[name] ?? [])];
      if (cases.length > 0) {
        it.each(cases)('rejects %s', (_description, path, value, field, code) => {
          const errors = validateResource(name, change(example, path, value));
          expect(errors.map((e) => ({ field: e.field, code: e.code }))).toContainEqual({ field, code });
        });
      }
    });
  }

  it('accepts null in every nullable field', () => {
    expect(validateResource('File', { ...RESOURCE_EXAMPLES.File, expires_at: null })).toEqual([]);
    expect(
      validateResource('Output', { ...RESOURCE_EXAMPLES.Output, manifest: null, completed_at: null }),
    ).toEqual([]);
    const { usage_estimate: _omitted, ...jobWithoutEstimate } = RESOURCE_EXAMPLES.Job;
    expect(
      validateResource('Job', { ...jobWithoutEstimate, progress: { stage: null, percent: 0, detail: null } }),
    ).toEqual([]);
    expect(
      validateResource('WebhookDelivery', {
        ...RESOURCE_EXAMPLES.WebhookDelivery,
        response_status: null,
        response_preview: null,
        last_error_code: null,
        next_attempt_at: null,
        completed_at: T0,
      }),
    ).toEqual([]);
  });

  it('accepts a test event envelope', () => {
    expect(validateResource('EventEnvelope', { ...RESOURCE_EXAMPLES.EventEnvelope, test: true })).toEqual([]);
  });
});
