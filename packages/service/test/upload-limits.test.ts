import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createKyselyStore,
  createSqliteStore,
  type Caller,
  type ServiceConfig,
  type ServiceLogger,
  type Store,
} from '../src/index.js';
import {
  blobKeysOf,
  sha256,
  startHarness,
  streamOf,
  subscribeToEvents,
  waitFor,
  type Harness,
} from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';

const MIB = 1024 * 1024;
/** The largest upload the spec allows (`size_bytes` at most 104857600). */
const MAX_UPLOAD = 100 * MIB;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const DIALECTS = ['sqlite', 'postgres'] as const;
type Dialect = (typeof DIALECTS)[number];

/** Where a test's service keeps its data; `second()` opens the same database again, as another process would. */
interface Location {
  dir: string;
  store: Store;
  second(): Promise<Store>;
}

async function openLocation(dialect: Dialect): Promise<Location> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-uploads-'));
  if (dialect === 'sqlite') {
    const path = join(dir, 'transmute.db');
    return { dir, store: await createSqliteStore({ path }), second: () => createSqliteStore({ path }) };
  }
  const { db, drop, open } = await createPostgresTestDb('uploads');
  cleanups.push(drop);
  return {
    dir,
    store: await createKyselyStore({ db, dialect: 'postgres' }),
    second: () => createKyselyStore({ db: open(), dialect: 'postgres' }),
  };
}

interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  meta: Record<string, unknown>;
}

function capturingLogger(lines: LogLine[]): ServiceLogger {
  const at =
    (level: LogLine['level']) =>
    (message: string, meta: Record<string, unknown> = {}): void => {
      lines.push({ level, message, meta });
    };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** An intent for `size` bytes of its own (distinct digests, as in the finding). */
function intentFor(h: Harness, caller: Caller, size: number, n: number) {
  return h.service.createUploadIntent(caller, {
    name: `part-${String(n)}.txt`,
    media_type: 'text/plain',
    size_bytes: size,
    sha256: sha256(`distinct content ${String(n)}`),
  });
}

function tokenOf(uploadUrl: string): string {
  return uploadUrl.split('/uploads/')[1] ?? '';
}

describe.each(DIALECTS)('uploads that are not completed (%s)', (dialect) => {
  let h: Harness;
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0).reverse()) await harness.close();
  });

  async function start(config: Partial<ServiceConfig> = {}, location?: Location): Promise<Harness> {
    const where = location ?? (await openLocation(dialect));
    const harness = await startHarness(
      { retention: { sweepIntervalMs: 3_600_000 }, ...config },
      { dir: where.dir, store: where.store },
    );
    harnesses.push(harness);
    return harness;
  }

  async function freeAccount(harness: Harness): Promise<Caller> {
    const { account } = await harness.service.admin.createAccount({ plan: 'free' });
    return { accountId: account.id, requestId: 'req_free' };
  }

  it('refuses an intent with quota_exceeded once outstanding uploads would pass the free plan input limit', async () => {
    h = await start({ allowPrivateNetworks: true });
    const free = await freeAccount(h);
    await subscribeToEvents(h, ['quota.exceeded'], free);
    // 10 × 100 MiB = 1000 MiB of the free plan's 1 GiB: accepted, whatever state they are in.
    const intents = [];
    for (let n = 0; n < 10; n += 1) intents.push(await intentFor(h, free, MAX_UPLOAD, n));
    const first = intents[0];
    if (first === undefined) throw new Error('no intent');
    await h.service.receiveUpload(tokenOf(first.upload_url), streamOf('x'.repeat(64)), 'text/plain');
    await expect(intentFor(h, free, MAX_UPLOAD, 10)).rejects.toMatchObject({
      code: 'quota_exceeded',
      status: 429,
    });
    const refusals = await h.store.db
      .selectFrom('events')
      .select('type')
      .where('account_id', '=', free.accountId)
      .where('type', '=', 'quota.exceeded')
      .execute();
    expect(refusals).toHaveLength(1);
    expect(
      await h.store.db.selectFrom('files').select('id').where('account_id', '=', free.accountId).execute(),
    ).toHaveLength(10);
    // What is left of the limit still fits, exactly.
    await intentFor(h, free, 24 * MIB, 11);
    await expect(intentFor(h, free, 1, 12)).rejects.toMatchObject({ code: 'quota_exceeded' });
    // An upload that is settled (here: deleted) no longer holds its share.
    await h.service.deleteFile(free, first.file_id);
    await intentFor(h, free, MAX_UPLOAD, 13);
  });

  it('counts the input bytes already used in the period', async () => {
    h = await start();
    const caller = await freeAccount(h);
    await h.service.admin.setPlan(caller.accountId, 'free', { inputBytes: 100 });
    await h.service.createJob(caller, {
      source: { type: 'text', content: 'x'.repeat(40) },
      output: { profile: 'raw_source' },
    });
    await intentFor(h, caller, 60, 0);
    await expect(intentFor(h, caller, 1, 1)).rejects.toMatchObject({ code: 'quota_exceeded' });
  });

  it('admits exactly the intents that fit when two processes race for the last of the limit', async () => {
    const location = await openLocation(dialect);
    h = await start({}, location);
    // PostgreSQL: a second service on its own pool, as another process. SQLite: one connection per
    // process and a busy wait that blocks the thread, so two stores in one process would only
    // deadlock each other; its writers serialize on BEGIN IMMEDIATE, raced here within one process.
    const other =
      dialect === 'postgres' ? await start({}, { ...location, store: await location.second() }) : h;
    const caller = await freeAccount(h);
    await h.service.admin.setPlan(caller.accountId, 'free', { inputBytes: 10_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => intentFor(n % 2 === 0 ? h : other, caller, 1000, n)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'quota_exceeded' });
    }
  });

  it('refuses a complete that does not match the intent and changes nothing', async () => {
    h = await start({ allowPrivateNetworks: true });
    await subscribeToEvents(h, ['file.rejected']);
    const bytes = 'bytes completed wrongly first';
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    await h.service.receiveUpload(tokenOf(intent.upload_url), streamOf(bytes), 'text/plain');
    const stored = await blobKeysOf(h.blobs, sha256(bytes));
    expect(stored).toHaveLength(1);
    const before = await h.service.getFile(h.caller, intent.file_id);
    const mismatched = { size_bytes: bytes.length, sha256: sha256('something else') };
    const request = { key: 'complete-once', fingerprint: 'f1' };
    const run = () =>
      h.service.runIdempotent(h.caller, request, () =>
        h.service.completeFileUpload(h.caller, intent.file_id, mismatched),
      );
    await expect(run()).rejects.toMatchObject({ code: 'upload_mismatch', status: 422 });

    expect(await h.service.getFile(h.caller, intent.file_id)).toEqual(before);
    expect(before.status).toBe('uploaded');
    expect(await blobKeysOf(h.blobs, sha256(bytes))).toEqual(stored);
    const events = await h.store.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'file.rejected')
      .execute();
    expect(events).toEqual([]);

    // The key replays the remembered refusal; the same complete again is refused the same way.
    await expect(run()).rejects.toMatchObject({
      code: 'upload_mismatch',
      headers: { 'Idempotent-Replayed': 'true' },
    });
    await expect(h.service.completeFileUpload(h.caller, intent.file_id, mismatched)).rejects.toMatchObject({
      code: 'upload_mismatch',
    });
    // The right complete afterwards goes on as if nothing had been refused: no second upload.
    const right = await h.service.completeFileUpload(h.caller, intent.file_id, {
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    expect(right).toMatchObject({ changed: true, file: { status: 'validating' } });
    const ready = await waitFor(async () => {
      const file = await h.service.getFile(h.caller, intent.file_id);
      return file.status === 'validating' ? undefined : file;
    });
    expect(ready.status).toBe('ready');
    expect(await blobKeysOf(h.blobs, sha256(bytes))).toEqual(stored);
  });

  it('removes the bytes of an intent that lapsed and logs the removal', async () => {
    const lines: LogLine[] = [];
    const clock = { now: Date.parse('2031-03-10T12:00:00.000Z') };
    h = await start({ logger: capturingLogger(lines), now: () => new Date(clock.now) });
    const bytes = 'parked and never completed';
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'parked.txt',
      media_type: 'text/plain',
      size_bytes: bytes.length,
      sha256: sha256(bytes),
    });
    await h.service.receiveUpload(tokenOf(intent.upload_url), streamOf(bytes), 'text/plain');
    await h.service.sweep();
    expect(await blobKeysOf(h.blobs, sha256(bytes))).toHaveLength(1);

    clock.now = Date.parse(intent.expires_at) + 1000;
    await h.service.sweep();
    expect(await blobKeysOf(h.blobs, sha256(bytes))).toEqual([]);
    expect((await h.service.getFile(h.caller, intent.file_id)).status).toBe('expired');
    expect(lines).toContainEqual({
      level: 'info',
      message: 'upload bytes removed',
      meta: { fileId: intent.file_id, bytes: bytes.length, reason: 'upload_expired' },
    });
    await expect(
      h.service.completeFileUpload(h.caller, intent.file_id, {
        size_bytes: bytes.length,
        sha256: sha256(bytes),
      }),
    ).rejects.toMatchObject({ code: 'upload_expired' });
  });

  it('keeps one blob when two PUTs of one intent race', async () => {
    h = await start();
    const size = 16;
    const intent = await h.service.createUploadIntent(h.caller, {
      name: 'raced.txt',
      media_type: 'text/plain',
      size_bytes: size,
      sha256: sha256('a'.repeat(size)),
    });
    // Each body ends only once both PUTs have started reading, so both saw the file before either stored.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const gatedBody = (fill: string): ReadableStream<Uint8Array> => {
      let sent = false;
      return new ReadableStream({
        async pull(controller) {
          if (sent) {
            controller.close();
            return;
          }
          sent = true;
          arrived += 1;
          if (arrived === 2) release();
          await bothStarted;
          controller.enqueue(new TextEncoder().encode(fill.repeat(size)));
        },
      });
    };
    const token = tokenOf(intent.upload_url);
    await Promise.all([
      h.service.receiveUpload(token, gatedBody('a'), 'text/plain'),
      h.service.receiveUpload(token, gatedBody('b'), 'text/plain'),
    ]);
    const row = await h.store.db
      .selectFrom('files')
      .select('blob_key')
      .where('id', '=', intent.file_id)
      .executeTakeFirstOrThrow();
    const digests = [sha256('a'.repeat(size)), sha256('b'.repeat(size))];
    const winner = digests.find((digest) => row.blob_key?.startsWith(digest) === true) ?? '';
    expect(digests).toContain(winner);
    const loser = digests.find((digest) => digest !== winner) ?? '';
    expect(await blobKeysOf(h.blobs, winner)).toEqual([row.blob_key]);
    expect(await blobKeysOf(h.blobs, loser)).toEqual([]);
  });
});
