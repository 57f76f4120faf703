import { randomBytes } from 'node:crypto';
import { API_ERRORS, TransmuteError, type ApiErrorCode } from '@transmute/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminFromContext } from './create-admin.js';
import type { Store } from './storage/store.js';
import { CHANNELS } from './storage/channels.js';
import { claimJob, claimNextJob } from './worker/claim-job.js';
import { createCoreContext, type CoreContext } from './kernel/context.js';
import { writeEvent } from './tables/events.js';
import { lockAccountClaims } from './tables/accounts.js';
import { newId } from './kernel/ids.js';
import { runIdempotent } from './tables/idempotency.js';
import { dbTimeIn } from './storage/db-clock.js';
import {
  LEASE_LOST,
  findLeasedJob,
  heldLeaseOf,
  insertJob,
  releaseLease,
  renewLease,
  saveProgress,
  withLease,
} from './tables/job-row.js';
import type { JobsTable } from './storage/schema.js';
import { wakeOnCommit } from './storage/wake-on-commit.js';
import { preparedInsert } from './storage/prepared-query.js';
import { createWebhookEndpoint, listWebhookEndpoints } from './operations/webhook-endpoints.js';

export { describeBlobStoreConformance } from './storage/blob-store-conformance.js';

// One way to build a delivery row, for tests and benchmarks that seed webhook deliveries directly.
export { newDeliveryRow } from './tables/delivery-row.js';

/** Makes a fresh, empty store (and may be called twice on one location to test reopening). */
export interface StoreFactory {
  open(): Promise<Store>;
  /** Drops everything the factory made. */
  cleanup?(): Promise<void>;
}

function context(store: Store, workerId = 'conformance', now?: () => Date): CoreContext {
  return createCoreContext(store, {
    baseUrl: 'http://127.0.0.1:1',
    signingSecret: 'conformance-secret',
    allowPrivateNetworks: true,
    workerId,
    leaseMs: 30_000,
    ...(now === undefined ? {} : { now }),
  });
}

function jobRow(accountId: string, createdAt: string, overrides: Partial<JobsTable> = {}): JobsTable {
  return {
    id: newId('job'),
    account_id: accountId,
    status: 'queued',
    source_type: 'text',
    source_json: JSON.stringify({ type: 'text', content: 'x' }),
    retention_class: 'temporary',
    stage: null,
    percent: 0,
    detail: null,
    warnings_json: '[]',
    usage_estimate_json: '{}',
    input_bytes: 1,
    document_key: null,
    work_pending: 1,
    locked_by: null,
    lease_expires_at: null,
    attempts: 0,
    cancel_requested_at: null,
    created_at: createdAt,
    updated_at: createdAt,
    ended_at: null,
    expires_at: null,
    traceparent: null,
    ...overrides,
  };
}

/** Earlier tests' jobs, for a claim to pass over as if this process ran them. */
async function otherAccountsJobs(store: Store, accountId: string): Promise<string[]> {
  const rows = await store.db.selectFrom('jobs').select('id').where('account_id', '!=', accountId).execute();
  return rows.map((row) => row.id);
}

/**
 * The store conformance suite: every Store backend (SQLite, PostgreSQL) must pass it.
 *
 * @example
 * describeStoreConformance('sqlite', { open: () => createSqliteStore({ path }) });
 */
export function describeStoreConformance(name: string, factory: StoreFactory): void {
  describe(`store conformance: ${name}`, () => {
    let store: Store;
    let ctx: CoreContext;
    beforeAll(async () => {
      store = await factory.open();
      ctx = context(store);
    });
    afterAll(async () => {
      await store.close();
      await factory.cleanup?.();
    });

    it('reopens an already migrated database without changes', async () => {
      const again = await factory.open();
      const rows = await again.db.selectFrom('accounts').selectAll().execute();
      expect(Array.isArray(rows)).toBe(true);
      await again.close();
    });

    it('commits transactions and rolls them back on error', async () => {
      const admin = createAdminFromContext(ctx);
      const { account } = await admin.createAccount({ plan: 'developer' });
      await expect(
        store.transaction(async (trx) => {
          await trx.updateTable('accounts').set({ plan: 'team' }).where('id', '=', account.id).execute();
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect((await admin.getAccount(account.id))?.plan).toBe('developer');
      await store.transaction(async (trx) => {
        await trx.updateTable('accounts').set({ plan: 'team' }).where('id', '=', account.id).execute();
      });
      expect((await admin.getAccount(account.id))?.plan).toBe('team');
    });

    it('returns integers and sizes as numbers', async () => {
      const admin = createAdminFromContext(ctx);
      const { account } = await admin.createAccount();
      await store.db
        .insertInto('jobs')
        .values(jobRow(account.id, ctx.nowIso(), { input_bytes: 5_000_000_000 }))
        .execute();
      const row = await store.db
        .selectFrom('jobs')
        .selectAll()
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row.input_bytes).toBe(5_000_000_000);
      expect(typeof row.attempts).toBe('number');
    });

    it('runs five concurrent requests with one idempotency key exactly once', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      const other = context(store, 'other-process');
      let executions = 0;
      const attempt = (c: CoreContext): Promise<unknown> =>
        runIdempotent(c, caller, { key: 'same-key', fingerprint: 'f1' }, async () => {
          executions += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return { n: executions };
        }).catch((error: unknown) => error);
      const results = await Promise.all([
        attempt(ctx),
        attempt(other),
        attempt(ctx),
        attempt(other),
        attempt(ctx),
      ]);
      expect(executions).toBe(1);
      // One ran it; the others met it running or, on a busy machine, started once it had ended.
      const answers = results.filter((result) => !(result instanceof TransmuteError));
      for (const result of results) {
        if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
        else expect(result).toMatchObject({ value: { n: 1 } });
      }
      expect(answers.filter((answer) => (answer as { replayed: boolean }).replayed === false)).toHaveLength(
        1,
      );
      const replay = await runIdempotent(ctx, caller, { key: 'same-key', fingerprint: 'f1' }, () => {
        throw new Error('must not run');
      });
      expect(replay).toEqual({ replayed: true, value: { n: 1 } });
      await expect(
        runIdempotent(ctx, caller, { key: 'same-key', fingerprint: 'f2' }, () =>
          Promise.reject(new Error('no')),
        ),
      ).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    });

    it('renews the idempotency claim of a running request, so only a dead one lapses', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      const key = 'long-request';
      const lockedUntil = async () =>
        (
          await store.db
            .selectFrom('idempotency_keys')
            .select('locked_until')
            .where('account_id', '=', account.id)
            .where('key', '=', key)
            .executeTakeFirstOrThrow()
        ).locked_until;
      const result = await runIdempotent(ctx, caller, { key, fingerprint: 'f1' }, async () => {
        const firstLease = await lockedUntil();
        await vi.waitFor(async () => expect(await lockedUntil()).not.toBe(firstLease), {
          timeout: 20_000,
          interval: 100,
        });
        // When the first lease would have run out, the key is still this request's.
        const later = context(store, 'other-process', () => new Date(firstLease));
        await expect(
          runIdempotent(later, caller, { key, fingerprint: 'f2' }, () => Promise.resolve('must not run')),
        ).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
        return 'done';
      });
      expect(result).toEqual({ value: 'done', replayed: false });
    });

    it('lets a lapsed idempotency claim be taken over; the request that lost it commits nothing', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      const key = 'lapsed-claim';
      let proceed = (): void => undefined;
      const paused = new Promise<void>((resolve) => (proceed = resolve));
      const create = (c: CoreContext, url: string) =>
        createWebhookEndpoint(c, caller, { url, events: ['job.succeeded'] });
      // A request stalled past its lease (say its event loop was blocked), as a dead one looks.
      const stalled = runIdempotent(ctx, caller, { key, fingerprint: 'f-stalled' }, async () => {
        await paused;
        return create(ctx, 'http://127.0.0.1:9/stalled');
      }).catch((error: unknown) => error);
      await vi.waitFor(async () => {
        const row = await store.db
          .selectFrom('idempotency_keys')
          .select('state')
          .where('account_id', '=', account.id)
          .where('key', '=', key)
          .executeTakeFirst();
        expect(row?.state).toBe('in_flight');
      });
      const later = context(store, 'other-process', () => new Date(Date.now() + 3_600_000));
      const taken = await runIdempotent(later, caller, { key, fingerprint: 'f-retry' }, () =>
        create(later, 'http://127.0.0.1:9/retry'),
      );
      expect(taken.replayed).toBe(false);
      proceed();
      expect(await stalled).toMatchObject({ code: 'idempotency_key_in_use' });
      const urls = await store.db
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('account_id', '=', account.id)
        .execute();
      expect(urls).toEqual([{ url: 'http://127.0.0.1:9/retry' }]);
      const replay = await runIdempotent(later, caller, { key, fingerprint: 'f-retry' }, () =>
        Promise.reject(new Error('must not run')),
      );
      expect(replay).toEqual({ value: taken.value, replayed: true });
    });

    it('remembers exactly the errors of operations that began executing, and forgets the rest (CONTRACT §5)', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      // CONTRACT §5: stored once the handler began executing; not stored when refused before (400,
      // 401/403, 404/405 of the router, 409 in use, 413, 415, 422 validation or key reuse, 429) or 5xx.
      const remembered = [
        'not_found',
        'job_not_terminal',
        'job_not_cancelable',
        'job_not_renderable',
        'output_not_ready',
        'content_not_paginable',
        'upload_not_received',
        'upload_expired',
        'upload_already_completed',
        'delivery_not_dead_lettered',
        'upload_mismatch',
      ];
      for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) {
        const request = { key: `k-${code}`, fingerprint: 'f' };
        const fieldErrors = [{ field: 'x', code: 'invalid_value' as const, detail: 'bad x' }];
        await expect(
          runIdempotent(ctx, caller, request, () =>
            Promise.reject(new TransmuteError(code, `first ${code}`, { fieldErrors, retryAfter: 3 })),
          ),
        ).rejects.toMatchObject({ code });
        const second = runIdempotent(ctx, caller, request, () => Promise.resolve('ran'));
        if (remembered.includes(code)) {
          await expect(second, code).rejects.toMatchObject({
            code,
            message: `first ${code}`,
            fieldErrors,
            retryAfter: 3,
            headers: { 'Idempotent-Replayed': 'true' },
          });
        } else {
          await expect(second, code).resolves.toEqual({ value: 'ran', replayed: false });
        }
      }
      const crashed = { key: 'k-crash', fingerprint: 'f' };
      await expect(
        runIdempotent(ctx, caller, crashed, () => Promise.reject(new Error('bug'))),
      ).rejects.toThrow('bug');
      await expect(runIdempotent(ctx, caller, crashed, () => Promise.resolve(1))).resolves.toEqual({
        value: 1,
        replayed: false,
      });
    });

    it('claims each job once across workers and honours per-account concurrency', async () => {
      const admin = createAdminFromContext(ctx);
      const { account } = await admin.createAccount({ plan: 'developer', limits: { concurrency: 2 } });
      const base = Date.now();
      for (let i = 0; i < 5; i += 1) {
        await store.db
          .insertInto('jobs')
          .values(jobRow(account.id, new Date(base + i).toISOString()))
          .execute();
      }
      const workers = ['w1', 'w2', 'w3', 'w4'].map((id) => context(store, id));
      const claimed = (await Promise.all(workers.map((w) => claimJob(w)))).filter(
        (row) => row?.account_id === account.id,
      );
      const ids = claimed.map((row) => row?.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(2);
      const processing = await store.db
        .selectFrom('jobs')
        .select('id')
        .where('account_id', '=', account.id)
        .where('status', '=', 'processing')
        .execute();
      expect(processing.length).toBe(2);
    });

    it('tells the worker pool whether its claim saw other claimable jobs', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const base = Date.now();
      for (let i = 0; i < 2; i += 1) {
        await store.db
          .insertInto('jobs')
          .values(jobRow(account.id, new Date(base + i).toISOString()))
          .execute();
      }
      const running = await otherAccountsJobs(store, account.id);
      const worker = context(store, 'pool');
      const first = await claimNextJob(worker, running);
      expect(first.job?.account_id).toBe(account.id);
      expect(first.othersSeen).toBe(true);
      running.push(first.job?.id ?? '');
      const second = await claimNextJob(worker, running);
      expect(second.job?.account_id).toBe(account.id);
      expect(second.othersSeen).toBe(false);
      running.push(second.job?.id ?? '');
      expect(await claimNextJob(worker, running)).toEqual({
        job: null,
        othersSeen: false,
        checkpointsOrTasks: false,
      });
    });

    it("tells a claim whether the job holds an earlier run's checkpoints or tasks", async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const base = Date.now();
      const [bare, checkpointed, planned] = [0, 1, 2].map((i) =>
        jobRow(account.id, new Date(base + i).toISOString()),
      );
      if (bare === undefined || checkpointed === undefined || planned === undefined) throw new Error('rows');
      await store.db.insertInto('jobs').values([bare, checkpointed, planned]).execute();
      const at = ctx.nowIso();
      await store.db
        .insertInto('job_checkpoints')
        .values({ job_id: checkpointed.id, stage: 'source_acquisition', blob_key: 'blob_x', created_at: at })
        .execute();
      await store.db
        .insertInto('job_tasks')
        .values({
          job_id: planned.id,
          position: 0,
          task_json: '{}',
          status: 'succeeded',
          failure: null,
          locked_by: null,
          lease_expires_at: null,
          attempts: 1,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const running = await otherAccountsJobs(store, account.id);
      const found = new Map<string | undefined, boolean>();
      for (let i = 0; i < 3; i += 1) {
        const claim = await claimNextJob(context(store, 'pool'), running);
        running.push(claim.job?.id ?? '');
        found.set(claim.job?.id, claim.checkpointsOrTasks);
      }
      expect(found).toEqual(
        new Map([
          [bare.id, false],
          [checkpointed.id, true],
          [planned.id, true],
        ]),
      );
    });

    it('puts back work whose lease expired', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const past = new Date(Date.now() - 120_000).toISOString();
      const row = jobRow(account.id, past, {
        status: 'processing',
        locked_by: 'crashed-worker',
        lease_expires_at: new Date(Date.now() - 1000).toISOString(),
        attempts: 1,
      });
      await store.db.insertInto('jobs').values(row).execute();
      let found: JobsTable | null = null;
      for (let i = 0; i < 20 && found?.id !== row.id; i += 1)
        found = await claimJob(context(store, 'rescuer'));
      expect(found?.id).toBe(row.id);
      expect(found?.locked_by).toMatch(/^rescuer\//);
      expect(found?.attempts).toBe(2);
    });

    it('lets only the lease holder write a leased job', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const row = jobRow(account.id, ctx.nowIso(), {
        status: 'processing',
        locked_by: 'holder',
        lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
        attempts: 2,
      });
      await store.db.insertInto('jobs').values(row).execute();
      const holder = { jobId: row.id, holder: 'holder' };
      const other = { jobId: row.id, holder: 'other' };
      expect(await findLeasedJob(store.db, other)).toBeUndefined();
      expect(await renewLease(ctx, other)).toBeUndefined();
      expect(await withLease(ctx, other, () => Promise.resolve('ran'))).toBe(LEASE_LOST);
      await store.transaction((trx) => releaseLease(trx, other, { workDone: true }));
      expect((await findLeasedJob(store.db, holder))?.work_pending).toBe(1);
      expect(await renewLease(ctx, holder)).toEqual({ status: 'processing', cancel_requested_at: null });
      expect(await withLease(ctx, holder, () => Promise.resolve('ran'))).toBe('ran');
      await store.transaction((trx) => releaseLease(trx, holder, { attempts: 1 }));
      const released = await store.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(released).toMatchObject({
        locked_by: null,
        lease_expires_at: null,
        attempts: 1,
        work_pending: 1,
      });
    });

    /** Claims `jobId` if it is claimable, passing over every other job of the shared database. */
    async function claimOnly(worker: CoreContext, jobId: string): Promise<JobsTable | null> {
      const others = await store.db.selectFrom('jobs').select('id').where('id', '!=', jobId).execute();
      return claimJob(
        worker,
        others.map((other) => other.id),
      );
    }

    /** Moves the job's lease end to `ms` from now by the database's clock (negative: lapsed). */
    async function setLeaseEnd(jobId: string, ms: number): Promise<void> {
      await store.db
        .updateTable('jobs')
        .set({ lease_expires_at: dbTimeIn(store.dialect, ms) })
        .where('id', '=', jobId)
        .execute();
    }

    it('fences a run that lost its lease, even against a later claim of the same worker', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const row = jobRow(account.id, ctx.nowIso());
      await store.db.insertInto('jobs').values(row).execute();
      const worker = context(store, 'w-fence');
      const first = await claimOnly(worker, row.id);
      if (first === null) throw new Error('not claimed');
      // A run that stalled past its lease, with the job taken by nobody, still holds it: it renews.
      await setLeaseEnd(row.id, -1000);
      expect(await renewLease(worker, heldLeaseOf(first))).toMatchObject({ status: 'processing' });
      // It stalls again; this time the same worker claims the job anew before it wakes.
      await setLeaseEnd(row.id, -1000);
      const second = await claimOnly(worker, row.id);
      if (second === null) throw new Error('not claimed again');
      const [stale, live] = [heldLeaseOf(first), heldLeaseOf(second)];
      expect(stale.holder).toMatch(/^w-fence\//);
      expect(live.holder).not.toBe(stale.holder);
      expect(await renewLease(worker, stale)).toBeUndefined();
      expect(await withLease(worker, stale, () => Promise.resolve('ran'))).toBe(LEASE_LOST);
      await saveProgress(worker, stale, {
        stage: 'stale',
        percent: 50,
        detail: null,
        updatedAt: ctx.nowIso(),
      });
      await store.transaction((trx) => releaseLease(trx, stale, { workDone: true }));
      const after = await findLeasedJob(store.db, live);
      expect(after).toMatchObject({ attempts: 2, work_pending: 1, stage: 'source_acquisition' });
      expect(await withLease(worker, live, () => Promise.resolve('ran'))).toBe('ran');
    });

    it('times leases by the database clock: a worker clock ahead or behind changes nothing', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const live = jobRow(account.id, ctx.nowIso(), {
        status: 'processing',
        locked_by: 'alive',
        attempts: 1,
      });
      const lapsed = jobRow(account.id, ctx.nowIso(), {
        status: 'processing',
        locked_by: 'dead',
        attempts: 1,
      });
      await store.db.insertInto('jobs').values([live, lapsed]).execute();
      await setLeaseEnd(live.id, 60_000);
      await setLeaseEnd(lapsed.id, -1000);
      const skewed = (ms: number, id: string): CoreContext =>
        createCoreContext(store, {
          baseUrl: 'http://127.0.0.1:1',
          signingSecret: 'conformance-secret',
          workerId: id,
          leaseMs: 30_000,
          now: () => new Date(Date.now() + ms),
        });
      const ahead = skewed(3_600_000, 'ahead');
      const behind = skewed(-3_600_000, 'behind');
      expect(await claimOnly(ahead, live.id)).toBeNull();
      const rescued = await claimOnly(behind, lapsed.id);
      expect(rescued?.id).toBe(lapsed.id);
      // The renewal runs from the database's now as well, not from the worker's hour-late clock.
      await renewLease(behind, heldLeaseOf(rescued as JobsTable));
      const renewed = await findLeasedJob(store.db, heldLeaseOf(rescued as JobsTable));
      const remaining = Date.parse(renewed?.lease_expires_at ?? '') - Date.now();
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThan(35_000);
    });

    it('lets no claim take a job between a lease check and its commit', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const row = jobRow(account.id, ctx.nowIso(), {
        status: 'processing',
        locked_by: 'paused',
        attempts: 1,
      });
      await store.db.insertInto('jobs').values(row).execute();
      // The holder's lease lapsed while it was paused; it resumes and commits the end of its run
      // just as a rescuer polls.
      await setLeaseEnd(row.id, -1000);
      const paused = { jobId: row.id, holder: 'paused' };
      let entered = (): void => undefined;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      let open = (): void => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const commit = withLease(ctx, paused, async (trx) => {
        entered();
        await gate;
        await releaseLease(trx, paused, { workDone: true });
        return 'ran';
      });
      await inside;
      const rescue = claimOnly(context(store, 'rescuer'), row.id);
      // PostgreSQL answers at once (the row is locked: SKIP LOCKED passes it over); SQLite's
      // claim waits for the writer, so the gate opens after a while.
      await Promise.race([rescue, new Promise((resolve) => setTimeout(resolve, 1000))]);
      open();
      expect(await commit).toBe('ran');
      expect(await rescue).toBeNull();
      const after = await store.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ locked_by: null, work_pending: 0, attempts: 1 });
    });

    it("takes an account's oldest free job first, also when a claim waits for another", async () => {
      const { account } = await createAdminFromContext(ctx).createAccount({ plan: 'team' });
      const base = Date.now() - 60_000;
      const oldest = jobRow(account.id, new Date(base).toISOString(), {
        status: 'processing',
        locked_by: 'crashed',
        attempts: 1,
      });
      const newer = jobRow(account.id, new Date(base + 1000).toISOString());
      await store.db.insertInto('jobs').values([oldest, newer]).execute();
      await setLeaseEnd(oldest.id, -1000);
      const others = await store.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'not in', [oldest.id, newer.id])
        .execute();
      // Another claim is under way: it holds the oldest job (a PostgreSQL row lock) and the
      // account's claim lock (on SQLite its transaction holds the database).
      let entered = (): void => undefined;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      let open = (): void => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const other = store.transaction(async (trx) => {
        if (store.dialect === 'postgres') {
          await sql`select id from jobs where id = ${oldest.id} for update`.execute(trx);
        }
        await lockAccountClaims(trx, ctx, account.id);
        entered();
        await gate;
      });
      await inside;
      const claim = claimJob(
        context(store, 'rescuer'),
        others.map((row) => row.id),
      );
      await Promise.race([claim, new Promise((resolve) => setTimeout(resolve, 1000))]);
      open();
      await other;
      expect((await claim)?.id).toBe(oldest.id);
    });

    it('wakes the listeners of a committed write, not of a rolled-back one', async () => {
      // A channel of its own: PostgreSQL channels are shared by every schema of the database.
      const channel = `conformance_${randomBytes(4).toString('hex')}`;
      const heard: string[] = [];
      // The transaction below touches the jobs channel (a job) and its own; its event queues no
      // delivery (the account has no endpoint), so the webhook dispatchers are not woken.
      const touched = [channel, CHANNELS.jobs];
      const offs = [...touched, CHANNELS.webhooks].map((name) =>
        store.subscribe(name, () => heard.push(name)),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { account } = await createAdminFromContext(ctx).createAccount();
      await expect(
        store.transaction(async (trx) => {
          await insertJob(trx, jobRow(account.id, ctx.nowIso(), { status: 'succeeded', work_pending: 0 }));
          wakeOnCommit(trx, channel);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).not.toContain(channel);
      heard.length = 0;
      await store.transaction(async (trx) => {
        await insertJob(trx, jobRow(account.id, ctx.nowIso(), { status: 'succeeded', work_pending: 0 }));
        await writeEvent(trx, ctx, { accountId: account.id, type: 'job.succeeded', object: { id: 'w' } });
        wakeOnCommit(trx, channel);
      });
      await vi.waitFor(() => expect(new Set(heard)).toEqual(new Set(touched)));
      for (const off of offs) off();
      expect(() => wakeOnCommit(store.db, channel)).toThrow('outside a store transaction');
    });

    it('fails the transaction of a write whose answer is not waited for, and commits none of it', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const row = jobRow(account.id, ctx.nowIso(), { status: 'succeeded', work_pending: 0 });
      const stored = (id: string) => store.db.selectFrom('jobs').select('id').where('id', '=', id).execute();
      // Sent and answered with the commit: committed.
      await store.transaction((trx) => insertJob(trx, row));
      expect(await stored(row.id)).toHaveLength(1);
      // A duplicate sent without waiting, then a write that would succeed, then the commit: the
      // duplicate's own error, and the other write is not committed.
      const other = jobRow(account.id, ctx.nowIso(), { status: 'succeeded', work_pending: 0 });
      const duplicate = /unique|duplicate/i;
      await expect(
        store.transaction(async (trx) => {
          await insertJob(trx, row);
          await insertJob(trx, other);
        }),
      ).rejects.toThrow(duplicate);
      // The same with a statement waited for after it (on PostgreSQL it finds the transaction
      // aborted; the duplicate's error is still the one thrown).
      await expect(
        store.transaction(async (trx) => {
          await insertJob(trx, row);
          await insertJob(trx, other);
          await trx.selectFrom('jobs').select('id').where('id', '=', other.id).execute();
        }),
      ).rejects.toThrow(duplicate);
      // A statement sent ahead and awaited after a later one (as a job's end is): on PostgreSQL
      // the later one finds the transaction aborted; the duplicate's error is still the one thrown.
      const insertAwaited = preparedInsert('jobs');
      await expect(
        store.transaction(async (trx) => {
          const ahead = insertAwaited(trx, [row]);
          ahead.catch(() => undefined);
          await trx.selectFrom('jobs').select('id').where('id', '=', other.id).execute();
          await ahead;
        }),
      ).rejects.toThrow(duplicate);
      expect(await stored(other.id)).toHaveLength(0);
    });

    it('pages newest first without duplicates or gaps while items are inserted', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      const create = (): Promise<unknown> =>
        createWebhookEndpoint(ctx, caller, { url: 'http://127.0.0.1:9/hook', events: ['job.succeeded'] });
      for (let i = 0; i < 12; i += 1) await create();
      const before = await store.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('account_id', '=', account.id)
        .execute();
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await listWebhookEndpoints(ctx, caller, {
          limit: 5,
          ...(cursor === undefined ? {} : { cursor }),
        });
        seen.push(...page.data.map((e) => e.id));
        await create();
        expect(page.page.has_more).toBe(page.page.next_cursor !== null);
        if (page.page.next_cursor === null) break;
        cursor = page.page.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      for (const { id } of before) expect(seen).toContain(id);
    });

    it('writes events and deliveries in the caller transaction only, an event only with a delivery', async () => {
      const admin = createAdminFromContext(ctx);
      const { account } = await admin.createAccount();
      const { account: unsubscribed } = await admin.createAccount();
      const caller = { accountId: account.id, requestId: 'req_conformance' };
      const endpoint = await createWebhookEndpoint(ctx, caller, {
        url: 'http://127.0.0.1:9/hook',
        events: ['job.succeeded'],
      });
      await expect(
        store.transaction(async (trx) => {
          await writeEvent(trx, ctx, { accountId: account.id, type: 'job.succeeded', object: { id: 'x' } });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      await store.transaction(async (trx) => {
        await writeEvent(trx, ctx, { accountId: account.id, type: 'job.succeeded', object: { id: 'y' } });
        await writeEvent(trx, ctx, { accountId: account.id, type: 'job.failed', object: { id: 'z' } });
        await writeEvent(trx, ctx, {
          accountId: unsubscribed.id,
          type: 'job.succeeded',
          object: { id: 'u' },
        });
      });
      // The dispatcher is the outbox's only reader: an event no endpoint receives is not stored.
      const events = await store.db
        .selectFrom('events')
        .selectAll()
        .where('account_id', 'in', [account.id, unsubscribed.id])
        .execute();
      expect(events.map((e) => [e.account_id, e.type])).toEqual([[account.id, 'job.succeeded']]);
      expect(JSON.parse(events[0]?.payload ?? '{}')).toMatchObject({ data: { object: { id: 'y' } } });
      const deliveries = await store.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        status: 'pending',
        event_type: 'job.succeeded',
        event_id: events[0]?.id,
        attempts: 0,
      });
    });

    it('delivers notifications to subscribers', async () => {
      const channel = `conformance_${randomBytes(4).toString('hex')}`;
      const heard = new Promise<void>((resolve) => {
        const off = store.subscribe(channel, () => {
          off();
          resolve();
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await store.notify(channel);
      await heard;
    });
  });
}
