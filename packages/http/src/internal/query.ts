import { TransmuteError, type FieldError } from '@transmute/contract';
import { MAX_CURSOR_LENGTH, type LimitBounds } from '@transmute/contract/operations';

/** Parsed list query: `limit`, `cursor` and an optional `status` filter. */
export interface ListQuery {
  limit: number;
  cursor?: string;
  status?: string;
}

function invalid(fieldErrors: FieldError[]): TransmuteError {
  const detail = fieldErrors.map((item) => item.detail).join(' ');
  return new TransmuteError('invalid_parameter', detail, { fieldErrors });
}

function parseLimit(raw: string | null, bounds: LimitBounds, errors: FieldError[]): number {
  if (raw === null) return bounds.default;
  const range = `an integer from ${bounds.min} to ${bounds.max}`;
  if (!/^-?\d+$/.test(raw)) {
    errors.push({ field: 'limit', code: 'invalid_type', detail: `limit must be ${range}.` });
    return bounds.default;
  }
  const value = Number(raw);
  if (value < bounds.min)
    errors.push({ field: 'limit', code: 'too_small', detail: `limit must be ${range}.` });
  else if (value > bounds.max)
    errors.push({ field: 'limit', code: 'too_large', detail: `limit must be ${range}.` });
  return value;
}

/**
 * Parses `limit`, `cursor` and (when `statuses` is given) `status`. Bad values throw 400
 * `invalid_parameter` with one field error per parameter; an over-long cursor is `invalid_cursor`.
 * Other query parameters are ignored (they never decide ownership).
 */
export function parseListQuery(query: string, bounds: LimitBounds, statuses?: readonly string[]): ListQuery {
  const params = new URLSearchParams(query);
  const errors: FieldError[] = [];
  const limit = parseLimit(params.get('limit'), bounds, errors);
  const result: ListQuery = { limit };
  const status = params.get('status');
  if (statuses !== undefined && status !== null) {
    if (statuses.includes(status)) result.status = status;
    else
      errors.push({
        field: 'status',
        code: 'invalid_value',
        detail: `status must be one of ${statuses.join(', ')}.`,
      });
  }
  if (errors.length > 0) throw invalid(errors);
  const cursor = params.get('cursor');
  if (cursor !== null && cursor !== '') {
    if (cursor.length > MAX_CURSOR_LENGTH)
      throw new TransmuteError('invalid_cursor', 'The cursor is not valid.');
    result.cursor = cursor;
  }
  return result;
}
