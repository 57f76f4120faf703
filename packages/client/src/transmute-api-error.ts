import type { FieldError, Problem } from '@transmute/contract';

/**
 * An error answer of the API (or of an upload URL), carrying its RFC 9457 problem. `code`,
 * `status` and `requestId` are what to log and what support needs. A call that got no answer at
 * all is one too: `code` `connection_failed`, `status` 0, naming the address it tried.
 *
 * @example
 * try {
 *   await client.getJob('job_123456789012');
 * } catch (error) {
 *   if (isTransmuteApiError(error) && error.code === 'not_found') return null;
 *   throw error;
 * }
 */
export class TransmuteApiError extends Error {
  override readonly name = 'TransmuteApiError';
  readonly problem: Problem;
  /** The problem's `code` (CONTRACT §3), e.g. `validation_failed`. */
  readonly code: string;
  /** HTTP status; 0 when no server answered (`connection_failed`: refused, reset, DNS, TLS). */
  readonly status: number;
  /** The problem's `request_id` (or the `Request-Id` header); empty when no server answered. */
  readonly requestId: string;
  readonly fieldErrors: FieldError[];
  /** Whether the same request may be retried (the client already retried it `maxRetries` times). */
  readonly retryable: boolean;
  /** Seconds from the `Retry-After` header, when sent. */
  readonly retryAfter: number | undefined;

  constructor(problem: Problem, options: { retryAfter?: number | undefined; cause?: unknown } = {}) {
    super(
      `${problem.code}: ${problem.detail}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.problem = problem;
    this.code = problem.code;
    this.status = problem.status;
    this.requestId = problem.request_id;
    this.fieldErrors = problem.field_errors ?? [];
    this.retryable = problem.retryable;
    this.retryAfter = options.retryAfter;
  }
}

/** Guard for {@link TransmuteApiError}. */
export function isTransmuteApiError(value: unknown): value is TransmuteApiError {
  return value instanceof TransmuteApiError;
}
