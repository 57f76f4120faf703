import { FAILURE_CODES, isFailureCode, isTransmuteError, TransmuteError } from '@transmute/contract';
import type { ServiceContext } from '../kernel/context.js';

/**
 * `code: sentence` of a failure, and whether it was a bug; failure codes are counted by code
 * (`count: false` for a task's failure: the job that fails with it is counted).
 */
export function describeFailure(
  ctx: ServiceContext,
  error: unknown,
  options: { count: boolean } = { count: true },
): { text: string; bug: boolean } {
  if (isTransmuteError(error) && isFailureCode(error.code) && error.code !== 'internal_error') {
    if (options.count) ctx.metrics.pluginFailures.inc({ code: error.code });
    return { text: `${error.code}: ${error.message || FAILURE_CODES[error.code]}`, bug: false };
  }
  if (options.count) ctx.metrics.pluginFailures.inc({ code: 'internal_error' });
  return { text: `internal_error: ${FAILURE_CODES.internal_error}`, bug: true };
}

/** The error a `code: sentence` failure stands for (how a task's failure fails its job). */
export function failureError(text: string): TransmuteError {
  const colon = text.indexOf(': ');
  const code = colon > 0 ? text.slice(0, colon) : '';
  const message = colon > 0 ? text.slice(colon + 2) : text;
  return isFailureCode(code)
    ? new TransmuteError(code, message)
    : new TransmuteError('internal_error', message);
}
