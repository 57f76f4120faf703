import type { Plan } from '@transmute/contract';
import { PLANS } from '@transmute/service';
import type { RateLimitRule, RateLimitStore } from '../rate-limit-store.js';

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
  take(accountId: string, plan: Plan): Promise<RateLimitDecision>;
}

/** What the limiter does when its store fails: the request goes through, and this is told. */
export type RateLimitStoreFailure = (error: unknown, store: RateLimitStore) => void;

/**
 * Token buckets per account in `store` (in this process's memory, or PostgreSQL / Redis shared by
 * every process). Headers follow the IETF RateLimit header draft:
 * `RateLimit-Policy: "burst";q=200;w=2` and `RateLimit: "burst";r=150;t=1`.
 *
 * A store that fails lets the request through (fail open) with the policy header and no
 * `RateLimit` header, after telling `onStoreFailure` (docs/DECISIONS.md).
 */
export function createRateLimiter(
  rules: Readonly<Record<Plan, RateLimitRule>>,
  store: RateLimitStore,
  onStoreFailure: RateLimitStoreFailure,
): RateLimiter {
  return {
    async take(accountId, plan) {
      const rule = rules[plan];
      const window = Math.max(1, Math.ceil(rule.burst / rule.requestsPerSecond));
      const policy = `"burst";q=${rule.burst};w=${window}`;
      let tokens: number;
      let allowed: boolean;
      try {
        ({ tokens, allowed } = await store.take(accountId, rule));
      } catch (error) {
        onStoreFailure(error, store);
        return { allowed: true, retryAfter: 0, headers: { 'ratelimit-policy': policy } };
      }
      const remaining = Math.floor(tokens);
      const untilFull = Math.ceil((rule.burst - tokens) / rule.requestsPerSecond);
      const retryAfter = allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / rule.requestsPerSecond));
      return {
        allowed,
        retryAfter,
        headers: { 'ratelimit-policy': policy, ratelimit: `"burst";r=${remaining};t=${untilFull}` },
      };
    },
  };
}
