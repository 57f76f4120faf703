import type { ApiOperation } from '../operation-table.js';
import { API_ERRORS, type ApiErrorCode } from '../error-catalogue.js';

/**
 * Every error code an operation can answer with: the codes of every operation (credentials, rate,
 * server), those its kind implies (path ids, bodies, idempotency, lists) and its own.
 */
export function operationErrorCodes(operation: ApiOperation): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(['unauthenticated', 'invalid_token']);
  if (operation.method !== 'GET') codes.add('account_suspended');
  if (operation.path.includes('{')) codes.add('not_found');
  if (operation.requestBody !== null) {
    for (const code of [
      'invalid_json',
      'payload_too_large',
      'unsupported_media_type',
      'validation_failed',
    ] as const) {
      codes.add(code);
    }
  }
  if (operation.idempotencyKey === 'required') codes.add('idempotency_key_missing');
  if (operation.idempotencyKey !== 'none') {
    for (const code of [
      'idempotency_key_invalid',
      'idempotency_key_in_use',
      'idempotency_key_reused',
    ] as const) {
      codes.add(code);
    }
  }
  if (operation.query !== 'none') {
    codes.add('invalid_parameter');
    codes.add('invalid_cursor');
  }
  for (const code of operation.errors) codes.add(code);
  for (const code of ['rate_limited', 'internal_error', 'service_unavailable'] as const) codes.add(code);
  return [...codes].sort((a, b) => API_ERRORS[a].status - API_ERRORS[b].status || a.localeCompare(b));
}
