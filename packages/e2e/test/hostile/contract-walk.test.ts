import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  isApiErrorCode,
  REQUEST_BODY_SCHEMAS,
  validateRequestBody,
  type FieldError,
  type RequestBodyName,
} from '@transmute/contract';
import {
  API_OPERATIONS,
  MAX_CURSOR_LENGTH,
  QUERY_KINDS,
  type ApiOperation,
  type PathParameterName,
} from '@transmute/contract/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyFieldsOf, samplesOf, withField, type BodyField } from './support/contract-fields.js';
import { createFixtures, type Fixtures } from './support/fixtures.js';
import { STORES, startWalkStack, type WalkStack } from './support/walk-stack.js';

/**
 * Issue 13: every operation of the contract's table, every path and query parameter and every
 * string field of its request schemas, sent lone surrogates, NUL characters and overlong values
 * over real HTTP, on SQLite and PostgreSQL. A refusal is a 4xx problem with the code the contract
 * gives and changes nothing; an acceptable value is accepted; nothing answers 5xx.
 */

interface Reply {
  status: number;
  requestId: string | null;
  contentType: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON read by the test
  body: any;
  text: string;
}

/** Row counts of every table, and the fixtures as GET shows them. */
interface Snapshot {
  rows: Record<string, number>;
  [read: string]: unknown;
}

interface Send {
  path: string;
  query?: string;
  body?: unknown;
  /** Send `Idempotency-Key` (a fresh one) where the operation takes it; default true. */
  key?: boolean;
}

/** What a refusal must answer: status, code and (when given) exactly these field errors. */
interface Refusal {
  status: number;
  code: string;
  fieldErrors?: { field: string; code: string }[];
}

const LONE_AND_NUL: [string, string][] = [
  ['a lone high surrogate', 'x\ud800'],
  ['a lone low surrogate', '\udc00'],
  ['a NUL character', 'a\u0000b'],
];

/** The longest value the walk sends to a field without a length limit. */
const UNBOUNDED_LENGTH = 100_000;

describe.each(STORES)('hostile values in every operation and string field, on %s', (storeKind) => {
  let stack: WalkStack;
  let ids: Fixtures;

  async function send(operation: ApiOperation, request: Send): Promise<Reply> {
    const headers: Record<string, string> = { authorization: `Bearer ${stack.apiKey}` };
    if (operation.idempotencyKey !== 'none' && request.key !== false)
      headers['idempotency-key'] = randomUUID();
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const query = request.query === undefined ? '' : `?${request.query}`;
    const response = await fetch(`${stack.url}${request.path}${query}`, {
      method: operation.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const body: unknown = text !== '' && /json/.test(contentType ?? '') ? JSON.parse(text) : text;
    return {
      status: response.status,
      requestId: response.headers.get('request-id'),
      contentType,
      body,
      text,
    };
  }

  /** The rows of every table and the fixtures as GET shows them: equal when a request stored nothing. */
  async function snapshot(): Promise<Snapshot> {
    const read = (path: string) =>
      fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${stack.apiKey}` } }).then((r) =>
        r.text(),
      );
    return {
      rows: await stack.rowCounts(),
      endpoint: await read(`/v1/webhook-endpoints/${ids.endpoint_id}/deliveries`),
      endpoints: await read('/v1/webhook-endpoints'),
      file: await read(`/v1/files/${ids.file_id}`),
      job: await read(`/v1/jobs/${ids.job_id}`),
    };
  }

  function expectNoServerError(reply: Reply, where: string): void {
    expect(reply.status, `${where} → ${reply.text.slice(0, 300)}`).toBeLessThan(500);
    expect(reply.requestId ?? 'none', where).toMatch(/^req_[A-Za-z0-9]{24}$/);
    if (reply.status >= 400) {
      expect(reply.contentType, where).toBe('application/problem+json');
      expect(reply.body.request_id, where).toBe(reply.requestId);
      expect(reply.body.status, where).toBe(reply.status);
    }
  }

  /** Sends a request that must be refused, and checks the answer and that nothing changed. */
  async function expectRefused(operation: ApiOperation, request: Send, refusal: Refusal, where: string) {
    const before = await snapshot();
    const reply = await send(operation, request);
    expectNoServerError(reply, where);
    expect(reply.status, `${where} → ${reply.text.slice(0, 300)}`).toBe(refusal.status);
    expect(reply.body.code, where).toBe(refusal.code);
    expect(reply.body.retryable, where).toBe(false);
    if (refusal.fieldErrors !== undefined) {
      const fields = (reply.body.field_errors as FieldError[]).map(({ field, code }) => ({ field, code }));
      expect(fields, where).toEqual(refusal.fieldErrors);
    }
    await expectUnchanged(before, { operation, request, code: refusal.code }, where);
  }

  /**
   * Checks a refused request stored nothing, except what CONTRACT §5 keeps: an error the operation
   * answered once it ran (`remembered`, e.g. 404 of an unknown id) is stored with its key.
   */
  async function expectUnchanged(
    before: Snapshot,
    refused: { operation: ApiOperation; request: Send; code: string },
    where: string,
  ): Promise<void> {
    const after = await snapshot();
    const { operation, request, code } = refused;
    const keyed = operation.idempotencyKey !== 'none' && request.key !== false;
    if (keyed && isApiErrorCode(code) && API_ERRORS[code].remembered) {
      const kept = before.rows.idempotency_keys ?? 0;
      // Stored only when the operation ran (an unknown id), not when the router refused a malformed one.
      expect(after.rows.idempotency_keys, where).toBeLessThanOrEqual(kept + 1);
      after.rows.idempotency_keys = kept;
    }
    expect(after, `${where} stored something`).toEqual(before);
  }

  function pathOf(operation: ApiOperation, replace: Partial<Record<PathParameterName, string>> = {}): string {
    return operation.pathParams.reduce(
      (path, name) => path.replace(`{${name}}`, replace[name] ?? ids[name]),
      operation.path,
    );
  }

  /** A valid body of the operation (the first sample of its schema), or none. */
  function baseBody(operation: ApiOperation): unknown {
    return operation.requestBody === null
      ? undefined
      : samplesOf(REQUEST_BODY_SCHEMAS[requestSchemaName(operation)])[0];
  }

  beforeAll(async () => {
    stack = await startWalkStack(storeKind);
    ids = await createFixtures(stack.url, stack.apiKey);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('refuses path parameters that do not decode (400), and NUL or overlong ids (404), changing nothing', async () => {
    for (const operation of API_OPERATIONS) {
      for (const name of operation.pathParams) {
        const prefix = ids[name].slice(0, ids[name].indexOf('_') + 1);
        const where = `${operation.operationId} ${name}`;
        const body = baseBody(operation);
        const fieldErrors = [{ field: name, code: 'invalid_format' }];
        await expectRefused(
          operation,
          { path: pathOf(operation, { [name]: `${prefix}%ED%A0%80AAAAAAAAAAAA` }), body },
          { status: 400, code: 'invalid_parameter', fieldErrors },
          `${where} (an encoded lone surrogate)`,
        );
        await expectRefused(
          operation,
          { path: pathOf(operation, { [name]: `${prefix}%ZZAAAAAAAAAAAA` }), body },
          { status: 400, code: 'invalid_parameter', fieldErrors },
          `${where} (invalid percent-encoding)`,
        );
        await expectRefused(
          operation,
          { path: pathOf(operation, { [name]: `${prefix}%00AAAAAAAAAAAA` }), body },
          { status: 404, code: 'not_found' },
          `${where} (a NUL)`,
        );
        await expectRefused(
          operation,
          { path: pathOf(operation, { [name]: `${prefix}${'A'.repeat(8_000)}` }), body },
          { status: 404, code: 'not_found' },
          `${where} (an overlong id)`,
        );
      }
    }
  });

  it('refuses hostile, unknown and repeated query parameters with 400, before anything runs', async () => {
    for (const operation of API_OPERATIONS) {
      const kind = QUERY_KINDS[operation.query];
      const base = { path: pathOf(operation), body: baseBody(operation) };
      const where = operation.operationId;
      const refuse = (query: string, refusal: Refusal, what: string) =>
        expectRefused(operation, { ...base, query }, refusal, `${where}?${query.slice(0, 60)} (${what})`);
      const invalid = (field: string, code: string): Refusal => ({
        status: 400,
        code: 'invalid_parameter',
        fieldErrors: [{ field, code }],
      });
      await refuse('bogus=1', invalid('bogus', 'unknown_field'), 'an unknown parameter');
      if (kind === null) continue;
      const overlong: Record<string, [string, Refusal]> = {
        limit: [`${kind.limit.max}${'0'.repeat(400)}`, invalid('limit', 'too_large')],
        cursor: ['A'.repeat(MAX_CURSOR_LENGTH + 1), { status: 400, code: 'invalid_cursor' }],
        status: [`${kind.statuses?.[0] ?? ''}${'x'.repeat(400)}`, invalid('status', 'invalid_value')],
      };
      const names = ['limit', 'cursor', ...(kind.statuses === null ? [] : ['status'])];
      for (const name of names) {
        await refuse(`${name}=%ED%A0%80`, invalid(name, 'invalid_format'), 'an encoded lone surrogate');
        await refuse(`${name}=%00`, invalid(name, 'invalid_value'), 'a NUL');
        const [value, refusal] = overlong[name] ?? ['', invalid(name, 'invalid_value')];
        await refuse(`${name}=${value}`, refusal, 'an overlong value');
        await refuse(`${name}=1&${name}=1`, invalid(name, 'invalid_value'), 'a repeated parameter');
      }
    }
  });

  const bodyOperations = API_OPERATIONS.filter((operation) => operation.requestBody !== null);

  it.each(bodyOperations.map((operation) => [operation.operationId, operation] as const))(
    'refuses lone surrogates and NUL in every string field of %s with 422 invalid_value, changing nothing',
    async (_id, operation) => {
      const fields = bodyFieldsOf(requestSchemaName(operation));
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        for (const [what, bad] of LONE_AND_NUL) {
          const body = withField(field.body, field.path, bad);
          const refusal = {
            status: 422,
            code: 'validation_failed',
            fieldErrors: [{ field: field.field, code: 'invalid_value' }],
          };
          const keys = operation.idempotencyKey === 'optional' ? [true, false] : [true];
          for (const key of keys) {
            const where = `${operation.operationId} ${field.field} (${what}, ${key ? 'with' : 'without'} a key)`;
            await expectRefused(operation, { path: pathOf(operation), body, key }, refusal, where);
          }
        }
      }
    },
  );

  it.each(bodyOperations.map((operation) => [operation.operationId, operation] as const))(
    'answers overlong values in every string field of %s with the contract’s field error, and never 5xx',
    async (_id, operation) => {
      const name = requestSchemaName(operation);
      for (const field of bodyFieldsOf(name)) {
        for (const [what, value] of longValues(field)) {
          const body = withField(field.body, field.path, value);
          const expected = validateRequestBody(name, body).map(({ field: at, code }) => ({
            field: at,
            code,
          }));
          const where = `${operation.operationId} ${field.field} (${what})`;
          if (what === 'one past the limit')
            expect(expected, where).toEqual([{ field: field.field, code: 'too_long' }]);
          if (expected.length > 0) {
            await expectRefused(
              operation,
              { path: pathOf(operation), body },
              { status: 422, code: 'validation_failed', fieldErrors: expected },
              where,
            );
            continue;
          }
          // Valid by the contract: accepted, or refused for what the service knows (an unknown file).
          const request = { path: pathOf(operation), body };
          const before = await snapshot();
          const reply = await send(operation, request);
          expectNoServerError(reply, where);
          if (reply.status >= 400) {
            await expectUnchanged(before, { operation, request, code: String(reply.body.code) }, where);
          }
        }
      }
    },
  );

  it('logged no internal error', () => {
    expect(stack.errors).toEqual([]);
  });
});

function requestSchemaName(operation: ApiOperation): RequestBodyName {
  if (operation.requestBody === null) throw new Error(`${operation.operationId} takes no body`);
  return operation.requestBody.schema;
}

/** `base` padded (or cut) to exactly `length` characters, keeping its start (a URL stays a URL). */
function fit(base: string, length: number): string {
  return base.length >= length ? 'a'.repeat(length) : base + 'a'.repeat(length - base.length);
}

/**
 * The long values a field gets: one past its `maxLength`; for a field without one, a value far
 * longer than any other (an id or a URL stays well-formed); and, where the limit is small enough
 * to send, the limit in astral characters (legitimate: limits count code points, as PostgreSQL's
 * `varchar(n)` does).
 */
function longValues(field: BodyField): [string, string][] {
  const { schema } = field;
  const base = String(field.body === undefined ? '' : pick(field.body, field.path));
  if (schema.enum !== undefined || schema.const !== undefined)
    return [['an overlong enumeration value', base + 'x'.repeat(1_000)]];
  if (schema.maxLength !== undefined) {
    const values: [string, string][] = [['one past the limit', fit(base, schema.maxLength + 1)]];
    if (schema.format === undefined && schema.pattern === undefined && schema.maxLength <= 10_000) {
      values.push(['the limit in astral characters', '🙂'.repeat(schema.maxLength)]);
    }
    return values;
  }
  if (schema.pattern !== undefined && /\{\d+\}\$$/.test(schema.pattern))
    return [['one past a fixed length', `${base}a`]];
  return [['far longer than anything else', fit(base, UNBOUNDED_LENGTH)]];
}

function pick(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}
