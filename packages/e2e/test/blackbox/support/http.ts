import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { isTerminalJobStatus, validateResource, type ResourceName } from '@transmute/contract';

/** CONTRACT §3: `Request-Id` = `req_` + 24 base62. */
export const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;

/** Spec identifier shapes. */
export const ID = {
  file: /^file_[A-Za-z0-9_-]{12,}$/,
  job: /^job_[A-Za-z0-9_-]{12,}$/,
  output: /^out_[A-Za-z0-9_-]{12,}$/,
  artifact: /^artifact_[A-Za-z0-9_-]{12,}$/,
  endpoint: /^wh_[A-Za-z0-9_-]{12,}$/,
  delivery: /^whd_[A-Za-z0-9_-]{12,}$/,
  event: /^evt_[A-Za-z0-9_-]{12,}$/,
} as const;

/** CONTRACT §3: `title` is constant per code (checked across every problem a test file sees). */
const TITLES = new Map<string, string>();

/** A response as the tests read it. */
export interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON read by tests
  body: any;
  text: string;
}

/** One request. */
export interface Send {
  /** Bearer credential; null = no Authorization header. */
  key?: string | null;
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Idempotency-Key; `true` = a fresh random one. */
  idem?: string | true;
}

/**
 * Sends a request and checks what every response must satisfy: a `Request-Id` of the `req_`
 * format; on errors a strict problem+json body whose `request_id`/`status` match.
 */
export async function http(base: string, method: string, path: string, send: Send = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...send.headers };
  if (send.key !== undefined && send.key !== null) headers.authorization = `Bearer ${send.key}`;
  if (send.idem !== undefined) headers['idempotency-key'] = send.idem === true ? randomUUID() : send.idem;
  let body: string | undefined = send.raw;
  if (send.json !== undefined) {
    body = JSON.stringify(send.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (text !== '' && /json/.test(response.headers.get('content-type') ?? '')) parsed = JSON.parse(text);
  const reply: Reply = { status: response.status, headers: response.headers, body: parsed, text };
  const where = `${method} ${path} → ${String(reply.status)} ${text.slice(0, 300)}`;
  expect(response.headers.get('request-id'), where).toMatch(REQUEST_ID);
  if (reply.status >= 400) {
    expect(response.headers.get('content-type'), where).toMatch(/^application\/problem\+json\b/);
    expect(validateResource('Problem', reply.body), where).toEqual([]);
    expect(reply.body.request_id, where).toBe(response.headers.get('request-id'));
    expect(reply.body.status, where).toBe(reply.status);
    expect(reply.body.type, where).toMatch(
      new RegExp(`^https?://[^ ]+/problems/${String(reply.body.code)}$`),
    );
    const code = String(reply.body.code);
    const title = String(reply.body.title);
    expect(TITLES.get(code) ?? title, `title of ${code}`).toBe(title);
    TITLES.set(code, title);
    expect(text, where).not.toMatch(/\bat [^ ]+\.(ts|js|mjs):\d+/);
  } else if (reply.status !== 204 && text !== '') {
    expect(response.headers.get('content-type'), where).toMatch(/^application\/json\b/);
  }
  return reply;
}

/** Asserts a success status and a strict contract body. */
export function expectResource(reply: Reply, status: number, resource: ResourceName): void {
  const where = `${String(reply.status)} ${reply.text.slice(0, 400)}`;
  expect(reply.status, where).toBe(status);
  expect(validateResource(resource, reply.body), where).toEqual([]);
}

/** Asserts a problem with this status and code. */
export function expectProblem(reply: Reply, status: number, code: string): void {
  const where = reply.text.slice(0, 600);
  expect(reply.status, where).toBe(status);
  expect(reply.body.code, where).toBe(code);
}

/** A client bound to a base URL and a key. */
export interface Api {
  base: string;
  key: string;
  get(path: string, send?: Send): Promise<Reply>;
  post(path: string, json?: unknown, send?: Send): Promise<Reply>;
  patch(path: string, json: unknown, send?: Send): Promise<Reply>;
  del(path: string, send?: Send): Promise<Reply>;
}

/** Binds {@link http} to a base URL and key; posts to create* paths get a fresh Idempotency-Key. */
export function api(base: string, key: string): Api {
  return {
    base,
    key,
    get: (path, send = {}) => http(base, 'GET', path, { key, ...send }),
    post: (path, json, send = {}) =>
      http(base, 'POST', path, { key, idem: true, ...(json === undefined ? {} : { json }), ...send }),
    patch: (path, json, send = {}) => http(base, 'PATCH', path, { key, json, ...send }),
    del: (path, send = {}) => http(base, 'DELETE', path, { key, ...send }),
  };
}

/** Polls `get` until `done` holds (short intervals), returning the last reply. */
export async function poll(
  get: () => Promise<Reply>,
  done: (reply: Reply) => boolean,
  timeoutMs = 60_000,
): Promise<Reply> {
  const started = Date.now();
  for (;;) {
    const reply = await get();
    if (done(reply)) return reply;
    if (Date.now() - started > timeoutMs)
      throw new Error(`condition not reached in ${String(timeoutMs)} ms; last: ${reply.text.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Waits for a job to reach a terminal state. */
export async function waitJob(client: Api, jobId: string, timeoutMs = 90_000): Promise<Reply> {
  return poll(
    () => client.get(`/v1/jobs/${jobId}`),
    (r) => r.status === 200 && isTerminalJobStatus(String(r.body.status)),
    timeoutMs,
  );
}

/** A text job body. */
export function textJob(
  content: string,
  output: Record<string, unknown> = { profile: 'raw_source' },
): Record<string, unknown> {
  return { source: { type: 'text', content }, output };
}

/** Checks a timestamp string is RFC 3339 date-time. */
export function isTimestamp(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}
