import { expect } from 'vitest';
import { API_OPERATIONS, validateResource, type ResourceName } from '@transmute/contract';

/** A response as the tests read it: status, headers and the parsed body (text when not JSON). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary wire JSON
  body: any;
  text: string;
}

/** Options of one call. */
export interface CallOptions {
  /** Bearer credential; null sends none. */
  key?: string | null;
  json?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;
const MATCHERS = API_OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^${operation.path.replace(/\{[a-z_]+\}/g, '[^/]+')}$`),
}));

/** The contract resource a successful v1 response must match; fails the test on an undocumented status. */
function expectedResource(method: string, path: string, status: number): ResourceName | null {
  const match = MATCHERS.find((item) => item.operation.method === method && item.pattern.test(path));
  if (match === undefined) return null;
  const response = match.operation.responses.find((item) => item.status === status);
  expect(response, `${method} ${path} answered an undocumented ${status}`).toBeDefined();
  return response?.body ?? null;
}

/**
 * Validates any response against the contract: `Request-Id` on every response; problem+json with
 * the Problem schema and matching `request_id`/`status` on errors; the operation's documented
 * resource (strict: no extra fields) on successes; no body on 204.
 */
export function checkResponse(method: string, path: string, response: ApiResponse): void {
  expect(response.headers.get('request-id')).toMatch(REQUEST_ID);
  if (response.status >= 400) {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(validateResource('Problem', response.body)).toEqual([]);
    expect(response.body.request_id).toBe(response.headers.get('request-id'));
    expect(response.body.status).toBe(response.status);
    expect(response.body.type).toMatch(new RegExp(`^https?://.+/problems/${String(response.body.code)}$`));
    expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
    return;
  }
  if (response.status === 204) {
    expect(response.text).toBe('');
    return;
  }
  if (!path.startsWith('/v1/')) return;
  const resource = expectedResource(method, path, response.status);
  if (resource !== null)
    expect(validateResource(resource, response.body), `${method} ${path} → ${resource}`).toEqual([]);
}

/** One HTTP call over real loopback, with every response validated by {@link checkResponse}. */
export async function call(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined && options.key !== null) headers.authorization = `Bearer ${options.key}`;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  const result: ApiResponse = { status: response.status, headers: response.headers, body: parsed, text };
  checkResponse(method, pathAndQuery.split('?')[0] ?? pathAndQuery, result);
  return result;
}

/** Polls `read` until `done` holds (or fails after `timeoutMs`). */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
