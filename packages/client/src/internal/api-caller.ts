import { OPERATIONS, type OperationId, type OperationResponseBody } from '@transmute/contract/operations';
import type { CallInput } from '../call-input.js';
import type { RequestOptions } from '../client-types.js';
import { send, type Transport } from './transport.js';

/** Calls one operation by id and returns its parsed body, typed from the operation table. */
export type ApiCaller = <Id extends OperationId>(
  operationId: Id,
  input: CallInput<Id>,
  options?: RequestOptions,
) => Promise<OperationResponseBody<Id>>;

function toUrl(
  base: string,
  template: string,
  input: { path?: Record<string, string>; query?: Record<string, string | number | undefined> | undefined },
): string {
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
 * Builds the caller every operation method goes through: method and path from the contract's
 * operation table, bearer credential, JSON body and an `Idempotency-Key` wherever the operation
 * takes one (a random UUID, the same for all retries of this call, so a retried create never
 * creates twice).
 */
export function createApiCaller(options: {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
  transport: Transport;
}): ApiCaller {
  return async <Id extends OperationId>(
    operationId: Id,
    input: CallInput<Id>,
    requestOptions: RequestOptions = {},
  ): Promise<OperationResponseBody<Id>> => {
    const operation = OPERATIONS[operationId];
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': options.userAgent,
      ...requestOptions.headers,
      authorization: `Bearer ${options.apiKey}`,
    };
    if (operation.idempotencyKey !== 'none') {
      headers['idempotency-key'] = requestOptions.idempotencyKey ?? crypto.randomUUID();
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const result = await send(options.transport, {
      url: toUrl(options.baseUrl, operation.path, input),
      method: operation.method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: requestOptions.signal,
    });
    // The server answers the operation's response schema (the contract's table says which).
    return result.body as OperationResponseBody<Id>;
  };
}
