import { describe, expect, it } from 'vitest';
import { isTransmuteError } from './transmute-error.js';
import type { RequestBodyName } from './schemas/registry.js';
import { assertRequestBody, validateRequestBody } from './validate-request-body.js';

const output = { profile: 'raw_source' };

describe('validateRequestBody', () => {
  it('returns no errors for a valid body', () => {
    expect(
      validateRequestBody('CreateJobRequest', { source: { type: 'text', content: 'hi' }, output }),
    ).toEqual([]);
  });

  it('reports exactly one error on source.type when it is missing, whatever else is wrong', () => {
    const errors = validateRequestBody('CreateJobRequest', { source: { content: '', bogus: 1 }, output });
    expect(errors).toEqual([
      { field: 'source.type', code: 'required', detail: 'The field source.type is required.' },
    ]);
  });

  it('reports exactly one error on source.type when it is unknown', () => {
    const errors = validateRequestBody('CreateJobRequest', { source: { type: 'pdf', url: 5 }, output });
    expect(errors.map((e) => [e.field, e.code])).toEqual([['source.type', 'invalid_value']]);
    expect(errors[0]?.detail).toContain('"text", "url", "files"');
  });

  it('reports only the errors of the shape source.type selects', () => {
    const errors = validateRequestBody('CreateJobRequest', {
      source: { type: 'url', url: 'not a url', content: 'text-only field' },
      output,
    });
    expect(errors.map((e) => [e.field, e.code]).sort()).toEqual([
      ['source.content', 'unknown_field'],
      ['source.url', 'invalid_format'],
    ]);
  });

  it('names array items with bracket indices', () => {
    const errors = validateRequestBody('CreateJobRequest', {
      source: { type: 'files', file_ids: ['file_000000000000', 'file_000000000001', 'bad'] },
      output,
    });
    expect(errors.map((e) => [e.field, e.code])).toEqual([['source.file_ids[2]', 'invalid_format']]);
  });

  it('reports every invalid field once', () => {
    const errors = validateRequestBody('CreateUploadIntentRequest', {
      name: '',
      media_type: 5,
      size_bytes: 'big',
      sha256: 'x',
      extra: true,
    });
    expect(errors.map((e) => [e.field, e.code]).sort()).toEqual([
      ['extra', 'unknown_field'],
      ['media_type', 'invalid_type'],
      ['name', 'too_short'],
      ['sha256', 'invalid_format'],
      ['size_bytes', 'invalid_type'],
    ]);
    expect(new Set(errors.map((e) => e.field)).size).toBe(errors.length);
  });

  it('reports nothing inside a value of the wrong type', () => {
    expect(validateRequestBody('CreateJobRequest', { source: [], output: 'raw_source' })).toEqual([
      expect.objectContaining({ field: 'source', code: 'invalid_type' }),
      expect.objectContaining({ field: 'output', code: 'invalid_type' }),
    ]);
  });

  it('names the body itself "body"', () => {
    expect(validateRequestBody('CompleteUploadRequest', null)).toEqual([
      expect.objectContaining({ field: 'body', code: 'invalid_type' }),
    ]);
    const [empty] = validateRequestBody('UpdateWebhookEndpointRequest', {});
    expect(empty).toMatchObject({ field: 'body', code: 'required' });
    expect(empty?.detail).toContain('url, description, events');
  });

  it('quotes keys that are not identifiers', () => {
    const errors = validateRequestBody('CompleteUploadRequest', {
      size_bytes: 1,
      sha256: 'a'.repeat(64),
      'x.y': 1,
      '0': 2,
    });
    expect(errors.map((e) => e.field).sort()).toEqual(['["0"]', '["x.y"]']);
  });

  it('names the later item of a duplicate pair', () => {
    const errors = validateRequestBody('CreateWebhookEndpointRequest', {
      url: 'https://example.com/h',
      events: ['job.queued', 'job.failed', 'job.succeeded', 'job.failed'],
    });
    expect(errors).toEqual([expect.objectContaining({ field: 'events[3]', code: 'duplicate_item' })]);
  });

  it('does not apply defaults to the body', () => {
    const body = { source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } };
    validateRequestBody('CreateJobRequest', body);
    expect(body).toEqual({ source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } });
  });
});

describe('assertRequestBody', () => {
  it('passes a valid body through', () => {
    const body: unknown = { output: { profile: 'agent_context' } };
    assertRequestBody('CreateJobOutputRequest', body);
    expect(body.output.profile).toBe('agent_context');
  });

  it('throws a 422 validation_failed carrying the field errors', () => {
    let thrown: unknown;
    try {
      assertRequestBody('CreateJobOutputRequest', { output: {} });
    } catch (error) {
      thrown = error;
    }
    expect(isTransmuteError(thrown)).toBe(true);
    if (!isTransmuteError(thrown)) return;
    expect(thrown.code).toBe('validation_failed');
    expect(thrown.status).toBe(422);
    expect(thrown.fieldErrors).toEqual([
      expect.objectContaining({ field: 'output.profile', code: 'required' }),
    ]);
    expect(thrown.message).toBe(
      'The request has an invalid field: output.profile. The field output.profile is required.',
    );
  });

  it('says a 0-byte upload is an empty file', () => {
    const errors = validateRequestBody('CreateUploadIntentRequest', {
      name: 'empty.txt',
      media_type: 'text/plain',
      size_bytes: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(errors).toEqual([
      {
        field: 'size_bytes',
        code: 'too_small',
        detail: 'The file is empty: size_bytes must be greater than 0.',
      },
    ]);
  });
});

describe('validateRequestBody with hostile keys', () => {
  it('reports a __proto__ key as an unknown field', () => {
    const body: unknown = JSON.parse(
      '{"size_bytes": 1, "sha256": "' + 'a'.repeat(64) + '", "__proto__": {"x": 1}}',
    );
    expect(validateRequestBody('CompleteUploadRequest', body)).toEqual([
      expect.objectContaining({ field: '__proto__', code: 'unknown_field' }),
    ]);
  });
});

describe('validateRequestBody with text that cannot be stored', () => {
  const job = (
    source: Record<string, unknown>,
    output: Record<string, unknown> = { profile: 'raw_source' },
  ) => ({
    source,
    output,
  });

  it.each([
    ['a lone high surrogate', 'x\ud800'],
    ['a lone low surrogate', '\udc00y'],
    ['a reversed pair', '\ude00\ud83d'],
    ['a NUL character', 'a\u0000b'],
  ])('answers invalid_value for %s, in every kind of string field', (_name, bad) => {
    const fields = (name: RequestBodyName, body: unknown) =>
      validateRequestBody(name, body)
        .map((error) => [error.field, error.code])
        .sort();
    expect(fields('CreateJobRequest', job({ type: 'text', content: bad, title: bad }))).toEqual([
      ['source.content', 'invalid_value'],
      ['source.title', 'invalid_value'],
    ]);
    expect(
      fields(
        'CreateJobRequest',
        job({ type: 'url', url: bad, resolver_preferences: { preferred_language: bad } }),
      ),
    ).toEqual([
      ['source.resolver_preferences.preferred_language', 'invalid_value'],
      ['source.url', 'invalid_value'],
    ]);
    expect(fields('CreateJobRequest', job({ type: 'files', file_ids: ['file_000000000000', bad] }))).toEqual([
      ['source.file_ids[1]', 'invalid_value'],
    ]);
    expect(fields('CreateJobOutputRequest', { output: { profile: bad, language: bad } })).toEqual([
      ['output.language', 'invalid_value'],
      ['output.profile', 'invalid_value'],
    ]);
    expect(fields('UpdateWebhookEndpointRequest', { description: bad, events: ['job.queued', bad] })).toEqual(
      [
        ['description', 'invalid_value'],
        ['events[1]', 'invalid_value'],
      ],
    );
    expect(
      fields('CreateUploadIntentRequest', {
        name: bad,
        media_type: 'text/plain',
        size_bytes: 1,
        sha256: bad,
      }),
    ).toEqual([
      ['name', 'invalid_value'],
      ['sha256', 'invalid_value'],
    ]);
  });

  it('keeps well-formed text, astral characters included', () => {
    const text = 'naïve 🙂 𝄞 \t\n\u0001\uFFFD';
    expect(
      validateRequestBody('CreateJobRequest', job({ type: 'text', content: text, title: text })),
    ).toEqual([]);
    expect(validateRequestBody('UpdateWebhookEndpointRequest', { description: '🙂'.repeat(200) })).toEqual(
      [],
    );
  });

  it('takes the place of the other errors of the same string, but not of its type or of an unknown field', () => {
    const errors = validateRequestBody('CreateUploadIntentRequest', {
      name: `${'n'.repeat(300)}\ud800`,
      media_type: 'text/plain',
      size_bytes: '\u0000',
      sha256: 'a'.repeat(64),
      ['\ud800']: '\u0000',
    });
    expect(errors.map((error) => [error.field, error.code]).sort()).toEqual([
      ['["\\ud800"]', 'unknown_field'],
      ['name', 'invalid_value'],
      ['size_bytes', 'invalid_type'],
    ]);
    expect(errors.find((error) => error.field === 'name')?.detail).toBe(
      'The field name contains a NUL character (U+0000) or an unpaired UTF-16 surrogate.',
    );
  });

  it('still reports only source.type when the tag is unknown or not storable', () => {
    for (const type of ['pdf', 'text\u0000']) {
      expect(
        validateRequestBody('CreateJobRequest', job({ type, content: '\ud800' })).map((e) => [
          e.field,
          e.code,
        ]),
      ).toEqual([['source.type', 'invalid_value']]);
    }
  });
});
