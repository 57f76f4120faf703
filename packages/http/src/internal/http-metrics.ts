import { Counter, type Registry } from 'prom-client';
import type { ServiceMetrics } from '@transmute/service';
import { RequestTally } from './request-tally.js';

/** The HTTP layer's own instruments, registered on the service's registry beside its job metrics. */
export interface HttpMetrics {
  /** Requests and their latency by operation id (or the surface's route name outside `/v1`) and status. */
  readonly requests: RequestTally;
  /** Requests refused with `rate_limited` (429), by the account's plan. */
  readonly rateLimitRefusals: Counter<'plan'>;
  /** Rate-limit store calls that failed (the request was let through), by store kind. */
  readonly rateLimitStoreErrors: Counter<'store'>;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One set per registry: several handlers over one service count into the same instruments. */
const metricsOfRegistry = new WeakMap<Registry, HttpMetrics>();

function createHttpMetrics(registry: Registry): HttpMetrics {
  const registers = [registry];
  return {
    requests: new RequestTally(registry, SECONDS_BUCKETS),
    rateLimitRefusals: new Counter({
      name: 'transmute_rate_limited_requests_total',
      help: "Requests refused for the account's request rate (429), by plan.",
      labelNames: ['plan'],
      registers,
    }),
    rateLimitStoreErrors: new Counter({
      name: 'transmute_rate_limit_store_errors_total',
      help: 'Rate-limit store calls that failed and let the request through, by store.',
      labelNames: ['store'],
      registers,
    }),
  };
}

/** The HTTP metrics on the service's registry (made on first use); null for a service without metrics. */
export function httpMetricsOf(service: { readonly metrics?: ServiceMetrics }): HttpMetrics | null {
  const registry = service.metrics?.registry;
  if (registry === undefined) return null;
  let metrics = metricsOfRegistry.get(registry);
  if (metrics === undefined) {
    metrics = createHttpMetrics(registry);
    metricsOfRegistry.set(registry, metrics);
  }
  return metrics;
}
