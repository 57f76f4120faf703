import type { Problem } from '@transmute/contract';
import { TransmuteApiError } from '../transmute-api-error.js';

/** Settings of the retrying transport. */
export interface Transport {
  fetch: typeof fetch;
  maxRetries: number;
  retryBaseDelayMs: number;
  maxRetryDelayMs: number;
}

/** One HTTP exchange. A stream body cannot be replayed, so it is never retried. */
export interface HttpCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  signal?: AbortSignal | undefined;
}

/** A successful answer: the parsed JSON body (undefined for 204 / empty bodies). */
export interface HttpResult {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Waits `ms`, rejecting with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function isProblemLike(value: unknown): value is Partial<Problem> & { code: string; status: number } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'string' && typeof candidate.status === 'number';
}

/** Statuses worth retrying when the body is not a problem (a proxy or load balancer answered). */
const TRANSIENT_STATUSES = new Set([408, 429, 502, 503, 504]);

/** Turns an error response into a TransmuteApiError, synthesizing a problem when the body is not one. */
export async function toApiError(response: Response): Promise<TransmuteApiError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const requestId = response.headers.get('request-id') ?? '';
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const problem: Problem = isProblemLike(parsed)
    ? {
        type: parsed.type ?? 'about:blank',
        title: parsed.title ?? response.statusText,
        status: parsed.status,
        code: parsed.code,
        detail: parsed.detail ?? parsed.title ?? `HTTP ${response.status}`,
        request_id: parsed.request_id ?? requestId,
        retryable: parsed.retryable === true,
        ...(Array.isArray(parsed.field_errors) ? { field_errors: parsed.field_errors } : {}),
      }
    : {
        type: 'about:blank',
        title: response.statusText || `HTTP ${response.status}`,
        status: response.status,
        code: `http_${response.status}`,
        detail: text.slice(0, 200) || `The server answered HTTP ${response.status}.`,
        request_id: requestId,
        retryable: TRANSIENT_STATUSES.has(response.status),
      };
  return new TransmuteApiError(problem, { retryAfter });
}

/** The innermost message of a failed `fetch` (`fetch failed` hides the socket error in its cause). */
function reasonOf(error: unknown): string {
  let reason: unknown = error;
  while (reason instanceof Error && reason.cause instanceof Error) reason = reason.cause;
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * The error of a call that got no answer (refused, reset, DNS, TLS): a `TransmuteApiError` with
 * `code` `connection_failed`, `status` 0 and no request id (no server answered), naming the method
 * and address (without the query, which may hold a cursor) and the server it expected, as the
 * Python client's does. The `fetch` error is its `cause`.
 */
export function connectionFailed(call: Pick<HttpCall, 'method' | 'url'>, error: unknown): TransmuteApiError {
  const url = new URL(call.url);
  const problem: Problem = {
    type: 'about:blank',
    title: 'Connection failed',
    status: 0,
    code: 'connection_failed',
    detail: `${call.method} ${url.origin}${url.pathname} got no answer (${reasonOf(error)}). Is the server running at ${url.origin}?`,
    request_id: '',
    retryable: true,
  };
  return new TransmuteApiError(problem, { cause: error });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

function backoffMs(transport: Transport, attempt: number): number {
  const ceiling = Math.min(transport.maxRetryDelayMs, transport.retryBaseDelayMs * 2 ** attempt);
  // "Equal jitter": at least half the ceiling, so retries of many clients spread out.
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Sends a call, retrying up to `maxRetries` times when the problem says `retryable` (waiting
 * `Retry-After` when sent, else exponential backoff) or when the connection failed. Non-retryable
 * problems throw at once. The caller makes every retried call safe to repeat (GET, DELETE, or an
 * `Idempotency-Key` that stays the same across attempts).
 */
export async function send(transport: Transport, call: HttpCall): Promise<HttpResult> {
  const replayable = !(call.body instanceof ReadableStream);
  for (let attempt = 0; ; attempt += 1) {
    const canRetry = replayable && attempt < transport.maxRetries;
    let response: Response;
    try {
      response = await transport.fetch(call.url, {
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body, duplex: 'half' }),
        ...(call.signal === undefined ? {} : { signal: call.signal }),
      } as RequestInit);
    } catch (error) {
      if (call.signal?.aborted === true) throw error;
      if (!canRetry) throw connectionFailed(call, error);
      await sleep(backoffMs(transport, attempt), call.signal);
      continue;
    }
    if (response.ok)
      return { status: response.status, headers: response.headers, body: await readBody(response) };
    const error = await toApiError(response);
    if (!error.retryable || !canRetry) throw error;
    const delay = error.retryAfter === undefined ? backoffMs(transport, attempt) : error.retryAfter * 1000;
    // A server asking for a longer pause than we are willing to wait gets the error back instead.
    if (delay > transport.maxRetryDelayMs) throw error;
    await sleep(delay, call.signal);
  }
}
