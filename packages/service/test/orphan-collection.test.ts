import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createKyselyStore,
  createSqliteStore,
  type ServiceConfig,
  type ServiceLogger,
  type Store,
} from '../src/index.js';
import { createCoreContext } from '../src/kernel/context.js';
import { createOrphanCollector } from '../src/worker/collect-orphans.js';
import { blobKeysOf, sha256, startHarness, uploadFile, waitForJob, type Harness } from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';

const HOUR = 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const DIALECTS = ['sqlite', 'postgres'] as const;
type Dialect = (typeof DIALECTS)[number];

async function openStore(dialect: Dialect, dir: string): Promise<Store> {
  if (dialect === 'sqlite') return createSqliteStore({ path: join(dir, 'transmute.db') });
  const { db, drop } = await createPostgresTestDb('orphans');
  cleanups.push(drop);
  return createKyselyStore({ db, dialect: 'postgres' });
}

interface LogLine {
  message: string;
  meta: Record<string, unknown>;
}

function infoLogger(lines: LogLine[]): ServiceLogger {
  return {
    info: (message, meta = {}) => lines.push({ message, meta }),
    warn: () => undefined,
    error: () => undefined,
  };
}

/** Every blob key on disk (`<root>/ab/cd/<sha256>`). */
function blobKeys(h: Harness): string[] {
  const keys: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== 'tmp') walk(full);
      } else keys.push(entry);
    }
  };
  walk(join(h.dir, 'blobs'));
  return keys.sort();
}

/** Makes a file look last written `ms` ago (what a crash long ago leaves behind). */
/** The blob keys once they have stayed the same for 300 ms (releases after a commit have run). */
async function settledBlobKeys(h: Harness): Promise<string[]> {
  let seen = blobKeys(h);
  for (let tries = 0; tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = blobKeys(h);
    if (now.join() === seen.join()) return now;
    seen = now;
  }
  throw new Error('The blob store kept changing for 30 s.');
}

function age(path: string, ms: number): void {
  const then = new Date(Date.now() - ms);
  utimesSync(path, then, then);
}

function blobPath(h: Harness, key: string): Promise<string> {
  return h.blobs.localFile(key);
}

describe.each(DIALECTS)('orphan collection (%s)', (dialect) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function start(config: Partial<ServiceConfig> = {}): Promise<Harness> {
    const dir = mkdtempSync(join(tmpdir(), 'transmute-orphans-'));
    h = await startHarness(
      { retention: { sweepIntervalMs: 3_600_000 }, ...config },
      { dir, store: await openStore(dialect, dir) },
    );
    return h;
  }

  it('removes unreferenced blobs and stale .part files past the grace period, and nothing else', async () => {
    const lines: LogLine[] = [];
    await start({ logger: infoLogger(lines) });
    // Referenced: an uploaded file, and a job's normalized document and artifacts.
    const file = await uploadFile(h, 'a file some row refers to', 'text/plain');
    expect(file.status).toBe('ready');
    const job = await h.service.createJob(h.caller, {
      source: { type: 'files', file_ids: [file.id] },
      output: { profile: 'raw_source' },
    });
    expect((await waitForJob(h, job.id, ['succeeded', 'failed'])).status).toBe('succeeded');
    // The job's checkpoints are released after its last commit, so after it reads `succeeded`.
    const referenced = await settledBlobKeys(h);
    expect(referenced.length).toBeGreaterThanOrEqual(3);

    const orphan = await h.blobs.putBytes('bytes no row refers to, left by a crash');
    const freshOrphan = await h.blobs.putBytes('bytes whose row is about to be committed');
    const tmp = join(h.dir, 'blobs', 'tmp');
    const stalePart = join(tmp, 'abandoned.part');
    const freshPart = join(tmp, 'receiving.part');
    writeFileSync(stalePart, Buffer.alloc(123));
    writeFileSync(freshPart, Buffer.alloc(7));
    // Everything but the fresh orphan and the fresh .part was last written two hours ago.
    for (const key of [...referenced, orphan.key]) age(await blobPath(h, key), 2 * HOUR);
    age(stalePart, 2 * HOUR);

    await h.service.sweep();

    expect(blobKeys(h)).toEqual([...referenced, freshOrphan.key].sort());
    expect(existsSync(stalePart)).toBe(false);
    expect(existsSync(freshPart)).toBe(true);
    expect(lines).toContainEqual({
      message: 'orphan blob removed',
      meta: { key: orphan.key, bytes: orphan.sizeBytes },
    });
    expect(lines).toContainEqual({
      message: 'stale temporary blob file removed',
      meta: { name: 'abandoned.part', bytes: 123 },
    });
    // The referenced bytes still serve.
    const page = await h.service.getOutputContent(h.caller, job.output_ids[0] ?? '', {});
    expect(page.data).toContain('a file some row refers to');
    expect(await blobKeysOf(h.blobs, sha256('a file some row refers to'))).toHaveLength(1);
  });

  it('honours a configured grace period', async () => {
    await start({ retention: { sweepIntervalMs: 3_600_000, orphanGraceMs: 3 * HOUR } });
    const orphan = await h.blobs.putBytes('an orphan two hours old');
    age(await blobPath(h, orphan.key), 2 * HOUR);
    await h.service.sweep();
    expect(await h.blobs.stat(orphan.key)).not.toBeNull();
    age(await blobPath(h, orphan.key), 4 * HOUR);
    await h.service.sweep();
    expect(await h.blobs.stat(orphan.key)).toBeNull();
  });

  it('examines a bounded number of blobs per run and resumes where it stopped', async () => {
    await start();
    const orphans = [];
    for (let n = 0; n < 5; n += 1) orphans.push(await h.blobs.putBytes(`orphan number ${String(n)}`));
    for (const orphan of orphans) age(await blobPath(h, orphan.key), 2 * HOUR);
    const ctx = {
      ...createCoreContext(h.store, { baseUrl: 'http://127.0.0.1:1', signingSecret: 'x' }),
      blobs: h.blobs,
    };
    const collector = createOrphanCollector(ctx, { keysPerRun: 2, temporariesPerRun: 1 });
    await collector.collect();
    expect(blobKeys(h)).toHaveLength(3);
    await collector.collect();
    expect(blobKeys(h)).toHaveLength(1);
    await collector.collect();
    expect(blobKeys(h)).toHaveLength(0);
  });
});
