import type { ServiceMetrics } from '@transmute/service';
import { httpMetricsOf } from './http-metrics.js';
import type { HandlerLogger } from './problem.js';

/** What a request turned out to be, learned while it was served. */
export interface SeenRequest {
  /** The operation id, the route outside `/v1` (`healthz`, `upload`, …) or `unmatched`. */
  operation: string;
  /** The authenticated account, once known. */
  accountId: string | null;
}

/** One served request, as recorded. */
export interface ServedRequest {
  requestId: string;
  method: string;
  seen: SeenRequest;
  status: number;
  /** Until the response head (a streamed body may still be flowing). */
  seconds: number;
}

/**
 * Counts and times the request in the service's metrics and writes its access line at `info`.
 * The line holds no path, query, header or body: paths of signed URLs carry their token, and
 * everything a client sends may hold a secret or content.
 */
export function recordRequest(
  settings: { service: { readonly metrics?: ServiceMetrics }; logger: HandlerLogger },
  served: ServedRequest,
): void {
  const { seen, status, seconds } = served;
  httpMetricsOf(settings.service)?.requests.record(seen.operation, status, seconds);
  settings.logger.info?.('request', {
    request_id: served.requestId,
    operation: seen.operation,
    method: served.method,
    status,
    duration_ms: Math.round(seconds * 1e4) / 10,
    account_id: seen.accountId,
  });
}
