/** A token bucket: `requestsPerSecond` refill, `burst` capacity (CONTRACT §11). */
export interface RateLimitRule {
  requestsPerSecond: number;
  burst: number;
}

/** What one take left: whether a token was taken, and the tokens left after it (fractional). */
export interface RateLimitTake {
  allowed: boolean;
  tokens: number;
}

/**
 * Where the request-rate buckets live. `take` refills a bucket by the time since its last take,
 * then takes one token when at least one is there, atomically: every process sharing the store
 * shares the bucket. A new bucket starts full.
 */
export interface RateLimitStore {
  /** `memory`, `postgres` or `redis`: the label of its errors in the metrics. */
  readonly kind: string;
  take(key: string, rule: RateLimitRule): Promise<RateLimitTake>;
  close(): Promise<void>;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** A process keeps at most this many buckets; past it, they all start over full. */
const MAX_BUCKETS = 100_000;

/**
 * Buckets in this process's memory (the default, and right for one process on SQLite): behind a
 * load balancer each process would enforce its own share, so N processes let N× through.
 */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const buckets = new Map<string, Bucket>();
  return {
    kind: 'memory',
    take(key, rule) {
      const time = now();
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        if (buckets.size >= MAX_BUCKETS) buckets.clear();
        bucket = { tokens: rule.burst, updatedAt: time };
        buckets.set(key, bucket);
      } else {
        const refill = ((time - bucket.updatedAt) / 1000) * rule.requestsPerSecond;
        bucket.tokens = Math.min(rule.burst, bucket.tokens + refill);
        bucket.updatedAt = time;
      }
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      return Promise.resolve({ allowed, tokens: bucket.tokens });
    },
    close: () => Promise.resolve(),
  };
}
