import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { createFakeService, type FakeService } from './fake-service.js';
import { rawExchange, type RawResponse } from './raw-request.js';
import { MOUNTS, startMount, type RunningMount } from './start-mount.js';

const KEY = `tmk_${'a'.repeat(32)}`;
const AUTH = { authorization: `Bearer ${KEY}` };

interface ProblemBody {
  status: number;
  code: string;
  request_id: string;
  retryable: boolean;
  field_errors: { field: string; code: string }[];
}

/** The status, code and field errors of a problem answer, after checking what every problem must carry. */
function problemOf(status: number, headers: (name: string) => string | null, text: string): ProblemBody {
  expect(headers('content-type'), text).toBe('application/problem+json');
  const body = JSON.parse(text) as ProblemBody;
  expect(body.status).toBe(status);
  expect(headers('request-id') ?? 'none', text).toMatch(/^req_[A-Za-z0-9]{24}$/);
  expect(body.request_id).toBe(headers('request-id'));
  return body;
}

function rawProblem(response: RawResponse): ProblemBody {
  return problemOf(response.status, (name) => response.headers[name] ?? null, response.body.toString('utf8'));
}

async function fetchProblem(url: string, init: RequestInit = {}): Promise<ProblemBody> {
  const response = await fetch(url, { ...init, headers: { ...AUTH, ...init.headers } });
  return problemOf(response.status, (name) => response.headers.get(name), await response.text());
}

const fields = (problem: ProblemBody) => problem.field_errors.map((error) => [error.field, error.code]);

/** Requests node:http refuses before any listener sees them (issue 13's raw-socket probes). */
const UNPARSABLE: [string, string][] = [
  ['a NUL in a header value', 'GET /v1/jobs HTTP/1.1\r\nHost: a\r\nX-A: a\u0000b\r\n\r\n'],
  ['a DEL in a header value', 'GET /v1/jobs HTTP/1.1\r\nHost: a\r\nX-A: a\u007fb\r\n\r\n'],
  [
    'a bad chunk size',
    'POST /v1/jobs HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n',
  ],
  [
    'Content-Length with Transfer-Encoding',
    'POST /v1/jobs HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n',
  ],
  [
    'two Content-Length',
    'POST /v1/jobs HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd',
  ],
  ['an unknown method', 'FROB /v1/jobs HTTP/1.1\r\nHost: a\r\n\r\n'],
  ['a bad HTTP version', 'GET /v1/jobs HTTP/9.9\r\nHost: a\r\n\r\n'],
];

describe.each(MOUNTS)('%s mount, hostile requests', (mount) => {
  let server: RunningMount;
  let service: FakeService;
  const logged: { level: 'error' | 'debug'; details: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    service = createFakeService();
    const logger = {
      error: (_message: string, details: Record<string, unknown>) => logged.push({ level: 'error', details }),
      debug: (_message: string, details: Record<string, unknown>) => logged.push({ level: 'debug', details }),
    };
    server = await startMount(mount, createFetchHandler({ service, logger }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a lone surrogate or a NUL in a body string with 422 invalid_value, with or without a key', async () => {
    for (const bad of ['x\ud800', '\udc00', 'a\u0000b']) {
      const created = await fetchProblem(`${server.url}/v1/jobs`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': `k-${bad.length}-${bad.charCodeAt(1)}`,
        },
        body: JSON.stringify({
          source: { type: 'text', content: bad, title: bad },
          output: { profile: 'raw_source' },
        }),
      });
      expect(created).toMatchObject({ status: 422, code: 'validation_failed', retryable: false });
      expect(fields(created).sort()).toEqual([
        ['source.content', 'invalid_value'],
        ['source.title', 'invalid_value'],
      ]);
      for (const key of [{ 'idempotency-key': 'patch-key' }, {}]) {
        const patched = await fetchProblem(`${server.url}/v1/webhook-endpoints/wh_000000000001`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...key },
          body: JSON.stringify({ description: bad }),
        });
        expect(patched.code).toBe('validation_failed');
        expect(fields(patched)).toEqual([['description', 'invalid_value']]);
      }
    }
    expect(service.jobs.size).toBe(0);
  });

  it.each([
    ['a repeated parameter', '/v1/jobs?limit=1&limit=2', [['limit', 'invalid_value']]],
    ['an unknown parameter', '/v1/jobs?limit=1&bogus=1', [['bogus', 'unknown_field']]],
    ['a parameter of an operation that takes none', '/v1/capabilities?x=1', [['x', 'unknown_field']]],
    ['invalid percent-encoding', '/v1/jobs?limit=%ZZ', [['limit', 'invalid_format']]],
    ['an encoded lone surrogate', '/v1/jobs?cursor=%ED%A0%80', [['cursor', 'invalid_format']]],
    ['a NUL', '/v1/webhook-endpoints/wh_000000000001/deliveries?status=%00', [['status', 'invalid_value']]],
    ['a name that does not decode', '/v1/jobs?%E0=1', [['%E0', 'invalid_format']]],
  ])('answers 400 invalid_parameter for %s in the query', async (_name, path, expected) => {
    const problem = await fetchProblem(`${server.url}${path}`);
    expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', retryable: false });
    expect(fields(problem)).toEqual(expected);
  });

  it.each([
    ['an encoded lone surrogate', '/v1/jobs/%ED%A0%80'],
    ['invalid percent-encoding', '/v1/webhook-endpoints/wh_%ZZ/deliveries'],
  ])('answers 400 invalid_parameter for %s in a path parameter', async (_name, path) => {
    const problem = await fetchProblem(`${server.url}${path}`);
    expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(problem.field_errors[0]?.code).toBe('invalid_format');
  });

  it.each(UNPARSABLE)('answers %s with 400 malformed_request and a Request-Id', async (_name, bytes) => {
    const problem = rawProblem(await rawExchange(server.url, bytes));
    expect(problem).toMatchObject({ status: 400, code: 'malformed_request', retryable: false });
  });

  it('answers oversized headers with 431 headers_too_large', async () => {
    const bytes = `GET /v1/jobs HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(rawProblem(await rawExchange(server.url, bytes))).toMatchObject({ code: 'headers_too_large' });
  });

  it('answers CONNECT through the router and closes the connection', async () => {
    const proxy = await rawExchange(
      server.url,
      'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
    );
    expect(rawProblem(proxy)).toMatchObject({ status: 404, code: 'route_not_found' });
    const known = await rawExchange(server.url, 'CONNECT /v1/jobs HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(rawProblem(known)).toMatchObject({ status: 405, code: 'method_not_allowed' });
    expect(known.headers.allow).toBe('GET, HEAD, POST');
  });

  it('serves a request with an unknown expectation like any other', async () => {
    const bytes = `GET /v1/capabilities HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${KEY}\r\nExpect: frobnicate\r\nConnection: close\r\n\r\n`;
    const response = await rawExchange(server.url, bytes);
    expect(response.status).toBe(200);
    expect(response.headers['request-id']).toMatch(/^req_/);
  });

  it('logs a client that breaks off its body at debug level, never as an error', async () => {
    logged.length = 0;
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const head = `POST /v1/jobs HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer ${KEY}\r\nIdempotency-Key: gone\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    socket.write(`${head}{"source":`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.resetAndDestroy();
    for (let i = 0; i < 50 && !logged.some((entry) => entry.level === 'debug'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    expect(logged.some((entry) => entry.level === 'debug')).toBe(true);
  });
});

describe('node mount, a request without Host', () => {
  it('answers an HTTP/1.1 request without Host with 400 malformed_request and a problem body', async () => {
    const server = await startMount('node', createFetchHandler({ service: createFakeService() }));
    try {
      const response = await rawExchange(
        server.url,
        'GET /v1/capabilities HTTP/1.1\r\nConnection: close\r\n\r\n',
      );
      expect(rawProblem(response)).toMatchObject({ status: 400, code: 'malformed_request' });
    } finally {
      await server.close();
    }
  });
});
