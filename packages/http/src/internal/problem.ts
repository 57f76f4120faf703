import {
  API_ERRORS,
  isApiErrorCode,
  toTransmuteError,
  type FieldError,
  type Problem,
} from '@transmute/contract';
import type { CoreResponse } from './core-types.js';

/**
 * Where the handler reports: unexpected errors at `error`; a client that broke off its request or
 * sent one node:http could not parse at `debug`; one access line per request at `info` (both
 * optional: without them those are not logged).
 */
export interface HandlerLogger {
  error(message: string, details: Record<string, unknown>): void;
  debug?(message: string, details: Record<string, unknown>): void;
  info?(message: string, details: Record<string, unknown>): void;
  warn?(message: string, details: Record<string, unknown>): void;
}

/** Settings shared by every problem response. */
export interface ProblemContext {
  requestId: string;
  docsBaseUrl: string;
  logger: HandlerLogger;
}

const PROBLEM_TYPE = 'application/problem+json';
/** Client-side transport failures: worth a debug line with their cause, never an error. */
const DEBUG_CODES = new Set<string>(['malformed_request', 'request_timeout']);
const INTERNAL_DETAIL = 'An internal error occurred. Quote the request id when you report it.';

/** The problem body of a catalogue code. */
export function toProblem(
  code: keyof typeof API_ERRORS,
  detail: string,
  fieldErrors: FieldError[],
  context: Pick<ProblemContext, 'requestId' | 'docsBaseUrl'>,
): Problem {
  const entry = API_ERRORS[code];
  return {
    type: `${context.docsBaseUrl}/problems/${code}`,
    title: entry.title,
    status: entry.status,
    code,
    detail: detail.length > 0 ? detail : entry.title,
    request_id: context.requestId,
    retryable: entry.retryable,
    field_errors: fieldErrors,
  };
}

/** A problem+json response from a problem body plus extra headers. */
export function problemResponse(problem: Problem, headers: Record<string, string> = {}): CoreResponse {
  return {
    status: problem.status,
    headers: { ...headers, 'content-type': PROBLEM_TYPE },
    body: JSON.stringify(problem),
  };
}

/**
 * Turns anything thrown into problem+json: catalogue errors keep their code, detail, field errors
 * and headers; anything else (and failure codes that should never reach HTTP) becomes a 500
 * `internal_error` without internals, logged with the request id.
 */
export function errorResponse(error: unknown, context: ProblemContext): CoreResponse {
  const failure = toTransmuteError(error);
  if (!isApiErrorCode(failure.code) || failure.code === 'internal_error') {
    context.logger.error('Unhandled error while serving a request', {
      request_id: context.requestId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return problemResponse(toProblem('internal_error', INTERNAL_DETAIL, [], context));
  }
  if (DEBUG_CODES.has(failure.code)) {
    context.logger.debug?.('The client broke off or garbled its request', {
      request_id: context.requestId,
      code: failure.code,
      cause: failure.cause instanceof Error ? failure.cause.message : failure.message,
    });
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(failure.headers)) headers[name.toLowerCase()] = value;
  if (failure.retryAfter !== undefined)
    headers['retry-after'] = String(Math.max(0, Math.ceil(failure.retryAfter)));
  else if (failure.code === 'idempotency_key_in_use') headers['retry-after'] = '1';
  else if (failure.code === 'service_unavailable') headers['retry-after'] = '5';
  return problemResponse(toProblem(failure.code, failure.message, failure.fieldErrors, context), headers);
}

/** A problem+json response for a catalogue code raised by the handler itself. */
export function problemFor(
  code: keyof typeof API_ERRORS,
  detail: string,
  context: Pick<ProblemContext, 'requestId' | 'docsBaseUrl'>,
  options: { fieldErrors?: FieldError[]; headers?: Record<string, string> } = {},
): CoreResponse {
  return problemResponse(toProblem(code, detail, options.fieldErrors ?? [], context), options.headers);
}
