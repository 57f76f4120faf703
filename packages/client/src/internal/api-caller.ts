import type { OperationId } from '@transmute/contract';
import type { RequestOptions } from '../client-types.js';
import { CLIENT_OPERATIONS } from './operations.js';
import { send, type Transport } from './transport.js';

/** What one operation call needs besides its id. */
export interface CallInput {
  path?: Record<string, string>;
  query?: Record<string, string | number | undefined> | undefined;
  body?: unknown;
}

/** Calls one operation by id and returns its parsed body. */
export type ApiCaller = (
  operationId: OperationId,
  input: CallInput,
  options?: RequestOptions,
) => Promise<unknown>;

function toUrl(base: string, template: string, input: CallInput): string {
  const path = template.replace(/\{([a-z_]+)\}/g, (_match, name: string) => {
    const value = input.path?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter ${name}.`);
    return encodeURIComponent(value);
  });
  const url = new URL(base + path);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Normalizes the base URL: no trailing slash, no trailing `/v1` (paths carry it). */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * Builds the caller every operation method goes through: bearer credential, JSON body and an
 * `Idempotency-Key` on every POST/PATCH (a random UUID, the same for all retries of this call, so
 * a retried create never creates twice).
 */
export function createApiCaller(options: {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
  transport: Transport;
}): ApiCaller {
  return async (operationId, input, requestOptions = {}) => {
    const [method, template] = CLIENT_OPERATIONS[operationId];
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': options.userAgent,
      ...requestOptions.headers,
      authorization: `Bearer ${options.apiKey}`,
    };
    if (method === 'POST' || method === 'PATCH') {
      headers['idempotency-key'] = requestOptions.idempotencyKey ?? crypto.randomUUID();
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const result = await send(options.transport, {
      url: toUrl(options.baseUrl, template, input),
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: requestOptions.signal,
    });
    return result.body;
  };
}
