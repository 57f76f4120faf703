import type { Plan } from '@transmute/contract';
import { PLANS } from '@transmute/service';

/** A token bucket: `requestsPerSecond` refill, `burst` capacity. */
export interface RateLimitRule {
  requestsPerSecond: number;
  burst: number;
}

/** Request rates per plan (CONTRACT §11), from the service's plan table. */
export const DEFAULT_PLAN_RATE_LIMITS: Readonly<Record<Plan, RateLimitRule>> = Object.fromEntries(
  Object.entries(PLANS).map(([plan, limits]) => [
    plan,
    { requestsPerSecond: limits.requestsPerSecond, burst: limits.burst },
  ]),
) as Record<Plan, RateLimitRule>;

/** Outcome of one {@link RateLimiter.take}: the headers to send and, when refused, how long to wait. */
export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Seconds until one request is allowed again (only when refused). */
  retryAfter: number;
}

/** Per-account token buckets. */
export interface RateLimiter {
  take(accountId: string, plan: Plan): RateLimitDecision;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const MAX_BUCKETS = 100_000;

/**
 * Token buckets kept in memory, one per account (per process: behind a load balancer each process
 * enforces its own share). Headers follow the IETF RateLimit header draft:
 * `RateLimit-Policy: "burst";q=200;w=2` and `RateLimit: "burst";r=150;t=1`.
 */
export function createRateLimiter(
  rules: Readonly<Record<Plan, RateLimitRule>> = DEFAULT_PLAN_RATE_LIMITS,
  now: () => number = Date.now,
): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(accountId, plan) {
      const rule = rules[plan];
      const time = now();
      let bucket = buckets.get(accountId);
      if (bucket === undefined) {
        if (buckets.size >= MAX_BUCKETS) buckets.clear();
        bucket = { tokens: rule.burst, updatedAt: time };
        buckets.set(accountId, bucket);
      } else {
        const refill = ((time - bucket.updatedAt) / 1000) * rule.requestsPerSecond;
        bucket.tokens = Math.min(rule.burst, bucket.tokens + refill);
        bucket.updatedAt = time;
      }
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      const remaining = Math.floor(bucket.tokens);
      const window = Math.max(1, Math.ceil(rule.burst / rule.requestsPerSecond));
      const untilFull = Math.ceil((rule.burst - bucket.tokens) / rule.requestsPerSecond);
      const retryAfter = allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / rule.requestsPerSecond));
      return {
        allowed,
        retryAfter,
        headers: {
          'ratelimit-policy': `"burst";q=${rule.burst};w=${window}`,
          ratelimit: `"burst";r=${remaining};t=${untilFull}`,
        },
      };
    },
  };
}
