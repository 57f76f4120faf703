import type { HttpMetrics } from './http-metrics.js';
import type { HandlerLogger } from './problem.js';
import type { RateLimitStoreFailure } from './rate-limiter.js';

/** At most one warning line per this many milliseconds while the store keeps failing. */
const WARN_EVERY_MS = 10_000;

/**
 * Counts every failure of the rate-limit store in `transmute_rate_limit_store_errors_total` and
 * logs a warning with its cause, at most once per 10 s (with how many failed since the last line),
 * so an outage of a shared store cannot flood the log.
 */
export function reportStoreFailure(options: {
  logger: HandlerLogger;
  metrics: HttpMetrics | null;
  now?: () => number;
}): RateLimitStoreFailure {
  const now = options.now ?? Date.now;
  let lastWarnAt = -Infinity;
  let unreported = 0;
  return (error, store) => {
    options.metrics?.rateLimitStoreErrors.inc({ store: store.kind });
    unreported += 1;
    if (now() - lastWarnAt < WARN_EVERY_MS) return;
    lastWarnAt = now();
    const details = {
      store: store.kind,
      failures: unreported,
      cause: error instanceof Error ? error.message : String(error),
    };
    unreported = 0;
    const message = 'rate-limit store failed; requests are let through unchecked';
    if (options.logger.warn === undefined) options.logger.error(message, details);
    else options.logger.warn(message, details);
  };
}
