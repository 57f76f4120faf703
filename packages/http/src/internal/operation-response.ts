import {
  OPERATIONS,
  locationOf,
  type OperationId,
  type SuccessResponse,
} from '@transmute/contract/operations';
import type { CoreResponse } from './core-types.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Operations with two success responses answer `{ changed, <resource> }`: a change takes the
 * table's first response, a no-op its second (CONTRACT §2).
 */
const CHANGE_VALUES: Partial<Record<OperationId, (value: unknown) => { changed: boolean; body: unknown }>> = {
  completeFileUpload: (value) => {
    const { changed, file } = value as { changed: boolean; file: unknown };
    return { changed, body: file };
  },
  cancelJob: (value) => {
    const { changed, job } = value as { changed: boolean; job: unknown };
    return { changed, body: job };
  },
};

/**
 * The HTTP answer of an operation's value, from the contract's operation table: success status,
 * `Location` (under the mount's base path) and JSON body. The one builder of both the first answer
 * and an idempotent replay, so the two cannot differ.
 */
export function operationResponse(
  operationId: OperationId,
  value: unknown,
  options: { basePath: string; replayed: boolean; headers: Record<string, string> },
): CoreResponse {
  const responses: readonly SuccessResponse[] = OPERATIONS[operationId].responses;
  const split = CHANGE_VALUES[operationId]?.(value);
  const body = split === undefined ? value : split.body;
  const status = (split?.changed === false ? responses[1] : responses[0])?.status ?? 200;
  const headers = options.headers;
  if (options.replayed) headers['idempotent-replayed'] = 'true';
  const location = locationOf(operationId, body);
  if (location !== null) headers.location = `${options.basePath}${location}`;
  if (status === 204) return { status, headers, body: null };
  headers['content-type'] = JSON_TYPE;
  return { status, headers, body: JSON.stringify(body) };
}
