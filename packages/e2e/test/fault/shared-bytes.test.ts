/*
 * No byte lost (issue 24): identical bytes uploaded, reused, deleted and read by jobs at once, in
 * two accounts, through the real CLI: one `transmute serve` on SQLite and the filesystem, and two
 * `transmute serve` processes (each running jobs too) on PostgreSQL and S3 (s3rver on loopback).
 * Each round races what used to share one content-addressed blob:
 * - a ready file whose bytes two new uploads (one per account) store again while it is deleted;
 * - a job over a file that is deleted as soon as the job is created (the job holds its input);
 * - a text job deleted while two jobs (one per account) convert the same text again.
 * Then every `ready` file's stored bytes and every succeeded output's artifacts (downloaded as a
 * client does) must hash to what their rows say, and nothing is left `queued` or failed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPostgresStore } from '@transmute/postgres';
import { createS3BlobStore, s3BlobUrlOptions } from '@transmute/s3';
import { createFsBlobStore, createSqliteStore, type BlobStore, type Store } from '@transmute/service';
import { afterAll, describe, expect, it } from 'vitest';
import { api, poll, type Api } from '../blackbox/support/http.js';
import { lastJsonLine, startService } from '../blackbox/support/service.js';
import { createFleet, runFleetCli } from './support/fleet-processes.js';
import { startS3rverProcess } from '../support/s3rver-process.js';
import { uploadReady } from './support/mixed-jobs.js';

const ROUNDS = 24;
const LANES = 6;
const ADMIN_URL = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A running deployment: API clients of two accounts (spread over its processes) and its storage. */
interface Deployment {
  /** Clients of account A and B, one per API process. */
  a: Api[];
  b: Api[];
  store: Store;
  blobs: BlobStore;
  close(): Promise<void>;
}

const sha256 = (bytes: Buffer | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function sqliteDeployment(): Promise<Deployment> {
  const service = await startService({ plans: ['team', 'team'] });
  const [a, b] = service.accounts;
  if (a === undefined || b === undefined) throw new Error('two accounts expected');
  const store = await createSqliteStore({ path: join(service.dataDir, 'transmute.db') });
  const blobs = await createFsBlobStore({ root: join(service.dataDir, 'blobs') });
  return {
    a: [api(service.baseUrl, a.apiKey)],
    b: [api(service.baseUrl, b.apiKey)],
    store,
    blobs,
    async close() {
      await store.close();
      await service.stop();
    },
  };
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresDeployment(): Promise<Deployment> {
  const database = `shared_bytes_${randomBytes(4).toString('hex')}`;
  await admin(`create database "${database}"`);
  const s3 = await startS3rverProcess('shared-bytes');
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const endpoint = encodeURIComponent(s3.endpoint);
  const blobUrl = `s3://shared-bytes/t?endpoint=${endpoint}&region=us-east-1&force_path_style=true`;
  const env = {
    TRANSMUTE_DATABASE_URL: url.toString(),
    TRANSMUTE_BLOB_URL: blobUrl,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    TRANSMUTE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    TRANSMUTE_MASTER_KEY: randomBytes(32).toString('base64url'),
    TRANSMUTE_LOG_LEVEL: 'warn',
  };
  const fleet = createFleet(env);
  const account = async (): Promise<string> =>
    (
      lastJsonLine(await runFleetCli(['accounts', 'create', '--plan', 'team', '--json'], env)) as {
        api_key: string;
      }
    ).api_key;
  // The first CLI run migrates the fresh database.
  const keyA = await account();
  const [keyB, one, two] = await Promise.all([
    account(),
    fleet.startApi('api-1', { worker: true }),
    fleet.startApi('api-2', { worker: true }),
  ]);
  const cacheDir = mkdtempSync(join(tmpdir(), 'transmute-shared-bytes-cache-'));
  const location = s3BlobUrlOptions(blobUrl);
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const blobs = await createS3BlobStore({
    ...location,
    client: { ...location.client, credentials },
    cacheDir,
  });
  const store = await createPostgresStore({ connectionString: url.toString(), maxConnections: 2 });
  return {
    a: [api(one.url, keyA), api(two.url, keyA)],
    b: [api(one.url, keyB), api(two.url, keyB)],
    store,
    blobs,
    async close() {
      await store.close();
      await fleet.stopAll();
      await s3.close();
      rmSync(cacheDir, { recursive: true, force: true });
      await admin(`drop database if exists "${database}" with (force)`);
    },
  };
}

/** Creates a job and returns its id. */
async function createJob(client: Api, source: Record<string, unknown>): Promise<string> {
  const created = await client.post('/v1/jobs', { source, output: { profile: 'raw_source' } });
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

async function settle(client: Api, jobId: string): Promise<string> {
  const done = await poll(
    () => client.get(`/v1/jobs/${jobId}`),
    (reply) => reply.status === 200 && !['queued', 'processing'].includes(reply.body.status as string),
    120_000,
  );
  return done.body.status as string;
}

async function deleted(reply: Promise<{ status: number; text: string }>): Promise<void> {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(204);
}

/** One round of the races; `pick` spreads requests over the API processes. */
async function round(d: Deployment, n: number): Promise<void> {
  const pick = (clients: Api[], k: number): Api => clients[(n + k) % clients.length] as Api;
  const bytes = Buffer.from(`# Round ${String(n)}\n\nThe same bytes, uploaded by two accounts at once.\n`);
  const text = `Round ${String(n)}: the same text, converted in two accounts while one job is deleted.`;

  const first = await uploadReady(pick(d.a, 0), 'first.md', 'text/markdown', bytes);
  const [copyA, copyB] = await Promise.all([
    uploadReady(pick(d.a, 1), 'copy-a.md', 'text/markdown', bytes),
    uploadReady(pick(d.b, 0), 'copy-b.md', 'text/markdown', bytes),
    deleted(pick(d.a, 0).del(`/v1/files/${first}`)),
  ]);
  if (copyA === undefined || copyB === undefined) throw new Error('uploads expected');

  const earlier = await createJob(pick(d.a, 0), { type: 'text', content: text });
  expect(await settle(pick(d.a, 0), earlier)).toBe('succeeded');
  const overFile = await createJob(pick(d.b, 1), { type: 'files', file_ids: [copyB] });
  const [again, other] = await Promise.all([
    createJob(pick(d.a, 1), { type: 'text', content: text }),
    createJob(pick(d.b, 0), { type: 'text', content: text }),
    deleted(pick(d.b, 1).del(`/v1/files/${copyB}`)),
  ]);
  if (again === undefined || other === undefined) throw new Error('jobs expected');
  await deleted(pick(d.a, 0).del(`/v1/jobs/${earlier}`));
  const statuses = await Promise.all([
    settle(pick(d.a, 1), again),
    settle(pick(d.b, 0), other),
    settle(pick(d.b, 1), overFile),
  ]);
  expect(statuses).toEqual(['succeeded', 'succeeded', 'succeeded']);
  // B's job is deleted; A's job over the same text keeps its artifacts.
  await deleted(pick(d.b, 0).del(`/v1/jobs/${other}`));
}

/** Every `ready` file's stored bytes hash to the file's sha256. */
async function checkReadyFiles(d: Deployment): Promise<number> {
  const files = await d.store.db
    .selectFrom('files')
    .select(['id', 'sha256', 'blob_key'])
    .where('status', '=', 'ready')
    .execute();
  const lost: string[] = [];
  for (const file of files) {
    const bytes = file.blob_key === null ? null : await d.blobs.getBytes(file.blob_key).catch(() => null);
    if (bytes === null || sha256(bytes) !== file.sha256) lost.push(file.id);
  }
  expect(lost).toEqual([]);
  return files.length;
}

/** Every succeeded output's artifacts, downloaded as a client does, hash to their manifest's sha256. */
async function checkOutputs(d: Deployment): Promise<number> {
  let checked = 0;
  for (const client of [d.a[0], d.b[0]] as Api[]) {
    const jobs = await client.get('/v1/jobs?limit=100');
    expect(jobs.status, jobs.text).toBe(200);
    expect(jobs.body.page.has_more).toBe(false);
    for (const job of jobs.body.data as { status: string; output_ids: string[] }[]) {
      expect(job.status).toBe('succeeded');
      for (const outputId of job.output_ids) {
        const output = await client.get(`/v1/outputs/${outputId}`);
        expect(output.body.status, output.text).toBe('succeeded');
        for (const file of output.body.manifest.files as { download_url: string; sha256: string }[]) {
          const download = await fetch(file.download_url);
          expect(download.status).toBe(200);
          expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(file.sha256);
          checked += 1;
        }
      }
    }
  }
  return checked;
}

async function runRounds(d: Deployment): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let n = next++; n < ROUNDS; n = next++) await round(d, n);
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

describe.each([
  ['SQLite and the filesystem, one process', sqliteDeployment],
  ['PostgreSQL and S3, two processes', postgresDeployment],
] as const)('no byte lost on %s', (_name, open) => {
  let deployment: Deployment | undefined;
  afterAll(async () => {
    await deployment?.close();
  }, 60_000);

  it('keeps every ready file and every succeeded output whole while identical bytes race deletes', async () => {
    deployment = await open();
    await runRounds(deployment);
    // Each round leaves one ready file: A's copy (B's copy was deleted under B's job).
    expect(await checkReadyFiles(deployment)).toBe(ROUNDS);
    // Each round leaves A's second text job and B's job over its deleted file.
    expect(await checkOutputs(deployment)).toBeGreaterThanOrEqual(2 * ROUNDS);
  }, 600_000);
});
