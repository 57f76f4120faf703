import { TransmuteError, isStorableText, type FieldError } from '@transmute/contract';
import {
  IGNORED_QUERY_PARAMETERS,
  MAX_CURSOR_LENGTH,
  type LimitBounds,
  type QueryKindDefinition,
} from '@transmute/contract/operations';

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

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * Splits a raw query string (`application/x-www-form-urlencoded`) into its parameters, each with
 * every value it was given. Unlike URLSearchParams, which turns invalid percent-encoding into
 * U+FFFD, a name or value that is not percent-encoded UTF-8 is a field error.
 */
function splitQuery(query: string, errors: FieldError[]): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = decode(rawName);
    const value = decode(equals === -1 ? '' : pair.slice(equals + 1));
    if (name === null || value === null) {
      const field = name ?? rawName;
      errors.push({
        field,
        code: 'invalid_format',
        detail: `The query parameter ${field} is not percent-encoded UTF-8.`,
      });
      continue;
    }
    params.set(name, [...(params.get(name) ?? []), value]);
  }
  return params;
}

/**
 * The one value of each parameter the operation takes; unknown and repeated parameters and values
 * that cannot be stored as text (`isStorableText`) are field errors.
 */
function singleValues(
  params: Map<string, string[]>,
  accepted: readonly string[],
  errors: FieldError[],
): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, given] of params) {
    const [value = ''] = given;
    if (IGNORED_QUERY_PARAMETERS.includes(name)) continue;
    if (!accepted.includes(name)) {
      const takes = accepted.length === 0 ? 'no query parameters' : accepted.join(', ');
      errors.push({
        field: name,
        code: 'unknown_field',
        detail: `The query parameter ${name} is not accepted here (this operation takes ${takes}).`,
      });
    } else if (given.length > 1) {
      errors.push({
        field: name,
        code: 'invalid_value',
        detail: `The query parameter ${name} is given ${given.length} times; give it once.`,
      });
    } else if (!isStorableText(value)) {
      errors.push({
        field: name,
        code: 'invalid_value',
        detail: `The query parameter ${name} contains a NUL character (U+0000).`,
      });
    } else {
      values.set(name, value);
    }
  }
  return values;
}

function parseLimit(raw: string | undefined, bounds: LimitBounds, errors: FieldError[]): number {
  if (raw === undefined) return bounds.default;
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
 * Parses the query string of an operation by its query kind (`null`: the operation takes no
 * query parameters, and the answer is null): `limit`, `cursor` and, where the kind has statuses, `status`. Every other
 * parameter, a parameter given twice, a name or value that is not percent-encoded UTF-8 and a
 * value holding NUL throw 400 `invalid_parameter` with one field error per parameter
 * (docs/DECISIONS.md); so does a bad `limit` or `status`. `IGNORED_QUERY_PARAMETERS` (the
 * ownership names, CONTRACT §4) are passed over. An over-long cursor is `invalid_cursor`.
 */
export function parseQuery(query: string, kind: QueryKindDefinition | null): ListQuery | null {
  const errors: FieldError[] = [];
  const accepted = kind === null ? [] : ['limit', 'cursor', ...(kind.statuses === null ? [] : ['status'])];
  const values = singleValues(splitQuery(query, errors), accepted, errors);
  if (kind === null) {
    if (errors.length > 0) throw invalid(errors);
    return null;
  }
  const result: ListQuery = { limit: parseLimit(values.get('limit'), kind.limit, errors) };
  const status = values.get('status');
  if (kind.statuses !== null && status !== undefined) {
    if (kind.statuses.includes(status)) result.status = status;
    else
      errors.push({
        field: 'status',
        code: 'invalid_value',
        detail: `status must be one of ${kind.statuses.join(', ')}.`,
      });
  }
  if (errors.length > 0) throw invalid(errors);
  const cursor = values.get('cursor');
  if (cursor !== undefined && cursor !== '') {
    if (cursor.length > MAX_CURSOR_LENGTH)
      throw new TransmuteError('invalid_cursor', 'The cursor is not valid.');
    result.cursor = cursor;
  }
  return result;
}
