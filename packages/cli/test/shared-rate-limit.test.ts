import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/commands/serve.js';
import { createPostgresStore } from '@transmute/postgres';
import { createSqliteStore } from '@transmute/service';
import { createPostgresTestDb } from '../../service/test/support/postgres.js';
import { openAdmin, openRateLimitStore } from '../src/internal/open-runtime.js';
import { resolveSettings } from '../src/internal/settings.js';

// Two `transmute serve` instances on one data directory with TRANSMUTE_REDIS_URL: the account's
// bucket is shared, so together they let it through at its plan's rate, not twice it.

const REDIS = process.env.TRANSMUTE_TEST_REDIS ?? 'redis://127.0.0.1:6379';
/** The free plan: burst 20, 10 requests per second. */
const BURST = 20;
const REQUESTS = 60;

describe('two API servers sharing Redis buckets', () => {
  let dataDir: string;
  const servers: RunningServer[] = [];
  let apiKey = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'transmute-shared-limit-'));
    const settings = resolveSettings(
      { port: '0', dataDir, worker: false },
      { TRANSMUTE_REDIS_URL: REDIS, TRANSMUTE_LOG_LEVEL: 'warn' },
    );
    const lines: string[] = [];
    for (let i = 0; i < 2; i += 1) servers.push(await startServer(settings, (line) => lines.push(line)));
    apiKey =
      lines
        .find((line) => line.startsWith('API key'))
        ?.split(': ')
        .at(-1) ?? '';
    const accountId = /account (acct_\S+)/.exec(lines.join('\n'))?.[1] ?? '';
    const { admin, close } = await openAdmin(settings);
    await admin.setPlan(accountId, 'free');
    await close();
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses past the burst across both servers, with the same headers', async () => {
    const capabilities = (server: RunningServer | undefined): Promise<Response> =>
      fetch(`${server?.url ?? ''}/v1/capabilities`, { headers: { authorization: `Bearer ${apiKey}` } });
    // Warm both servers up, then let the bucket fill again (20 tokens at 10 a second).
    for (const server of servers) for (let i = 0; i < 3; i += 1) await (await capabilities(server)).text();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const startedAt = Date.now();
    const responses = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => capabilities(servers[i % 2])),
    );
    const seconds = (Date.now() - startedAt) / 1000;
    const allowed = responses.filter((response) => response.status === 200).length;
    // One bucket: the burst plus what refilled meanwhile; two separate buckets would give 40+.
    expect(allowed).toBeGreaterThanOrEqual(BURST);
    expect(allowed).toBeLessThanOrEqual(BURST + Math.ceil(10 * seconds));
    expect(allowed).toBeLessThan(2 * BURST);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.headers.get('ratelimit-policy')).toBe('"burst";q=20;w=2');
    expect(refused?.headers.get('retry-after')).toBe('1');
  });
});

describe('the rate-limit store serve picks', () => {
  it('is Redis with TRANSMUTE_REDIS_URL, else PostgreSQL on PostgreSQL, else memory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'transmute-limit-store-'));
    const testDb = await createPostgresTestDb('limits_pick');
    await testDb.db.destroy();
    const postgres = await createPostgresStore({
      connectionString: process.env.TRANSMUTE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      schema: testDb.schema,
      maxConnections: 2,
    });
    const sqlite = await createSqliteStore({ path: join(dataDir, 'transmute.db') });
    try {
      const plain = resolveSettings({ dataDir }, {});
      const withRedis = resolveSettings({ dataDir }, { TRANSMUTE_REDIS_URL: REDIS });
      const picked = [
        await openRateLimitStore(withRedis, postgres),
        await openRateLimitStore(plain, postgres),
        await openRateLimitStore(plain, sqlite),
      ];
      expect(picked.map((store) => store.kind)).toEqual(['redis', 'postgres', 'memory']);
      for (const store of picked) {
        expect((await store.take('acct_pick', { requestsPerSecond: 1, burst: 2 })).allowed).toBe(true);
        await store.close();
      }
    } finally {
      await postgres.close();
      await sqlite.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
