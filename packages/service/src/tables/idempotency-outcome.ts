import {
  TransmuteError,
  isRememberedError,
  isTransmuteError,
  type ErrorCode,
  type FieldError,
} from '@transmute/contract';
import type { IdempotentResult } from '../kernel/service-types.js';
import { decryptSecret, encryptSecret } from '../kernel/secrets.js';
import type { IdempotencyKeysTable } from '../storage/schema.js';

// What an Idempotency-Key remembers and answers (CONTRACT §5); its rows are written by idempotency.ts.

/**
 * What one key remembers (CONTRACT §5): the operation's value, or the code of the error it
 * answered. Stored in `response_body` as JSON, encrypted with the master key when there is one
 * (a value may hold a webhook secret or a signed upload URL; docs/DECISIONS.md); `response_status`
 * holds the error's status and is null for a value (the HTTP layer derives status, `Location` and
 * body from the value, the same way for the first answer and for a replay).
 */
export type Remembered =
  | { kind: 'value'; value: unknown }
  | { kind: 'error'; code: ErrorCode; detail: string; fieldErrors: FieldError[]; retryAfter?: number };

/** The answer while another request holds the key: a retryable 409. */
export function inUse(): TransmuteError {
  return new TransmuteError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running.',
    {
      retryAfter: 1,
      headers: { 'Retry-After': '1' },
    },
  );
}

/** The columns of a key's row that hold what it remembers, sealed with the master key when there is one. */
export function encode(
  remembered: Remembered,
  masterKey: string | undefined,
): {
  state: string;
  response_status: number | null;
  response_headers: null;
  response_body: string;
} {
  const sealed = (json: unknown) => encryptSecret(JSON.stringify(json), masterKey);
  if (remembered.kind === 'value') {
    return {
      state: 'done',
      response_status: null,
      response_headers: null,
      response_body: sealed(remembered.value ?? null),
    };
  }
  const error = new TransmuteError(remembered.code, remembered.detail);
  return {
    state: 'done',
    response_status: error.status,
    response_headers: null,
    response_body: sealed({
      code: remembered.code,
      detail: remembered.detail,
      field_errors: remembered.fieldErrors,
      retry_after: remembered.retryAfter ?? null,
    }),
  };
}

/** Reverses {@link encode}; rows stored in clear (no master key, or from before) read as they are. */
export function decode(
  status: number | null,
  body: string | null,
  masterKey: string | undefined,
): Remembered {
  const parsed = JSON.parse(body === null ? 'null' : decryptSecret(body, masterKey)) as unknown;
  if (status === null) return { kind: 'value', value: parsed };
  const error = parsed as {
    code: ErrorCode;
    detail: string;
    field_errors: FieldError[];
    retry_after: number | null;
  };
  return {
    kind: 'error',
    code: error.code,
    detail: error.detail,
    fieldErrors: error.field_errors,
    ...(error.retry_after === null ? {} : { retryAfter: error.retry_after }),
  };
}

/**
 * What a live row of the key answers a request: the outcome it remembers, or null when it is a
 * claim that lapsed (its request died); throws while another request holds the key, or when the
 * outcome was stored for another fingerprint.
 */
export function judge(
  row: IdempotencyKeysTable,
  fingerprint: string,
  now: string,
  masterKey: string | undefined,
): Remembered | null {
  if (row.state === 'done') {
    if (row.fingerprint !== fingerprint) {
      throw new TransmuteError(
        'idempotency_key_reused',
        'This Idempotency-Key was used with a different request (method, path or body).',
      );
    }
    return decode(row.response_status, row.response_body, masterKey);
  }
  // In flight: the key is bound to no request until one stores its outcome, so a request with
  // another body waits too (a retryable 409) rather than being refused for good (a 422).
  if (row.locked_until > now) throw inUse();
  return null;
}

/** What the key remembers of an error the operation threw: null when the catalogue forgets it. */
export function rememberedError(error: unknown): Remembered | null {
  if (!isTransmuteError(error) || !isRememberedError(error.code)) return null;
  return {
    kind: 'error',
    code: error.code,
    detail: error.message,
    fieldErrors: error.fieldErrors,
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
  };
}

/** A repeat's answer: the remembered value (`replayed`), or the remembered error thrown again. */
export function answer<T>(remembered: Remembered): IdempotentResult<T> {
  if (remembered.kind === 'value') return { value: remembered.value as T, replayed: true };
  throw new TransmuteError(remembered.code, remembered.detail, {
    fieldErrors: remembered.fieldErrors,
    ...(remembered.retryAfter === undefined ? {} : { retryAfter: remembered.retryAfter }),
    headers: { 'Idempotent-Replayed': 'true' },
  });
}
