import type { FieldError } from './wire-types.js';
import { API_ERRORS, isApiErrorCode, type ErrorCode } from './error-catalogue.js';

/** Options of {@link TransmuteError}. */
export interface TransmuteErrorOptions {
  fieldErrors?: FieldError[];
  /** Seconds, sent as `Retry-After` by the HTTP layer. */
  retryAfter?: number;
  /** Extra response headers (e.g. `Allow`, `WWW-Authenticate`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error class of the project. `code` comes from the catalogue; the HTTP layer maps it to
 * a problem+json response, the pipeline maps failure codes to a failed job.
 *
 * @example
 * throw new TransmuteError('job_not_terminal', 'The job is still processing.');
 */
export class TransmuteError extends Error {
  override readonly name = 'TransmuteError';
  readonly code: ErrorCode;
  readonly fieldErrors: FieldError[];
  readonly retryAfter: number | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: TransmuteErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfter = options.retryAfter;
    this.headers = options.headers ?? {};
  }

  /** HTTP status of the code (500 for failure codes that reach HTTP, which is a bug). */
  get status(): number {
    return isApiErrorCode(this.code) ? API_ERRORS[this.code].status : 500;
  }

  get retryable(): boolean {
    return isApiErrorCode(this.code) ? API_ERRORS[this.code].retryable : false;
  }
}

/** Guard for {@link TransmuteError}. */
export function isTransmuteError(value: unknown): value is TransmuteError {
  return value instanceof TransmuteError;
}

/** Wraps anything thrown into a TransmuteError, keeping the original as `cause`. */
export function toTransmuteError(value: unknown, fallback: ErrorCode = 'internal_error'): TransmuteError {
  if (isTransmuteError(value)) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new TransmuteError(fallback, message || 'Unexpected error.', { cause: value });
}

/** Shorthand for a 422 `validation_failed` with one field error. */
export function fieldError(field: string, code: FieldError['code'], detail: string): TransmuteError {
  return new TransmuteError('validation_failed', detail, { fieldErrors: [{ field, code, detail }] });
}
