import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransmuteError, type Job } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createFsBlobStore, createService, type Service } from '@transmute/service';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../src/index.js';

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `service_${randomBytes(6).toString('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'transmute-pg-'));
const engine = createEngine({ plugins: [createDatasetRenderer()] });

/** One "process": its own pool, worker and id, sharing the database and blob directory. */
async function open(workerId: string): Promise<Service> {
  const store = await createPostgresStore({ connectionString, schema });
  const blobs = await createFsBlobStore({ root: join(dir, 'blobs') });
  return createService({
    store,
    blobs,
    engine,
    config: {
      baseUrl: 'http://127.0.0.1:1',
      signingSecret: 'pg-test',
      workerId,
      pollIntervalMs: 100,
      leaseMs: 5000,
      webhooks: { enabled: false },
    },
  });
}

describe('the service on PostgreSQL with two processes', () => {
  let a: Service;
  let b: Service;
  beforeAll(async () => {
    a = await open('process-a');
    b = await open('process-b');
    await a.start();
    await b.start();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await engine.close();
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates one job for concurrent creates with one key across processes, and runs it once', async () => {
    const { account } = await a.admin.createAccount({ plan: 'developer' });
    const caller = { accountId: account.id, requestId: 'req_pg' };
    const body = {
      source: { type: 'text' as const, content: '# Title\n\nPostgres text.' },
      output: { profile: 'raw_source' as const },
    };
    const attempt = (service: Service) =>
      service
        .runIdempotent(caller, { key: 'pg-key', fingerprint: 'fp' }, () => service.createJob(caller, body))
        .catch((error: unknown) => error);
    const results = await Promise.all([attempt(a), attempt(b), attempt(a), attempt(b), attempt(a)]);
    for (const result of results) {
      if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
    }
    const list = await b.listJobs(caller, { limit: 10 });
    expect(list.data).toHaveLength(1);
    const id = list.data[0]?.id ?? '';
    let job: Job | undefined;
    for (let i = 0; i < 200 && job?.status !== 'succeeded'; i += 1) {
      job = await a.getJob(caller, id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job?.status).toBe('succeeded');
    const content = await b.getOutputContent(caller, job?.output_ids[0] ?? '', {});
    expect(content.data).toContain('Postgres text.');
    const usage = await b.getUsage(caller);
    expect(usage.units.find((u) => u.unit === 'jobs')?.finalized).toBe(1);
  });
});
