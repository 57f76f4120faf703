import { randomBytes } from 'node:crypto';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFetchHandler,
  createMemoryRateLimitStore,
  type FetchHandler,
  type RateLimitStore,
} from '@transmute/http';
import { createRedisRateLimitStore } from '@transmute/redis';
import type { Store } from '@transmute/service';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createPostgresTestDb } from '../../service/test/support/postgres.js';
import { createPostgresRateLimitStore, createPostgresStore } from '../src/index.js';

// Request-rate buckets shared by API processes: two handlers, each with its own store instance on
// one PostgreSQL database or one Redis, let an account through at its plan's rate, not twice it.

const POSTGRES = process.env.TRANSMUTE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TRANSMUTE_TEST_REDIS ?? 'redis://127.0.0.1:6379';
/** Slow refill: the test's requests, well under two seconds, add at most one token. */
const RULE = { requestsPerSecond: 0.5, burst: 5 };
const REQUESTS = 20;

interface Warning {
  message: string;
  details: Record<string, unknown>;
}

describe('rate limits shared by API processes', () => {
  let harness: Harness;
  let apiKey: string;
  let dropSchema: () => Promise<void>;
  const stores: Store[] = [];
  const limiters: RateLimitStore[] = [];

  beforeAll(async () => {
    harness = await startHarness({}, { start: false });
    apiKey = (await harness.service.admin.createApiKey(harness.caller.accountId)).apiKey;
    const testDb = await createPostgresTestDb('limits_rate');
    await testDb.db.destroy();
    dropSchema = testDb.drop;
    for (let i = 0; i < 2; i += 1)
      stores.push(
        await createPostgresStore({ connectionString: POSTGRES, schema: testDb.schema, maxConnections: 4 }),
      );
  });
  afterAll(async () => {
    for (const limiter of limiters) await limiter.close();
    for (const store of stores) await store.close();
    await dropSchema();
    await harness.close();
  });

  function handlerOn(store: RateLimitStore, warnings: Warning[] = []): FetchHandler {
    limiters.push(store);
    return createFetchHandler({
      service: harness.service,
      rateLimit: { plans: { developer: RULE }, store },
      logger: {
        error: (message, details) => warnings.push({ message, details }),
        warn: (message, details) => warnings.push({ message, details }),
      },
    });
  }

  /** A fresh account (its own bucket) and its key. */
  async function freshKey(): Promise<string> {
    const { apiKey: key } = await harness.service.admin.createAccount({ plan: 'developer' });
    return key;
  }

  /** `REQUESTS` concurrent reads spread over the handlers; the responses in order. */
  function burst(handlers: FetchHandler[], key: string): Promise<Response[]> {
    return Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        (handlers[i % handlers.length] as FetchHandler)(
          new Request('http://localhost/v1/capabilities', { headers: { authorization: `Bearer ${key}` } }),
        ),
      ),
    );
  }

  const allowedOf = (responses: Response[]): number => responses.filter((r) => r.status === 200).length;

  function expectRefusalHeaders(responses: Response[]): void {
    const refused = responses.find((response) => response.status === 429);
    // Two seconds per token: 2 right after the last token went, 1 once half of one is back.
    expect(refused?.headers.get('retry-after')).toMatch(/^[12]$/);
    expect(refused?.headers.get('ratelimit-policy')).toBe('"burst";q=5;w=10');
    expect(refused?.headers.get('ratelimit')).toMatch(/^"burst";r=0;t=(9|10)$/);
  }

  it('in memory, lets each process give the whole burst (one process: unchanged)', async () => {
    const alone = await burst([handlerOn(createMemoryRateLimitStore())], apiKey);
    expect(allowedOf(alone)).toBe(RULE.burst);
    expectRefusalHeaders(alone);
    const key = await freshKey();
    const two = await burst(
      [handlerOn(createMemoryRateLimitStore()), handlerOn(createMemoryRateLimitStore())],
      key,
    );
    expect(allowedOf(two)).toBe(2 * RULE.burst);
  });

  it('on PostgreSQL, shares one bucket between processes', async () => {
    const handlers = await Promise.all(
      stores.map(async (store) => handlerOn(await createPostgresRateLimitStore(store))),
    );
    const responses = await burst(handlers, await freshKey());
    expect(allowedOf(responses)).toBeGreaterThanOrEqual(RULE.burst);
    expect(allowedOf(responses)).toBeLessThanOrEqual(RULE.burst + 1);
    expectRefusalHeaders(responses);
  });

  it('on Redis, shares one bucket between processes', async () => {
    const keyPrefix = `transmute-test:${randomBytes(6).toString('hex')}:`;
    const handlers = [0, 1].map(() => handlerOn(createRedisRateLimitStore({ url: REDIS, keyPrefix })));
    const responses = await burst(handlers, await freshKey());
    expect(allowedOf(responses)).toBeGreaterThanOrEqual(RULE.burst);
    expect(allowedOf(responses)).toBeLessThanOrEqual(RULE.burst + 1);
    expectRefusalHeaders(responses);
  });

  it('counts refusals by plan in /metrics', async () => {
    const text = await (
      await handlerOn(createMemoryRateLimitStore())(new Request('http://localhost/metrics'))
    ).text();
    const families = parsePrometheusTextFormat(text);
    const refusals = families.find((entry) => entry.name === 'transmute_rate_limited_requests_total');
    expect(refusals?.type).toBe('COUNTER');
    const developer = refusals?.metrics.find((sample) => sample.labels?.plan === 'developer');
    // 15 + 10 in memory, about 15 on PostgreSQL and on Redis.
    expect(Number(developer?.value)).toBeGreaterThanOrEqual(50);
  });

  it('lets requests through when the shared store is unreachable, with a warning and a metric', async () => {
    const warnings: Warning[] = [];
    // Nothing listens on port 1.
    const handler = handlerOn(
      createRedisRateLimitStore({ url: 'redis://127.0.0.1:1', timeoutMs: 200 }),
      warnings,
    );
    const responses = await burst([handler], apiKey);
    expect(allowedOf(responses)).toBe(REQUESTS);
    expect(responses[0]?.headers.get('ratelimit-policy')).toBe('"burst";q=5;w=10');
    expect(responses[0]?.headers.get('ratelimit')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      message: 'rate-limit store failed; requests are let through unchecked',
      details: { store: 'redis', failures: 1 },
    });
    const families = parsePrometheusTextFormat(
      await (await handler(new Request('http://localhost/metrics'))).text(),
    );
    const errors = families.find((entry) => entry.name === 'transmute_rate_limit_store_errors_total');
    expect(Number(errors?.metrics.find((sample) => sample.labels?.store === 'redis')?.value)).toBe(REQUESTS);
  });
});
