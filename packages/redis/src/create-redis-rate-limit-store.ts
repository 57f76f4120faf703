import { Redis } from 'ioredis';
import type { RateLimitStore } from '@transmute/http';

/** Options of {@link createRedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS). */
  url: string;
  /** Prefix of the bucket keys (default `transmute:ratelimit:`). */
  keyPrefix?: string;
  /** A take that has no answer after this long fails (and the request is let through); default 1000. */
  timeoutMs?: number;
}

/**
 * One token bucket per key as a hash {tokens, at}, refilled and taken in one script by Redis's own
 * clock (so process clocks never matter); it expires once it would be full again.
 */
const TAKE_SCRIPT = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
if tokens == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - tonumber(state[2])) / 1000 * rate)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return { allowed, tostring(tokens) }
`;

/**
 * Request-rate buckets in Redis, shared by every process pointed at it (`TRANSMUTE_REDIS_URL`).
 * Commands never wait long: a take fails after `timeoutMs`, or at once while the connection is
 * down (the caller decides what a failure means; the HTTP layer lets the request through).
 *
 * @example
 * const store = createRedisRateLimitStore({ url: 'redis://127.0.0.1:6379' });
 * createFetchHandler({ service, rateLimit: { store } });
 */
export function createRedisRateLimitStore(options: RedisRateLimitStoreOptions): RateLimitStore {
  const prefix = options.keyPrefix ?? 'transmute:ratelimit:';
  const redis = new Redis(options.url, {
    commandTimeout: options.timeoutMs ?? 1000,
    maxRetriesPerRequest: 0,
    // Reconnects in the background at most every 2 s; errors surface through the takes.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  redis.on('error', () => undefined);
  return {
    kind: 'redis',
    async take(key, rule) {
      const [allowed, tokens] = (await redis.eval(
        TAKE_SCRIPT,
        1,
        `${prefix}${key}`,
        String(rule.burst),
        String(rule.requestsPerSecond),
      )) as [number, string];
      return { allowed: allowed === 1, tokens: Number(tokens) };
    },
    async close() {
      redis.disconnect();
      await Promise.resolve();
    },
  };
}
