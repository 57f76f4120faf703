import { TransmuteError, type FailureCode } from '@transmute/contract';

/** Stable codes of outbound-request failures (also the webhook `last_error_code` values). */
export type SafeFetchErrorCode =
  | 'destination_blocked'
  | 'dns_resolution_failed'
  | 'connection_refused'
  | 'connection_reset'
  | 'timeout'
  | 'tls_error'
  | 'too_many_redirects'
  | 'response_too_large'
  | 'redirect_not_followed';

/** Every {@link SafeFetchErrorCode}, for exhaustive checks and docs. */
export const SAFE_FETCH_ERROR_CODES: readonly SafeFetchErrorCode[] = [
  'destination_blocked',
  'dns_resolution_failed',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'too_many_redirects',
  'response_too_large',
  'redirect_not_followed',
];

function toFailureCode(code: SafeFetchErrorCode): FailureCode {
  switch (code) {
    case 'destination_blocked':
      return 'source_blocked';
    case 'response_too_large':
      return 'source_too_large';
    case 'timeout':
      return 'timeout';
    case 'dns_resolution_failed':
    case 'connection_refused':
    case 'connection_reset':
    case 'tls_error':
    case 'too_many_redirects':
    case 'redirect_not_followed':
      return 'source_unreachable';
  }
}

/** Extra facts carried by a {@link SafeFetchError}. */
export interface SafeFetchErrorOptions {
  /** HTTP status of the response that caused it (a redirect that was not followed). */
  status?: number;
  /** `Location` of that redirect. */
  location?: string;
  cause?: unknown;
}

/**
 * An outbound request that failed. `netCode` is the precise, stable reason; `code` is the matching
 * job failure code of the catalogue (`source_blocked`, `source_unreachable`, `source_too_large`,
 * `timeout`), so a source adapter can let it propagate as is.
 *
 * @example
 * try { await safeFetch(url); } catch (e) { if (isSafeFetchError(e) && e.netCode === 'timeout') retry(); }
 */
export class SafeFetchError extends TransmuteError {
  readonly netCode: SafeFetchErrorCode;
  readonly responseStatus: number | undefined;
  readonly location: string | undefined;

  constructor(netCode: SafeFetchErrorCode, detail: string, options: SafeFetchErrorOptions = {}) {
    super(toFailureCode(netCode), detail, options.cause === undefined ? {} : { cause: options.cause });
    this.netCode = netCode;
    this.responseStatus = options.status;
    this.location = options.location;
  }
}

/** Guard for {@link SafeFetchError}. */
export function isSafeFetchError(value: unknown): value is SafeFetchError {
  return value instanceof SafeFetchError;
}
