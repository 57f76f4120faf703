import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call } from '../support/api.js';
import { createTextJob, TEXT, waitForJob, type E2eCase } from './context.js';

const JOB = { source: { type: 'text', content: TEXT }, output: { profile: 'raw_source' } };

/** CONTRACT §3 rows that the transport, auth and idempotency layers answer. */
export const ERROR_CASES: E2eCase[] = [
  {
    name: 'unknown routes answer 404 route_not_found and wrong methods 405 with Allow',
    async run(ctx) {
      expect((await ctx.api('GET', '/v1/nothing-here')).body.code).toBe('route_not_found');
      expect((await ctx.api('GET', '/v2/jobs')).body.code).toBe('route_not_found');
      const wrong = await ctx.api('PUT', '/v1/jobs');
      expect(wrong.status).toBe(405);
      expect(wrong.body.code).toBe('method_not_allowed');
      expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
      expect((await ctx.api('GET', '/v1/jobs/job_000000000000/cancel')).headers.get('allow')).toBe('POST');
    },
  },
  {
    name: 'HEAD answers like GET without a body: reads, errors, auth and signed artifacts',
    async run(ctx) {
      const head = (url: string, key: string | null = ctx.a.apiKey) =>
        fetch(url, { method: 'HEAD', headers: key === null ? {} : { authorization: `Bearer ${key}` } });
      const get = await ctx.api('GET', '/v1/capabilities');
      const read = await head(`${ctx.stack.url}/v1/capabilities`);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(read.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
      expect(await read.text()).toBe('');
      const job = await createTextJob(ctx);
      const foreign = await head(`${ctx.stack.url}/v1/jobs/${job.id}`, ctx.b.apiKey);
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('content-type')).toBe('application/problem+json');
      expect((await head(`${ctx.stack.url}/v1/jobs`, null)).headers.get('www-authenticate')).toBe(
        'Bearer realm="transmute"',
      );
      const cancel = await head(`${ctx.stack.url}/v1/jobs/${job.id}/cancel`);
      expect(cancel.status).toBe(405);
      expect(cancel.headers.get('allow')).toBe('POST');
      await waitForJob(ctx, job.id, ['succeeded']);
      const output = await ctx.api('GET', `/v1/outputs/${String(job.output_ids[0])}`);
      const file = output.body.manifest.files[0];
      const artifact = await head(file.download_url as string, null);
      expect(artifact.status).toBe(200);
      expect(artifact.headers.get('content-length')).toBe(String(file.size_bytes));
      expect(artifact.headers.get('etag')).toBe(`"${String(file.sha256)}"`);
      expect(await artifact.text()).toBe('');
    },
  },
  {
    name: 'malformed, unknown and foreign ids answer the same 404 not_found',
    async run(ctx) {
      const foreign = await createTextJob(ctx, { key: ctx.b.apiKey });
      const bodies = [];
      for (const id of ['nope', 'job_short', 'job_AAAAAAAAAAAAAAAA', foreign.id]) {
        const response = await ctx.api('GET', `/v1/jobs/${id}`);
        expect(response.status, id).toBe(404);
        const { request_id: _id, ...rest } = response.body;
        bodies.push(rest);
      }
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      expect(bodies[0]?.code).toBe('not_found');
    },
  },
  {
    name: 'missing or bad credentials answer 401 with WWW-Authenticate; a revoked key stops working',
    async run(ctx) {
      const none = await ctx.api('GET', '/v1/jobs', { key: null });
      expect(none.status).toBe(401);
      expect(none.body.code).toBe('unauthenticated');
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="transmute"');
      for (const key of [`tmk_${'x'.repeat(40)}`, 'tmk_short', 'not-a-key']) {
        const bad = await ctx.api('GET', '/v1/jobs', { key });
        expect(bad.status).toBe(401);
        expect(bad.body.code).toBe('invalid_token');
        expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="transmute", error="invalid_token"');
      }
      const basic = await ctx.api('GET', '/v1/jobs', { key: null, headers: { authorization: 'Basic dTpw' } });
      expect(basic.status).toBe(401);
      const account = await ctx.stack.newAccount();
      expect((await ctx.api('GET', '/v1/usage', { key: account.apiKey })).status).toBe(200);
      expect(await ctx.stack.service.admin.revokeApiKey(account.apiKey)).toBe(true);
      expect((await ctx.api('GET', '/v1/usage', { key: account.apiKey })).body.code).toBe('invalid_token');
    },
  },
  {
    name: 'a suspended account can read but not change anything',
    async run(ctx) {
      const account = await ctx.stack.newAccount();
      await ctx.stack.service.admin.setAccountStatus(account.accountId, 'suspended');
      expect((await ctx.api('GET', '/v1/jobs', { key: account.apiKey })).status).toBe(200);
      const create = await ctx.api('POST', '/v1/jobs', {
        key: account.apiKey,
        idempotencyKey: randomUUID(),
        json: JOB,
      });
      expect(create.status).toBe(403);
      expect(create.body.code).toBe('account_suspended');
    },
  },
  {
    name: 'bodies are checked for media type, size, JSON syntax and schema, in that order',
    async run(ctx) {
      const post = (body: string, headers: Record<string, string>) =>
        ctx.api('POST', '/v1/jobs', { raw: body, headers, idempotencyKey: randomUUID() });
      expect((await post(JSON.stringify(JOB), { 'content-type': 'text/plain' })).body.code).toBe(
        'unsupported_media_type',
      );
      expect((await post(JSON.stringify(JOB), {})).status).toBe(415);
      expect((await post('{"source":', { 'content-type': 'application/json' })).body.code).toBe(
        'invalid_json',
      );
      expect((await post('[]', { 'content-type': 'application/json' })).body.code).toBe('invalid_json');
      const huge = JSON.stringify({
        ...JOB,
        source: { type: 'text', content: 'x'.repeat(17 * 1024 * 1024) },
      });
      expect((await post(huge, { 'content-type': 'application/json' })).status).toBe(413);
      const invalid = await ctx.api('POST', '/v1/jobs', {
        idempotencyKey: randomUUID(),
        json: {
          source: { type: 'files', file_ids: [] },
          output: { profile: 'raw_source', format: 'pdf' },
          account_id: 'acct_x',
        },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body.code).toBe('validation_failed');
      const fields = invalid.body.field_errors.map((item: { field: string }) => item.field).sort();
      expect(fields).toEqual(['account_id', 'output.format', 'source.file_ids']);
      const missing = await ctx.api('POST', '/v1/jobs', { idempotencyKey: randomUUID(), json: {} });
      expect(
        missing.body.field_errors
          .map((item: { field: string; code: string }) => `${item.field}:${item.code}`)
          .sort(),
      ).toEqual(['output:required', 'source:required']);
      const big = await ctx.api('POST', '/v1/webhook-endpoints', {
        idempotencyKey: randomUUID(),
        json: { url: 'https://example.com/hook', events: ['job.succeeded'], description: 'x'.repeat(70_000) },
      });
      expect(big.status).toBe(413);
      expect(big.body.code).toBe('payload_too_large');
    },
  },
  {
    name: 'query parameters are validated',
    async run(ctx) {
      for (const query of ['limit=0', 'limit=101', 'limit=ten', 'status=done']) {
        const response = await ctx.api('GET', `/v1/jobs?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.code).toBe('invalid_parameter');
        expect(response.body.field_errors).toHaveLength(1);
      }
      expect((await ctx.api('GET', '/v1/webhook-endpoints?limit=1')).status).toBe(200);
    },
  },
  {
    name: 'Idempotency-Key is required on creates, checked, replayed and never reused for another body',
    async run(ctx) {
      const missing = await ctx.api('POST', '/v1/jobs', { json: JOB });
      expect(missing.body.code).toBe('idempotency_key_missing');
      const invalid = await ctx.api('POST', '/v1/jobs', { json: JOB, idempotencyKey: 'has space' });
      expect(invalid.body.code).toBe('idempotency_key_invalid');
      const key = randomUUID();
      const first = await ctx.api('POST', '/v1/jobs', { json: JOB, idempotencyKey: key });
      const replay = await ctx.api('POST', '/v1/jobs', { json: JOB, idempotencyKey: `"${key}"` });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.headers.get('location')).toBe(first.headers.get('location'));
      expect(replay.body.id).toBe(first.body.id);
      const reused = await ctx.api('POST', '/v1/jobs', {
        json: { ...JOB, retention: { class: 'ephemeral' } },
        idempotencyKey: key,
      });
      expect(reused.status).toBe(422);
      expect(reused.body.code).toBe('idempotency_key_reused');
      const otherAccount = await ctx.api('POST', '/v1/jobs', {
        key: ctx.b.apiKey,
        json: JOB,
        idempotencyKey: key,
      });
      expect(otherAccount.status).toBe(201);
      expect(otherAccount.body.id).not.toBe(first.body.id);
    },
  },
  {
    name: 'five concurrent creates with one key make exactly one job',
    async run(ctx) {
      const account = await ctx.stack.newAccount();
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(ctx.stack.url, 'POST', '/v1/jobs', { key: account.apiKey, json: JOB, idempotencyKey: key }),
        ),
      );
      for (const response of responses) {
        expect([201, 409]).toContain(response.status);
        if (response.status === 409) {
          expect(response.body.code).toBe('idempotency_key_in_use');
          expect(response.headers.get('retry-after')).toBe('1');
        }
      }
      const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id as string));
      expect(ids.size).toBe(1);
      const list = await ctx.api('GET', '/v1/jobs', { key: account.apiKey });
      expect(list.body.data).toHaveLength(1);
    },
  },
  {
    name: 'request rates past the plan burst answer 429 with Retry-After and RateLimit headers',
    async run(ctx) {
      const account = await ctx.stack.newAccount('free');
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => call(ctx.stack.url, 'GET', '/v1/usage', { key: account.apiKey })),
      );
      const limited = responses.filter((response) => response.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]?.body.code).toBe('rate_limited');
      expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const ok = responses.find((response) => response.status === 200);
      expect(ok?.headers.get('ratelimit-policy')).toBe('"burst";q=20;w=2');
      expect(ok?.headers.get('ratelimit')).toMatch(/^"burst";r=\d+;t=\d+$/);
    },
  },
  {
    name: 'a create past the period quota answers 429 quota_exceeded',
    async run(ctx) {
      const account = await ctx.stack.newAccount('free');
      await ctx.stack.service.admin.setPlan(account.accountId, 'free', { jobs: 1 });
      await createTextJob(ctx, { key: account.apiKey });
      const over = await ctx.api('POST', '/v1/jobs', {
        key: account.apiKey,
        json: JOB,
        idempotencyKey: randomUUID(),
      });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('quota_exceeded');
      expect(over.body.retryable).toBe(false);
    },
  },
];
