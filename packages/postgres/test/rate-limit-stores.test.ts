import { randomBytes } from 'node:crypto';
import { createMemoryRateLimitStore, type RateLimitStore } from '@transmute/http';
import { createRedisRateLimitStore } from '@transmute/redis';
import type { Store } from '@transmute/service';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRateLimitStore, createPostgresStore } from '../src/index.js';

// The three request-rate stores run one token bucket: the same takes give the same answers.

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TRANSMUTE_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const schema = `limits_buckets_${randomBytes(6).toString('hex')}`;
/** One token a second: the first four takes, well within a second, cannot see a refill. */
const RULE = { requestsPerSecond: 1, burst: 3 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['memory', 'postgres', 'redis'] as const)('the %s rate-limit store', (kind) => {
  let store: Store | null = null;
  let buckets: RateLimitStore;

  beforeAll(async () => {
    if (kind === 'postgres') {
      store = await createPostgresStore({ connectionString, schema, maxConnections: 4 });
      buckets = await createPostgresRateLimitStore(store);
    } else if (kind === 'redis') {
      buckets = createRedisRateLimitStore({ url: redisUrl, keyPrefix: `${schema}:` });
    } else {
      buckets = createMemoryRateLimitStore();
    }
  });
  afterAll(async () => {
    await buckets.close();
    if (store === null) return;
    await store.close();
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  });

  it('starts full, refuses when empty, refills by the rate up to the burst', async () => {
    expect(buckets.kind).toBe(kind);
    const key = `acct_${randomBytes(6).toString('hex')}`;
    const takes = [];
    for (let i = 0; i < 4; i += 1) takes.push(await buckets.take(key, RULE));
    expect(takes.map((take) => take.allowed)).toEqual([true, true, true, false]);
    expect(takes[0]?.tokens).toBeCloseTo(2, 0);
    expect(takes[2]?.tokens).toBeGreaterThanOrEqual(0);
    expect(takes[3]?.tokens).toBeLessThan(1);
    await sleep(1100); // at least one token back
    expect((await buckets.take(key, RULE)).allowed).toBe(true);
    await sleep(3100); // full again, never past the burst
    const full = await buckets.take(key, RULE);
    expect(full.allowed).toBe(true);
    expect(full.tokens).toBeCloseTo(RULE.burst - 1, 5);
    expect((await buckets.take(`${key}_other`, RULE)).tokens).toBeCloseTo(RULE.burst - 1, 5);
  });

  it('takes each token once under concurrent takes', async () => {
    const key = `acct_${randomBytes(6).toString('hex')}`;
    const rule = { requestsPerSecond: 0.001, burst: 10 };
    const takes = await Promise.all(Array.from({ length: 25 }, () => buckets.take(key, rule)));
    expect(takes.filter((take) => take.allowed)).toHaveLength(10);
  });
});
