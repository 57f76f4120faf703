import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  expectProblem,
  expectResource,
  http,
  ID,
  textJob,
  waitJob,
  type Api,
  type Reply,
} from './support/http.js';
import { lastJsonLine, runCli, startService, type RunningService } from './support/service.js';

let service: RunningService;
let a: Api;
let b: Api;
let free: Api;
let base: string;
let extraKey: Promise<string>;

beforeAll(async () => {
  service = await startService({ plans: ['developer', 'developer', 'free'] });
  base = service.baseUrl;
  free = api(base, service.accounts[2]?.apiKey ?? '');
  a = api(base, service.accounts[0]?.apiKey ?? '');
  b = api(base, service.accounts[1]?.apiKey ?? '');
  // Started now, awaited by the operator-keys test (a CLI run takes seconds).
  const accountId = service.accounts[1]?.accountId ?? '';
  extraKey = runCli(['keys', 'create', '--data-dir', service.dataDir, '--account', accountId, '--json']);
  extraKey.catch(() => undefined);
}, 180_000);

afterAll(async () => {
  await service?.stop();
});

const STABLE = ['type', 'title', 'status', 'code', 'detail', 'retryable', 'field_errors'] as const;
function stable(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(STABLE.map((key) => [key, body[key]]));
}

describe('authentication (CONTRACT §3, §4)', () => {
  it('401 unauthenticated without a credential, with WWW-Authenticate', async () => {
    for (const [method, path] of [
      ['GET', '/v1/capabilities'],
      ['GET', '/v1/jobs'],
      ['POST', '/v1/jobs'],
      ['GET', '/v1/usage'],
      ['DELETE', '/v1/jobs/job_aaaaaaaaaaaaaaaa'],
    ] as const) {
      const reply = await http(base, method, path, { key: null });
      expectProblem(reply, 401, 'unauthenticated');
      expect(reply.body.retryable).toBe(false);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="transmute"');
    }
  });

  it('401 invalid_token for an unknown or malformed credential', async () => {
    for (const key of ['tmk_0123456789abcdefghijABCDEFGHIJ0123', 'not-a-key', 'tmk_']) {
      const reply = await http(base, 'GET', '/v1/jobs', { key });
      expectProblem(reply, 401, 'invalid_token');
      expect(reply.body.retryable).toBe(false);
      expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="transmute", error="invalid_token"');
    }
  });

  it('a valid key works; Request-Id on successes too', async () => {
    const reply = await a.get('/v1/jobs');
    expectResource(reply, 200, 'JobList');
  });
});

describe('routing (CONTRACT §3)', () => {
  it('404 route_not_found for unknown paths', async () => {
    for (const path of ['/v1/nope', '/v1/jobs/job_aaaaaaaaaaaaaaaa/unknown', '/v2/jobs', '/']) {
      const reply = await a.get(path);
      expectProblem(reply, 404, 'route_not_found');
    }
  });

  it('405 method_not_allowed with Allow', async () => {
    const cases: [string, string, string[]][] = [
      ['DELETE', '/v1/capabilities', ['GET']],
      ['PUT', '/v1/jobs', ['GET', 'POST']],
      ['POST', '/v1/jobs/job_aaaaaaaaaaaaaaaa', ['GET', 'DELETE']],
      ['GET', '/v1/jobs/job_aaaaaaaaaaaaaaaa/cancel', ['POST']],
      ['PUT', '/v1/webhook-endpoints/wh_aaaaaaaaaaaaaaaa', ['PATCH', 'DELETE']],
      ['GET', '/v1/upload-intents', ['POST']],
    ];
    for (const [method, path, allowed] of cases) {
      const reply = await http(base, method, path, { key: a.key });
      expectProblem(reply, 405, 'method_not_allowed');
      const allow = (reply.headers.get('allow') ?? '').split(',').map((m) => m.trim());
      for (const m of allowed) expect(allow, `${method} ${path}`).toContain(m);
      expect(allow).not.toContain(method);
    }
  });
});

describe('404 not_found: unknown, malformed and foreign ids answer identically', () => {
  it('jobs, outputs, files, endpoints, deliveries', async () => {
    const job = await a.post('/v1/jobs', textJob('Hello from account A. '.repeat(5)));
    expectResource(job, 201, 'Job');
    const jobId = job.body.id as string;
    const outputId = job.body.output_ids[0] as string;
    const content = 'file bytes';
    const intent = await a.post('/v1/upload-intents', {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: content.length,
      sha256: '0'.repeat(64),
    });
    expectResource(intent, 201, 'UploadIntent');
    const fileId = intent.body.file_id as string;
    const endpoint = await a.post('/v1/webhook-endpoints', {
      url: 'https://example.com/hook',
      events: ['job.succeeded'],
    });
    expectResource(endpoint, 201, 'WebhookEndpointWithSecret');
    const endpointId = endpoint.body.id as string;

    const groups: [string, string, string, string][] = [
      ['GET', `/v1/jobs/${jobId}`, '/v1/jobs/job_zzzzzzzzzzzzzzzzzzzz', '/v1/jobs/job_!bad'],
      ['DELETE', `/v1/jobs/${jobId}`, '/v1/jobs/job_zzzzzzzzzzzzzzzzzzzz', '/v1/jobs/bad'],
      ['POST', `/v1/jobs/${jobId}/cancel`, '/v1/jobs/job_zzzzzzzzzzzzzzzzzzzz/cancel', '/v1/jobs/x/cancel'],
      [
        'GET',
        `/v1/jobs/${jobId}/outputs`,
        '/v1/jobs/job_zzzzzzzzzzzzzzzzzzzz/outputs',
        '/v1/jobs/job_/outputs',
      ],
      [
        'GET',
        `/v1/outputs/${outputId}`,
        '/v1/outputs/out_zzzzzzzzzzzzzzzzzzzz',
        '/v1/outputs/job_zzzzzzzzzzzzzzzzzzzz',
      ],
      [
        'GET',
        `/v1/outputs/${outputId}/content`,
        '/v1/outputs/out_zzzzzzzzzzzzzzzzzzzz/content',
        '/v1/outputs/out_short/content',
      ],
      [
        'GET',
        `/v1/files/${fileId}`,
        '/v1/files/file_zzzzzzzzzzzzzzzzzzzz',
        '/v1/files/file_%20bad%20id%20here',
      ],
      ['DELETE', `/v1/files/${fileId}`, '/v1/files/file_zzzzzzzzzzzzzzzzzzzz', '/v1/files/nope'],
      [
        'PATCH',
        `/v1/webhook-endpoints/${endpointId}`,
        '/v1/webhook-endpoints/wh_zzzzzzzzzzzzzzzzzzzz',
        '/v1/webhook-endpoints/wh_x',
      ],
      [
        'POST',
        `/v1/webhook-endpoints/${endpointId}/pause`,
        '/v1/webhook-endpoints/wh_zzzzzzzzzzzzzzzzzzzz/pause',
        '/v1/webhook-endpoints/whd_zzzzzzzzzzzzzzzzzzzz/pause',
      ],
      [
        'GET',
        `/v1/webhook-endpoints/${endpointId}/deliveries`,
        '/v1/webhook-endpoints/wh_zzzzzzzzzzzzzzzzzzzz/deliveries',
        '/v1/webhook-endpoints/1/deliveries',
      ],
    ];
    for (const [method, foreign, unknown, malformed] of groups) {
      const json = method === 'PATCH' ? { description: 'x' } : undefined;
      const replies = [];
      for (const path of [foreign, unknown, malformed]) {
        const reply = await http(base, method, path, {
          key: b.key,
          ...(json === undefined ? {} : { json }),
          idem: 'k-' + String(Math.random()),
        });
        expectProblem(reply, 404, 'not_found');
        expect(reply.body.retryable).toBe(false);
        replies.push(reply);
      }
      const [first, ...others] = replies.map((r) => stable(r.body as Record<string, unknown>));
      for (const other of others) expect(other, `${method} ${foreign}`).toEqual(first);
    }
    // Deliveries: the same endpoint, a delivery of another account / unknown / malformed.
    const endpointB = await b.post('/v1/webhook-endpoints', {
      url: 'https://example.com/b',
      events: ['job.failed'],
    });
    expectResource(endpointB, 201, 'WebhookEndpointWithSecret');
    const testDelivery = await b.post(`/v1/webhook-endpoints/${endpointB.body.id as string}/test`);
    expectResource(testDelivery, 202, 'WebhookDelivery');
    const deliveryB = testDelivery.body.id as string;
    const replays = [];
    for (const delivery of [deliveryB, 'whd_zzzzzzzzzzzzzzzzzzzz', 'whd_!']) {
      const reply = await a.post(`/v1/webhook-endpoints/${endpointId}/deliveries/${delivery}/replay`);
      expectProblem(reply, 404, 'not_found');
      replays.push(stable(reply.body as Record<string, unknown>));
    }
    expect(replays[1]).toEqual(replays[0]);
    expect(replays[2]).toEqual(replays[0]);
    // B's own endpoint with A's endpoint id in the path is still foreign.
    expectProblem(
      await b.post(`/v1/webhook-endpoints/${endpointId}/deliveries/${deliveryB}/replay`),
      404,
      'not_found',
    );
    // The owner still sees its resources.
    expectResource(await a.get(`/v1/jobs/${jobId}`), 200, 'Job');
    expectResource(await a.get(`/v1/files/${fileId}`), 200, 'File');
    expectResource(
      await a.get(`/v1/webhook-endpoints/${endpointId}`.replace(/$/, '/deliveries')),
      200,
      'WebhookDeliveryList',
    );
    // Lists are per account.
    const listB = await b.get('/v1/jobs');
    expect((listB.body.data as { id: string }[]).map((j) => j.id)).not.toContain(jobId);
    const hooksB = await b.get('/v1/webhook-endpoints');
    expect((hooksB.body.data as { id: string }[]).map((j) => j.id)).not.toContain(endpointId);
  });

  it('account ids sent in a query, header or body never select another account', async () => {
    const job = await a.post('/v1/jobs', textJob('Owned by A only.'));
    expectResource(job, 201, 'Job');
    const accountA = service.accounts[0]?.accountId ?? '';
    // In a query or a header they are ignored for ownership (CONTRACT §4): B still sees only its own.
    const listed = await b.get(`/v1/jobs?account_id=${accountA}&organization_id=${accountA}`, {
      headers: { 'x-account-id': accountA, 'x-organization-id': accountA },
    });
    expectResource(listed, 200, 'JobList');
    expect((listed.body.data as { id: string }[]).map((j) => j.id)).not.toContain(job.body.id);
    const read = await b.get(`/v1/jobs/${job.body.id as string}?account_id=${accountA}`, {
      headers: { 'x-account-id': accountA },
    });
    expectProblem(read, 404, 'not_found');
    // Any other parameter an operation does not take is refused (docs/DECISIONS.md).
    const unknown = await b.get(`/v1/jobs?acount_id=${accountA}`);
    expectProblem(unknown, 400, 'invalid_parameter');
    expect(unknown.body.field_errors).toEqual([
      expect.objectContaining({ field: 'acount_id', code: 'unknown_field' }),
    ]);
    const body = await b.post('/v1/jobs', { ...textJob('x'), account_id: accountA });
    expectProblem(body, 422, 'validation_failed');
    expect(body.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'account_id', code: 'unknown_field' }),
    );
  });

  it('a file of another account in file_ids is a 422 field error, never a job', async () => {
    const intent = await a.post('/v1/upload-intents', {
      name: 'b.txt',
      media_type: 'text/plain',
      size_bytes: 3,
      sha256: 'a'.repeat(64),
    });
    expectResource(intent, 201, 'UploadIntent');
    const reply = await b.post('/v1/jobs', {
      source: { type: 'files', file_ids: [intent.body.file_id] },
      output: { profile: 'raw_source' },
    });
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.field_errors).toContainEqual(expect.objectContaining({ field: 'source.file_ids[0]' }));
  });
});

describe('request bodies (CONTRACT §1, §3)', () => {
  it('400 invalid_json for malformed JSON and for non-objects', async () => {
    for (const raw of ['{bad', '[1,2]', '"text"', '42', 'null', '']) {
      const reply = await http(base, 'POST', '/v1/jobs', {
        key: a.key,
        idem: true,
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(reply, raw === '' ? reply.status : 400, raw === '' ? reply.body.code : 'invalid_json');
      if (raw !== '') expect(reply.body.retryable).toBe(false);
    }
    const patch = await http(base, 'POST', '/v1/webhook-endpoints', {
      key: a.key,
      idem: true,
      raw: '{"url":',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(patch, 400, 'invalid_json');
  });

  it('415 unsupported_media_type for a non-JSON content type', async () => {
    const body = JSON.stringify(textJob('hello world'));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const reply = await http(base, 'POST', '/v1/jobs', {
        key: a.key,
        idem: true,
        raw: body,
        headers: { 'content-type': type },
      });
      expectProblem(reply, 415, 'unsupported_media_type');
    }
    const ok = await http(base, 'POST', '/v1/jobs', {
      key: a.key,
      idem: true,
      raw: body,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectResource(ok, 201, 'Job');
  });

  it('415 on PATCH with a non-JSON type; merge-patch is accepted elsewhere (webhooks file)', async () => {
    const hook = await a.post('/v1/webhook-endpoints', {
      url: 'https://example.com/415',
      events: ['job.failed'],
    });
    expectResource(hook, 201, 'WebhookEndpointWithSecret');
    const reply = await http(base, 'PATCH', `/v1/webhook-endpoints/${hook.body.id as string}`, {
      key: a.key,
      raw: JSON.stringify({ description: 'x' }),
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(reply, 415, 'unsupported_media_type');
    const missingType = await http(base, 'POST', '/v1/jobs', {
      key: a.key,
      idem: true,
      raw: JSON.stringify(textJob('hi')),
    });
    expect([400, 415]).toContain(missingType.status);
  });

  it('413 payload_too_large: 64 KiB on other operations, 16 MiB on createJob', async () => {
    const big = {
      url: 'https://example.com/hook',
      events: ['job.succeeded'],
      description: 'x'.repeat(70_000),
    };
    expectProblem(await a.post('/v1/webhook-endpoints', big), 413, 'payload_too_large');
    const intent = {
      name: 'x'.repeat(70_000),
      media_type: 'text/plain',
      size_bytes: 1,
      sha256: 'a'.repeat(64),
    };
    expectProblem(await a.post('/v1/upload-intents', intent), 413, 'payload_too_large');
    // createJob accepts a body above 64 KiB (text up to 2 000 000 characters).
    const medium = await a.post('/v1/jobs', textJob('Large body sentence number one. '.repeat(6_000)));
    expectResource(medium, 201, 'Job');
    // ...but not above 16 MiB.
    const huge = await a.post('/v1/jobs', textJob('y'.repeat(17 * 1024 * 1024)));
    expectProblem(huge, 413, 'payload_too_large');
  });

  it('2 000 001 characters are a field error (too_long), not a 413', async () => {
    const tooLong = await a.post('/v1/jobs', textJob('a'.repeat(2_000_001)));
    expectProblem(tooLong, 422, 'validation_failed');
    expect(tooLong.body.field_errors).toContainEqual(
      expect.objectContaining({ field: 'source.content', code: 'too_long' }),
    );
  });
});

describe('422 validation_failed with field_errors (spec Endpoints rule 2, CONTRACT §3)', () => {
  const cases: [string, unknown, string, string][] = [
    ['missing source', { output: { profile: 'raw_source' } }, 'source', 'required'],
    ['missing output', { source: { type: 'text', content: 'hi there' } }, 'output', 'required'],
    [
      'missing profile',
      { source: { type: 'text', content: 'hi' }, output: {} },
      'output.profile',
      'required',
    ],
    ['bad profile', textJob('hi', { profile: 'poem' }), 'output.profile', 'invalid_value'],
    ['bad format', textJob('hi', { profile: 'raw_source', format: 'pdf' }), 'output.format', 'invalid_value'],
    [
      'short language',
      textJob('hi', { profile: 'raw_source', language: 'e' }),
      'output.language',
      'too_short',
    ],
    [
      'long language',
      textJob('hi', { profile: 'raw_source', language: 'e'.repeat(36) }),
      'output.language',
      'too_long',
    ],
    [
      'include_raw_source type',
      textJob('hi', { profile: 'raw_source', include_raw_source: 'yes' }),
      'output.include_raw_source',
      'invalid_type',
    ],
    [
      'bad source type',
      { source: { type: 'ftp' }, output: { profile: 'raw_source' } },
      'source.type',
      'invalid_value',
    ],
    ['empty content', textJob(''), 'source.content', 'too_short'],
    [
      'content type',
      { source: { type: 'text', content: 5 }, output: { profile: 'raw_source' } },
      'source.content',
      'invalid_type',
    ],
    [
      'title too long',
      { source: { type: 'text', content: 'hi', title: 't'.repeat(301) }, output: { profile: 'raw_source' } },
      'source.title',
      'too_long',
    ],
    [
      'empty title',
      { source: { type: 'text', content: 'hi', title: '' }, output: { profile: 'raw_source' } },
      'source.title',
      'too_short',
    ],
    [
      'too many file_ids',
      {
        source: {
          type: 'files',
          file_ids: Array.from({ length: 21 }, (_, i) => `file_${String(i).padStart(14, 'a')}`),
        },
        output: { profile: 'raw_source' },
      },
      'source.file_ids',
      'too_many_items',
    ],
    [
      'no file_ids',
      { source: { type: 'files', file_ids: [] }, output: { profile: 'raw_source' } },
      'source.file_ids',
      'too_few_items',
    ],
    ['unknown top-level field', { ...textJob('hi'), colour: 'red' }, 'colour', 'unknown_field'],
    [
      'organization_id is not accepted',
      { ...textJob('hi'), organization_id: 'org_1' },
      'organization_id',
      'unknown_field',
    ],
    [
      'unknown output field',
      textJob('hi', { profile: 'raw_source', style: 'x' }),
      'output.style',
      'unknown_field',
    ],
    [
      'resolver_preferences extra property',
      {
        source: { type: 'url', url: 'https://example.com/', resolver_preferences: { fast: true } },
        output: { profile: 'raw_source' },
      },
      'source.resolver_preferences.fast',
      'unknown_field',
    ],
    [
      'preferred_language too short',
      {
        source: {
          type: 'url',
          url: 'https://example.com/',
          resolver_preferences: { preferred_language: 'e' },
        },
        output: { profile: 'raw_source' },
      },
      'source.resolver_preferences.preferred_language',
      'too_short',
    ],
    [
      'url not a URI',
      { source: { type: 'url', url: 'not a url' }, output: { profile: 'raw_source' } },
      'source.url',
      'invalid_format',
    ],
    [
      'bad retention class',
      { ...textJob('hi'), retention: { class: 'forever' } },
      'retention.class',
      'invalid_value',
    ],
    ['retention without class', { ...textJob('hi'), retention: {} }, 'retention.class', 'required'],
  ];
  it.each(cases)('createJob: %s', async (_name, body, field, code) => {
    const reply = await a.post('/v1/jobs', body);
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.retryable).toBe(false);
    expect(reply.body.field_errors, reply.text).toContainEqual(expect.objectContaining({ field, code }));
    for (const item of reply.body.field_errors as { field: string; code: string; detail: string }[]) {
      expect(item.detail.length).toBeGreaterThan(0);
    }
  });

  it('one field_errors item per bad field', async () => {
    const reply = await a.post('/v1/jobs', {
      source: { type: 'text', content: '', title: 't'.repeat(301) },
      output: { profile: 'poem', format: 'pdf' },
    });
    expectProblem(reply, 422, 'validation_failed');
    const fields = (reply.body.field_errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['output.format', 'output.profile', 'source.content', 'source.title']);
  });

  it('createUploadIntent constraints', async () => {
    const good = { name: 'a.txt', media_type: 'text/plain', size_bytes: 10, sha256: 'a'.repeat(64) };
    const cases2: [Record<string, unknown>, string, string][] = [
      [{ ...good, name: '' }, 'name', 'too_short'],
      [{ ...good, name: 'n'.repeat(256) }, 'name', 'too_long'],
      [{ ...good, media_type: 'ab' }, 'media_type', 'too_short'],
      [{ ...good, size_bytes: 0 }, 'size_bytes', 'too_small'],
      [{ ...good, size_bytes: 104_857_601 }, 'size_bytes', 'too_large'],
      [{ ...good, size_bytes: 1.5 }, 'size_bytes', 'invalid_type'],
      [{ ...good, sha256: 'A'.repeat(64) }, 'sha256', 'invalid_format'],
      [{ ...good, extra: 1 }, 'extra', 'unknown_field'],
      [{ name: 'a.txt', media_type: 'text/plain', size_bytes: 10 }, 'sha256', 'required'],
    ];
    for (const [body, field, code] of cases2) {
      const reply = await a.post('/v1/upload-intents', body);
      expectProblem(reply, 422, 'validation_failed');
      expect(reply.body.field_errors, reply.text).toContainEqual(expect.objectContaining({ field, code }));
    }
    expectResource(
      await a.post('/v1/upload-intents', { ...good, size_bytes: 104_857_600 }),
      201,
      'UploadIntent',
    );
  });

  it('webhook endpoint constraints', async () => {
    const good = { url: 'https://example.com/hook', events: ['job.succeeded'] };
    const cases3: [Record<string, unknown>, string, string][] = [
      [{ events: ['job.succeeded'] }, 'url', 'required'],
      [{ url: 'https://example.com/hook' }, 'events', 'required'],
      [{ ...good, events: [] }, 'events', 'too_few_items'],
      [{ ...good, events: ['job.exploded'] }, 'events[0]', 'invalid_value'],
      [{ ...good, description: 'd'.repeat(201) }, 'description', 'too_long'],
      [{ ...good, secret: 'whsec_x' }, 'secret', 'unknown_field'],
    ];
    for (const [body, field, code] of cases3) {
      const reply = await a.post('/v1/webhook-endpoints', body);
      expectProblem(reply, 422, 'validation_failed');
      expect(reply.body.field_errors, reply.text).toContainEqual(expect.objectContaining({ field, code }));
    }
    const duplicate = await a.post('/v1/webhook-endpoints', {
      ...good,
      events: ['job.succeeded', 'job.succeeded'],
    });
    expectProblem(duplicate, 422, 'validation_failed');
    // The path may name the array or the repeated item.
    expect(duplicate.body.field_errors[0]).toMatchObject({ code: 'duplicate_item' });
    expect(duplicate.body.field_errors[0].field).toMatch(/^events(\[1\])?$/);
    const plain = await a.post('/v1/webhook-endpoints', { ...good, url: 'http://example.com/hook' });
    expectProblem(plain, 422, 'validation_failed');
    expect(plain.body.field_errors).toContainEqual(expect.objectContaining({ field: 'url' }));
    const loopback = await a.post('/v1/webhook-endpoints', { ...good, url: 'https://127.0.0.1/hook' });
    expectProblem(loopback, 422, 'validation_failed');
    expect(loopback.body.field_errors).toContainEqual(expect.objectContaining({ field: 'url' }));
  });

  it('url sources refused by the SSRF policy are a 422 on source.url', async () => {
    for (const url of [
      'http://127.0.0.1:9/',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
    ]) {
      const reply = await a.post('/v1/jobs', {
        source: { type: 'url', url },
        output: { profile: 'raw_source' },
      });
      expectProblem(reply, 422, 'validation_failed');
      expect(reply.body.field_errors, url).toContainEqual(expect.objectContaining({ field: 'source.url' }));
    }
  });
});

describe('idempotency (CONTRACT §5)', () => {
  it('400 idempotency_key_missing on every create*', async () => {
    const job = await a.get('/v1/jobs?limit=1');
    const jobId = (job.body.data[0] as { id: string } | undefined)?.id ?? 'job_zzzzzzzzzzzzzzzzzzzz';
    const bodies: [string, unknown][] = [
      ['/v1/jobs', textJob('hello')],
      [
        '/v1/upload-intents',
        { name: 'a.txt', media_type: 'text/plain', size_bytes: 1, sha256: 'a'.repeat(64) },
      ],
      ['/v1/webhook-endpoints', { url: 'https://example.com/h', events: ['job.failed'] }],
      [`/v1/jobs/${jobId}/outputs`, { output: { profile: 'raw_source' } }],
    ];
    for (const [path, json] of bodies) {
      const reply = await http(base, 'POST', path, { key: a.key, json });
      expectProblem(reply, 400, 'idempotency_key_missing');
      expect(reply.body.retryable).toBe(false);
    }
  });

  it('400 idempotency_key_invalid for values outside 1..255 printable ASCII', async () => {
    for (const idem of ['k'.repeat(256), 'has space', 'tab\tkey']) {
      const reply = await a.post('/v1/jobs', textJob('hello'), { idem });
      expectProblem(reply, 400, 'idempotency_key_invalid');
    }
    // 255 printable characters and an RFC 8941 quoted string are fine.
    expectResource(await a.post('/v1/jobs', textJob('hello'), { idem: `K${'~'.repeat(254)}` }), 201, 'Job');
    expectResource(await a.post('/v1/jobs', textJob('hello'), { idem: '"quoted-key-1"' }), 201, 'Job');
  });

  it('a repeat replays status, Location and body with Idempotent-Replayed: true and creates nothing', async () => {
    const key = `replay-${String(Date.now())}`;
    const body = textJob('Replay me please. This is a sentence.');
    const first = await a.post('/v1/jobs', body, { idem: key });
    expectResource(first, 201, 'Job');
    expect(first.headers.get('idempotent-replayed')).not.toBe('true');
    const second = await a.post('/v1/jobs', body, { idem: key });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.body).toEqual(first.body);
    // Key order in the body does not matter (canonical JSON fingerprint).
    const reordered = { output: body.output, source: body.source };
    const third = await a.post('/v1/jobs', reordered, { idem: key });
    expect(third.status).toBe(201);
    expect(third.body.id).toBe(first.body.id);
    const list = await a.get('/v1/jobs?limit=100');
    const ids = (list.body.data as { id: string }[]).map((j) => j.id);
    expect(ids.filter((id) => id === first.body.id)).toHaveLength(1);
    // Also for the other creates.
    const hook = { url: 'https://example.com/replay', events: ['job.succeeded'] };
    const h1 = await a.post('/v1/webhook-endpoints', hook, { idem: `${key}-hook` });
    const h2 = await a.post('/v1/webhook-endpoints', hook, { idem: `${key}-hook` });
    expectResource(h1, 201, 'WebhookEndpointWithSecret');
    expect(h2.status).toBe(201);
    expect(h2.headers.get('idempotent-replayed')).toBe('true');
    expect(h2.body).toEqual(h1.body);
    expect(h2.headers.get('location')).toBe(h1.headers.get('location'));
  });

  it('422 idempotency_key_reused for the same key with another body or path', async () => {
    const key = `reuse-${String(Date.now())}`;
    expectResource(await a.post('/v1/jobs', textJob('first body'), { idem: key }), 201, 'Job');
    const other = await a.post('/v1/jobs', textJob('second body'), { idem: key });
    expectProblem(other, 422, 'idempotency_key_reused');
    const otherPath = await a.post(
      '/v1/upload-intents',
      { name: 'a.txt', media_type: 'text/plain', size_bytes: 1, sha256: 'a'.repeat(64) },
      { idem: key },
    );
    expectProblem(otherPath, 422, 'idempotency_key_reused');
  });

  it('keys are scoped per account', async () => {
    const key = `scoped-${String(Date.now())}`;
    const fromA = await a.post('/v1/jobs', textJob('account a'), { idem: key });
    const fromB = await b.post('/v1/jobs', textJob('account b'), { idem: key });
    expectResource(fromA, 201, 'Job');
    expectResource(fromB, 201, 'Job');
    expect(fromB.body.id).not.toBe(fromA.body.id);
    expect(fromB.headers.get('idempotent-replayed')).not.toBe('true');
  });

  it('a request refused by validation is not stored: the corrected request with the same key runs', async () => {
    const key = `corrected-${String(Date.now())}`;
    expectProblem(
      await a.post('/v1/jobs', textJob('x', { profile: 'poem' }), { idem: key }),
      422,
      'validation_failed',
    );
    const fixed = await a.post('/v1/jobs', textJob('x fixed'), { idem: key });
    expectResource(fixed, 201, 'Job');
    expect(fixed.headers.get('idempotent-replayed')).not.toBe('true');
  });

  it('honoured on other POST/PATCH, ignored on GET/DELETE', async () => {
    const hook = await a.post('/v1/webhook-endpoints', {
      url: 'https://example.com/idem',
      events: ['job.failed'],
    });
    expectResource(hook, 201, 'WebhookEndpointWithSecret');
    const path = `/v1/webhook-endpoints/${hook.body.id as string}`;
    const key = `patch-${String(Date.now())}`;
    const first = await a.patch(path, { description: 'one' }, { idem: key });
    expectResource(first, 200, 'WebhookEndpoint');
    const again = await a.patch(path, { description: 'one' }, { idem: key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expectProblem(await a.patch(path, { description: 'two' }, { idem: key }), 422, 'idempotency_key_reused');
    const pause = await a.post(`${path}/pause`, undefined, { idem: `${key}-pause` });
    expectResource(pause, 200, 'WebhookEndpoint');
    const pauseAgain = await a.post(`${path}/pause`, undefined, { idem: `${key}-pause` });
    expect(pauseAgain.headers.get('idempotent-replayed')).toBe('true');
    // GET and DELETE ignore the header, even an invalid one.
    expectResource(await a.get('/v1/jobs', { idem: 'x'.repeat(300) }), 200, 'JobList');
    const deleted = await a.del(path, { idem: 'has space' });
    expect(deleted.status).toBe(204);
  });

  it('concurrent creates with one key yield exactly one job (others replay or 409 in_use)', async () => {
    const key = `race-${String(Date.now())}`;
    const body = textJob('Concurrent request body. '.repeat(2000));
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => a.post('/v1/jobs', body, { idem: key })),
    );
    const ids = new Set<string>();
    for (const reply of replies) {
      if (reply.status === 409) {
        expectProblem(reply, 409, 'idempotency_key_in_use');
        expect(reply.body.retryable).toBe(true);
        expect(reply.headers.get('retry-after')).toBe('1');
      } else {
        expectResource(reply, 201, 'Job');
        ids.add(reply.body.id as string);
      }
    }
    expect(ids.size).toBe(1);
  });
});

describe('query parameters and cursors (CONTRACT §6)', () => {
  it('400 invalid_parameter for limit=0, 101, abc, -1 and a bad status filter', async () => {
    for (const path of ['/v1/jobs', '/v1/webhook-endpoints']) {
      for (const limit of ['0', '101', 'abc', '-1', '1.5']) {
        const reply = await a.get(`${path}?limit=${limit}`);
        expectProblem(reply, 400, 'invalid_parameter');
        expect(reply.body.field_errors).toContainEqual(expect.objectContaining({ field: 'limit' }));
      }
      expectResource(
        await a.get(`${path}?limit=100`),
        200,
        path === '/v1/jobs' ? 'JobList' : 'WebhookEndpointList',
      );
      expectResource(
        await a.get(`${path}?limit=1`),
        200,
        path === '/v1/jobs' ? 'JobList' : 'WebhookEndpointList',
      );
    }
    const status = await a.get('/v1/jobs?status=done');
    expectProblem(status, 400, 'invalid_parameter');
    expect(status.body.field_errors).toContainEqual(expect.objectContaining({ field: 'status' }));
  });

  it('400 invalid_cursor for a tampered cursor, another list, another filter or another account', async () => {
    for (let i = 0; i < 3; i++)
      expectResource(await a.post('/v1/jobs', textJob(`cursor job ${String(i)}`)), 201, 'Job');
    const page = await a.get('/v1/jobs?limit=1');
    expectResource(page, 200, 'JobList');
    const cursor = page.body.page.next_cursor as string;
    expect(typeof cursor).toBe('string');
    expect(cursor.length).toBeLessThanOrEqual(512);
    expectResource(await a.get(`/v1/jobs?limit=1&cursor=${encodeURIComponent(cursor)}`), 200, 'JobList');

    const flipped = cursor.slice(0, -3) + (cursor.endsWith('AAA') ? 'BBB' : 'AAA');
    const mid = Math.floor(cursor.length / 2);
    const flippedMid = cursor.slice(0, mid) + (cursor[mid] === 'x' ? 'y' : 'x') + cursor.slice(mid + 1);
    for (const bad of [flipped, flippedMid, 'garbage', 'x'.repeat(600)]) {
      const reply = await a.get(`/v1/jobs?limit=1&cursor=${encodeURIComponent(bad)}`);
      expectProblem(reply, 400, 'invalid_cursor');
      expect(reply.body.retryable).toBe(false);
    }
    expectProblem(
      await a.get(`/v1/webhook-endpoints?cursor=${encodeURIComponent(cursor)}`),
      400,
      'invalid_cursor',
    );
    expectProblem(
      await a.get(`/v1/jobs?status=queued&cursor=${encodeURIComponent(cursor)}`),
      400,
      'invalid_cursor',
    );
    expectProblem(await b.get(`/v1/jobs?cursor=${encodeURIComponent(cursor)}`), 400, 'invalid_cursor');
  });
});

describe('capabilities and usage are readable by every account', () => {
  it('getCapabilities and getUsage', async () => {
    expectResource(await b.get('/v1/capabilities'), 200, 'Capabilities');
    expectResource(await b.get('/v1/usage'), 200, 'Usage');
  });

  it('every create answers 201 with a Location naming the resource', async () => {
    const job = await a.post('/v1/jobs', textJob('Location check sentence.'));
    expectResource(job, 201, 'Job');
    expect(job.body.id).toMatch(ID.job);
    expect(new URL(job.headers.get('location') ?? '', base).pathname).toBe(
      `/v1/jobs/${job.body.id as string}`,
    );
    await waitJob(a, job.body.id as string);
  });
});

describe('operator keys (CONTRACT §4)', () => {
  it('a key made with `transmute keys create` works; after `keys revoke` it is invalid_token', async () => {
    const out = await extraKey;
    const created = lastJsonLine(out) as { api_key: string; key_id: string };
    expect(created.api_key).toMatch(/^tmk_[A-Za-z0-9]{32,}$/);
    const job = await b.post('/v1/jobs', textJob('Made with key one.'));
    expectResource(job, 201, 'Job');
    const viaNewKey = await http(base, 'GET', `/v1/jobs/${job.body.id as string}`, { key: created.api_key });
    expectResource(viaNewKey, 200, 'Job');
    await runCli(['keys', 'revoke', created.api_key, '--data-dir', service.dataDir, '--json']);
    const revoked = await http(base, 'GET', '/v1/jobs', { key: created.api_key });
    expectProblem(revoked, 401, 'invalid_token');
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer realm="transmute", error="invalid_token"');
    expectResource(await b.get('/v1/jobs'), 200, 'JobList');
  });
});

describe('plan limits (CONTRACT §3, §11)', () => {
  it('429 rate_limited with Retry-After and RateLimit headers past the free plan burst', async () => {
    const replies = await Promise.all(Array.from({ length: 45 }, () => free.get('/v1/usage')));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(15);
    const first = limited[0] as Reply;
    expectProblem(first, 429, 'rate_limited');
    expect(first.body.retryable).toBe(true);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('ratelimit')).not.toBeNull();
    expect(first.headers.get('ratelimit-policy')).not.toBeNull();
  });

  it('429 quota_exceeded (not retryable) once the 100 jobs of the free plan are used', async () => {
    // The previous test spent the free plan's request budget: every call here waits out
    // rate_limited answers (as a client honouring Retry-After does) so only the quota can refuse.
    const politely = async (send: () => Promise<Reply>): Promise<Reply> => {
      for (;;) {
        const reply = await send();
        if (reply.status !== 429 || reply.body.code !== 'rate_limited') return reply;
        await new Promise((r) => setTimeout(r, 1000 * Number(reply.headers.get('retry-after') ?? '1')));
      }
    };
    const createPolitely = (i: number): Promise<Reply> =>
      politely(() => free.post('/v1/jobs', textJob(`Quota job ${String(i)}.`)));
    const usage = await politely(() => free.get('/v1/usage'));
    expect(usage.body.limits.jobs).toBe(100);
    // Batches of 10 a second stay within the free plan's 10 requests/s.
    let remaining = 100 - (usage.body.jobs_created as number);
    let n = 0;
    while (remaining > 0) {
      const batch = Math.min(remaining, 9);
      const started = Date.now();
      const replies = await Promise.all(Array.from({ length: batch }, () => createPolitely(n++)));
      for (const reply of replies) expectResource(reply, 201, 'Job');
      remaining -= batch;
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    }
    const refused = await createPolitely(101);
    expectProblem(refused, 429, 'quota_exceeded');
    expect(refused.body.retryable).toBe(false);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await politely(() => free.get('/v1/usage'));
    expect(after.body.jobs_created).toBe(100);
  }, 120_000);
});

// Last: a maximum-size text job must not stop the API from answering.
describe('maximum text (spec Limits: 2 000 000 characters)', () => {
  it('2 000 000 characters of multi-byte text are accepted and the API keeps answering', async () => {
    const ok = await a.post('/v1/jobs', textJob('é'.repeat(2_000_000)));
    expectResource(ok, 201, 'Job');
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const started = Date.now();
      const response = await fetch(`${base}/v1/capabilities`, {
        headers: { authorization: `Bearer ${a.key}` },
        signal: AbortSignal.timeout(15_000),
      });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(15_000);
    }
  }, 120_000);
});
