import { TransmuteError } from '@transmute/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createKyselyStore, type Service, type Store } from '../src/index.js';
import { startHarness, type Harness } from './support/harness.js';
import { createPostgresTestDb } from './support/postgres.js';

// createJob's Idempotency-Key is written by its own transaction, with the job (CONTRACT §5): no
// claim commits before it, yet a concurrent request with the key, here or in another process,
// still gets idempotency_key_in_use and the key still yields one job.

const BODY = {
  source: { type: 'text' as const, content: 'Claimed at commit.' },
  output: { profile: 'raw_source' as const },
};

interface Processes {
  a: Harness;
  b: Harness;
  store: Store;
}

const backends = {
  async sqlite() {
    // The second service shares the first one's connection: two connections to one file in one
    // process would wait for each other's write lock with the event loop blocked.
    const a = await startHarness({ workerConcurrency: 0 });
    const b = await startHarness(
      { workerConcurrency: 0 },
      { store: { ...a.store, close: () => Promise.resolve() } },
    );
    return { a, b, store: a.store, drop: () => Promise.resolve() };
  },
  async postgres() {
    const { db, open, drop } = await createPostgresTestDb('idem_at_commit');
    const store = await createKyselyStore({ db, dialect: 'postgres' });
    const a = await startHarness({ workerConcurrency: 0 }, { store });
    const b = await startHarness(
      { workerConcurrency: 0 },
      { store: await createKyselyStore({ db: open(), dialect: 'postgres' }) },
    );
    return { a, b, store, drop };
  },
} satisfies Record<string, () => Promise<Processes & { drop: () => Promise<void> }>>;

describe.each(['sqlite', 'postgres'] as const)(
  'createJob claims its Idempotency-Key at its commit (%s)',
  (name) => {
    const opened: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const close of opened.splice(0)) await close();
    });

    async function open(): Promise<Processes> {
      const processes = await backends[name]();
      opened.push(async () => {
        await processes.b.close(true);
        await processes.a.close();
        await processes.drop();
      });
      return processes;
    }

    const create = (service: Service, caller: Harness['caller'], key: string, fingerprint = 'f1') =>
      service.runIdempotent(caller, { key, fingerprint, operationId: 'createJob' }, () =>
        service.createJob(caller, BODY),
      );

    async function jobCount(store: Store, accountId: string): Promise<number> {
      const rows = await store.db
        .selectFrom('jobs')
        .select('id')
        .where('account_id', '=', accountId)
        .execute();
      return rows.length;
    }

    it('gives five concurrent creates with one key over two processes one job; the others are in use', async () => {
      const { a, b, store } = await open();
      const caller = a.caller;
      const services = [a.service, b.service, a.service, b.service, a.service];
      const results = await Promise.all(
        services.map((service) =>
          create(service, caller, 'same').catch((error: unknown) =>
            error instanceof TransmuteError ? error : Promise.reject(error as Error),
          ),
        ),
      );
      const created = results.filter((result) => !(result instanceof TransmuteError) && !result.replayed);
      expect(created).toHaveLength(1);
      const job = created[0];
      if (job === undefined || job instanceof TransmuteError) throw new Error('no job created');
      // A request that read the key after the first one committed replays it.
      for (const result of results) {
        if (result instanceof TransmuteError) expect(result.code).toBe('idempotency_key_in_use');
        else expect(result).toEqual({ value: job.value, replayed: result.replayed });
      }
      expect(await jobCount(store, caller.accountId)).toBe(1);
      const replay = await create(b.service, caller, 'same');
      expect(replay).toEqual({ value: job.value, replayed: true });
      await expect(create(a.service, caller, 'same', 'f2')).rejects.toMatchObject({
        code: 'idempotency_key_reused',
      });
    });

    it('rolls a create back with idempotency_key_in_use when another process answered its key first', async () => {
      const { a, b, store } = await open();
      const caller = a.caller;
      // The other process's create runs and commits between this request's read of the key and
      // its own commit: this one's write of the key meets it and its job is not kept.
      const raced = a.service.runIdempotent(
        caller,
        { key: 'raced', fingerprint: 'f1', operationId: 'createJob' },
        async () => {
          await create(b.service, caller, 'raced');
          return a.service.createJob(caller, BODY);
        },
      );
      await expect(raced).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
      expect(await jobCount(store, caller.accountId)).toBe(1);
      await expect(create(a.service, caller, 'raced')).resolves.toMatchObject({ replayed: true });
    });

    it('takes over the claim of a request that died, and replays the job', async () => {
      const { a, store } = await open();
      const caller = a.caller;
      const past = new Date(Date.now() - 60_000).toISOString();
      await store.db
        .insertInto('idempotency_keys')
        .values({
          account_id: caller.accountId,
          key: 'died',
          fingerprint: 'other body',
          state: 'in_flight',
          response_status: null,
          response_headers: null,
          response_body: null,
          claim_id: 'dead-request',
          locked_until: past,
          created_at: past,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .execute();
      const first = await create(a.service, caller, 'died');
      expect(first.replayed).toBe(false);
      await expect(create(a.service, caller, 'died')).resolves.toEqual({ ...first, replayed: true });
      expect(await jobCount(store, caller.accountId)).toBe(1);
    });
  },
);
