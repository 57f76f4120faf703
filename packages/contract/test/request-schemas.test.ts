import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, validateRequestBody, type RequestBodyName } from '../src/index.js';
import { REQUEST_EXAMPLES, SHA } from './examples.js';
import { change, REMOVE } from './mutate.js';

type Case = [description: string, path: string, value: unknown, field: string, code: string];

const urlSource = {
  type: 'url',
  url: 'https://example.com/a',
  resolver_preferences: { preferred_language: 'en' },
};
const filesSource = { type: 'files', file_ids: ['file_8Jd93kLmQz01xY'] };
const ids = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `file_${String(i).padStart(12, '0')}`);

const CASES: Record<RequestBodyName, Case[]> = {
  CreateJobRequest: [
    ['source missing', 'source', REMOVE, 'source', 'required'],
    ['output missing', 'output', REMOVE, 'output', 'required'],
    ['unknown top-level field', 'organization_id', 'org_1', 'organization_id', 'unknown_field'],
    ['source not an object', 'source', 'text', 'source', 'invalid_type'],
    ['source.type missing', 'source.type', REMOVE, 'source.type', 'required'],
    ['source.type unknown', 'source.type', 'pdf', 'source.type', 'invalid_value'],
    ['source.type not a string', 'source.type', 7, 'source.type', 'invalid_type'],
    ['content missing', 'source.content', REMOVE, 'source.content', 'required'],
    ['content empty', 'source.content', '', 'source.content', 'too_short'],
    ['content over 2000000', 'source.content', 'x'.repeat(2_000_001), 'source.content', 'too_long'],
    ['content not a string', 'source.content', 42, 'source.content', 'invalid_type'],
    ['title empty', 'source.title', '', 'source.title', 'too_short'],
    ['title over 300', 'source.title', 't'.repeat(301), 'source.title', 'too_long'],
    ['source_url not a URI', 'source.source_url', 'not a uri', 'source.source_url', 'invalid_format'],
    [
      'unknown text source field',
      'source.file_ids',
      ['file_8Jd93kLmQz01xY'],
      'source.file_ids',
      'unknown_field',
    ],
    ['url missing', 'source', { type: 'url' }, 'source.url', 'required'],
    ['url not a URI', 'source', { ...urlSource, url: 'example dot com' }, 'source.url', 'invalid_format'],
    [
      'unknown resolver preference',
      'source',
      { ...urlSource, resolver_preferences: { proxy: true } },
      'source.resolver_preferences.proxy',
      'unknown_field',
    ],
    [
      'preferred_language too short',
      'source',
      { ...urlSource, resolver_preferences: { preferred_language: 'e' } },
      'source.resolver_preferences.preferred_language',
      'too_short',
    ],
    [
      'preferred_language too long',
      'source',
      { ...urlSource, resolver_preferences: { preferred_language: 'e'.repeat(36) } },
      'source.resolver_preferences.preferred_language',
      'too_long',
    ],
    [
      'allow_audio_transcription not boolean',
      'source',
      { ...urlSource, resolver_preferences: { allow_audio_transcription: 'yes' } },
      'source.resolver_preferences.allow_audio_transcription',
      'invalid_type',
    ],
    ['file_ids missing', 'source', { type: 'files' }, 'source.file_ids', 'required'],
    ['file_ids empty', 'source', { type: 'files', file_ids: [] }, 'source.file_ids', 'too_few_items'],
    ['file_ids over 20', 'source', { type: 'files', file_ids: ids(21) }, 'source.file_ids', 'too_many_items'],
    [
      'file id malformed',
      'source',
      { type: 'files', file_ids: [...ids(2), 'job_000000000000'] },
      'source.file_ids[2]',
      'invalid_format',
    ],
    [
      'file id too short',
      'source',
      { type: 'files', file_ids: ['file_abc'] },
      'source.file_ids[0]',
      'invalid_format',
    ],
    [
      'file_ids not an array',
      'source',
      { type: 'files', file_ids: 'file_000000000000' },
      'source.file_ids',
      'invalid_type',
    ],
    ['profile missing', 'output.profile', REMOVE, 'output.profile', 'required'],
    ['profile unknown', 'output.profile', 'summary', 'output.profile', 'invalid_value'],
    ['format unknown', 'output.format', 'pdf', 'output.format', 'invalid_value'],
    [
      'include_raw_source not boolean',
      'output.include_raw_source',
      'no',
      'output.include_raw_source',
      'invalid_type',
    ],
    ['language too short', 'output.language', 'e', 'output.language', 'too_short'],
    ['language too long', 'output.language', 'e'.repeat(36), 'output.language', 'too_long'],
    ['unknown output field', 'output.tone', 'formal', 'output.tone', 'unknown_field'],
    ['retention.class missing', 'retention', {}, 'retention.class', 'required'],
    ['retention.class unknown', 'retention.class', 'forever', 'retention.class', 'invalid_value'],
    ['unknown retention field', 'retention.days', 3, 'retention.days', 'unknown_field'],
  ],
  CreateJobOutputRequest: [
    ['output missing', 'output', REMOVE, 'output', 'required'],
    ['profile unknown', 'output.profile', 'x', 'output.profile', 'invalid_value'],
    ['unknown field', 'source', filesSource, 'source', 'unknown_field'],
  ],
  CreateUploadIntentRequest: [
    ['name missing', 'name', REMOVE, 'name', 'required'],
    ['name empty', 'name', '', 'name', 'too_short'],
    ['name over 255', 'name', 'n'.repeat(256), 'name', 'too_long'],
    ['media_type missing', 'media_type', REMOVE, 'media_type', 'required'],
    ['media_type under 3', 'media_type', 'ab', 'media_type', 'too_short'],
    ['media_type over 150', 'media_type', `a/${'b'.repeat(149)}`, 'media_type', 'too_long'],
    ['size_bytes missing', 'size_bytes', REMOVE, 'size_bytes', 'required'],
    ['size_bytes zero', 'size_bytes', 0, 'size_bytes', 'too_small'],
    ['size_bytes negative', 'size_bytes', -5, 'size_bytes', 'too_small'],
    ['size_bytes over 104857600', 'size_bytes', 104_857_601, 'size_bytes', 'too_large'],
    ['size_bytes fractional', 'size_bytes', 1.5, 'size_bytes', 'invalid_type'],
    ['size_bytes a string', 'size_bytes', '12', 'size_bytes', 'invalid_type'],
    ['sha256 missing', 'sha256', REMOVE, 'sha256', 'required'],
    ['sha256 uppercase', 'sha256', SHA.toUpperCase(), 'sha256', 'invalid_format'],
    ['sha256 63 characters', 'sha256', SHA.slice(1), 'sha256', 'invalid_format'],
    ['unknown field', 'account_id', 'acc_1', 'account_id', 'unknown_field'],
  ],
  CompleteUploadRequest: [
    ['size_bytes missing', 'size_bytes', REMOVE, 'size_bytes', 'required'],
    ['size_bytes zero', 'size_bytes', 0, 'size_bytes', 'too_small'],
    ['sha256 missing', 'sha256', REMOVE, 'sha256', 'required'],
    ['sha256 not hex', 'sha256', 'g'.repeat(64), 'sha256', 'invalid_format'],
    ['unknown field', 'name', 'x', 'name', 'unknown_field'],
  ],
  CreateWebhookEndpointRequest: [
    ['url missing', 'url', REMOVE, 'url', 'required'],
    ['url not a URI', 'url', 'hooks.example.com', 'url', 'invalid_format'],
    ['url over 2048', 'url', `https://example.com/${'p'.repeat(2030)}`, 'url', 'too_long'],
    ['description over 200', 'description', 'd'.repeat(201), 'description', 'too_long'],
    ['description not a string', 'description', null, 'description', 'invalid_type'],
    ['events missing', 'events', REMOVE, 'events', 'required'],
    ['events empty', 'events', [], 'events', 'too_few_items'],
    ['events over 14', 'events', [...EVENT_TYPES, 'job.queued'], 'events', 'too_many_items'],
    ['event unknown', 'events', ['job.done'], 'events[0]', 'invalid_value'],
    ['event repeated', 'events', ['job.failed', 'job.queued', 'job.failed'], 'events[2]', 'duplicate_item'],
    ['unknown field', 'secret', 'whsec_x', 'secret', 'unknown_field'],
  ],
  UpdateWebhookEndpointRequest: [
    ['empty body', 'description', REMOVE, 'body', 'required'],
    ['url not a URI', 'url', 'nope', 'url', 'invalid_format'],
    ['events empty', 'events', [], 'events', 'too_few_items'],
    ['description over 200', 'description', 'd'.repeat(201), 'description', 'too_long'],
    ['unknown field', 'status', 'paused', 'status', 'unknown_field'],
  ],
};

const VALID_VARIANTS: [RequestBodyName, string, unknown][] = [
  [
    'CreateJobRequest',
    'a URL source with preferences',
    { ...REQUEST_EXAMPLES.CreateJobRequest, source: urlSource },
  ],
  [
    'CreateJobRequest',
    'a files source with 20 files',
    { source: { type: 'files', file_ids: ids(20) }, output: { profile: 'raw_source' } },
  ],
  [
    'CreateJobRequest',
    'content of exactly 2000000 characters',
    change(REQUEST_EXAMPLES.CreateJobRequest, 'source.content', 'x'.repeat(2_000_000)),
  ],
  [
    'CreateJobRequest',
    'no retention and only a profile',
    { source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } },
  ],
  [
    'CreateUploadIntentRequest',
    'size at the limit',
    { ...REQUEST_EXAMPLES.CreateUploadIntentRequest, size_bytes: 104_857_600 },
  ],
  [
    'CreateWebhookEndpointRequest',
    'all 14 events',
    { url: 'https://h.example.com', events: [...EVENT_TYPES] },
  ],
  [
    'CreateWebhookEndpointRequest',
    'a description of 200',
    { url: 'https://h.example.com', description: 'd'.repeat(200), events: ['job.queued'] },
  ],
  [
    'UpdateWebhookEndpointRequest',
    'all three fields',
    { url: 'https://h.example.com/x', description: '', events: ['output.created'] },
  ],
];

describe('request body schemas', () => {
  for (const [name, cases] of Object.entries(CASES) as [RequestBodyName, Case[]][]) {
    describe(name, () => {
      it('accepts a realistic example', () => {
        expect(validateRequestBody(name, REQUEST_EXAMPLES[name])).toEqual([]);
      });
      it.each(cases)('rejects %s', (_description, path, value, field, code) => {
        const errors = validateRequestBody(name, change(REQUEST_EXAMPLES[name], path, value));
        expect(errors.map((e) => ({ field: e.field, code: e.code }))).toContainEqual({ field, code });
        for (const error of errors) expect(error.detail.length).toBeGreaterThan(0);
      });
    });
  }
  it.each(VALID_VARIANTS)('%s accepts %s', (name, _description, body) => {
    expect(validateRequestBody(name, body)).toEqual([]);
  });
});
