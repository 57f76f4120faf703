import { randomBytes } from 'node:crypto';
import { API_ERRORS, TransmuteError, type ApiErrorCode } from '@transmute/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminFromContext } from './create-admin.js';
import type { Store } from './store.js';
import { CHANNELS } from './internal/channels.js';
import { claimJob } from './internal/claim-job.js';
import { createCoreContext, type CoreContext } from './internal/context.js';
import { writeEvent } from './internal/events.js';
import { newId } from './internal/ids.js';
import { runIdempotent } from './internal/idempotency.js';
import {
  LEASE_LOST,
  findLeasedJob,
  insertJob,
  releaseLease,
  renewLease,
  withLease,
} from './internal/job-row.js';
import type { JobsTable } from './internal/schema.js';
import { wakeOnCommit } from './internal/wake-on-commit.js';
import { createWebhookEndpoint, listWebhookEndpoints } from './internal/webhook-endpoints.js';

// One way to build a delivery row, for tests and benchmarks that seed webhook deliveries directly.
export { newDeliveryRow } from './internal/events.js';

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
    ...overrides,
  };
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
      for (const result of results) {
        if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
        else expect(result).toEqual({ value: { n: 1 }, replayed: false });
      }
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
      expect(found?.locked_by).toBe('rescuer');
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
      const [holder, other] = [context(store, 'holder'), context(store, 'other')];
      expect(await findLeasedJob(store.db, other, row.id)).toBeUndefined();
      expect(await renewLease(other, row.id)).toBe(false);
      expect(await withLease(other, row.id, () => Promise.resolve('ran'))).toBe(LEASE_LOST);
      await store.transaction((trx) => releaseLease(trx, other, row.id, { workDone: true }));
      expect((await findLeasedJob(store.db, holder, row.id))?.work_pending).toBe(1);
      expect(await renewLease(holder, row.id)).toBe(true);
      expect(await withLease(holder, row.id, () => Promise.resolve('ran'))).toBe('ran');
      await store.transaction((trx) => releaseLease(trx, holder, row.id, { attempts: 1 }));
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

    it('wakes the listeners of a committed write, not of a rolled-back one', async () => {
      // A channel of its own: PostgreSQL channels are shared by every schema of the database.
      const channel = `conformance_${randomBytes(4).toString('hex')}`;
      const heard: string[] = [];
      const offs = [channel, CHANNELS.jobs, CHANNELS.webhooks].map((name) =>
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
      await vi.waitFor(() => expect(new Set(heard)).toEqual(new Set([channel, ...Object.values(CHANNELS)])));
      for (const off of offs) off();
      expect(() => wakeOnCommit(store.db, channel)).toThrow('outside a store transaction');
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

    it('writes events and deliveries in the caller transaction only', async () => {
      const { account } = await createAdminFromContext(ctx).createAccount();
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
      });
      const events = await store.db
        .selectFrom('events')
        .selectAll()
        .where('account_id', '=', account.id)
        .execute();
      expect(events.map((e) => e.type).sort()).toEqual(['job.failed', 'job.succeeded']);
      const deliveries = await store.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpoint.id)
        .execute();
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ status: 'pending', event_type: 'job.succeeded', attempts: 0 });
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
