import { randomBytes } from 'node:crypto';
import type { Store } from '@transmute/service';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../src/index.js';

const connectionString = process.env.TRANSMUTE_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `connloss_${randomBytes(6).toString('hex')}`;

/** Polls `check` every 100 ms until it holds, for up to 15 s. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('postgres store: the server ends a connection', () => {
  let store: Store;
  let admin: pg.Client;
  const lost: Error[] = [];

  beforeAll(async () => {
    store = await createPostgresStore({
      connectionString,
      schema,
      onConnectionLost: (error) => lost.push(error),
    });
    admin = new pg.Client({ connectionString });
    await admin.connect();
  });

  afterAll(async () => {
    await store.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it('an idle pooled connection ended by the server is reported and replaced, and the process carries on', async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db);
    expect(rows).toHaveLength(1);
    await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    await eventually(() => lost.length > 0, 'the loss to be reported');
    expect((lost[0] as { code?: string }).code).toBe('57P01');
    const again = await sql<{ one: number }>`select 1 as one`.execute(store.db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });

  it('a session left idle inside its transaction is ended, and its row locks let go', async () => {
    const bounded = await createPostgresStore({
      connectionString,
      schema,
      idleInTransactionTimeoutMs: 300,
      onConnectionLost: () => undefined,
    });
    try {
      await sql`create table if not exists held (id int primary key)`.execute(bounded.db);
      await sql`insert into held values (1) on conflict do nothing`.execute(bounded.db);
      const stalled = bounded.transaction(async (trx) => {
        await sql`select id from held where id = 1 for update`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await sql`update held set id = 1 where id = 1`.execute(trx);
      });
      const outcome = stalled.then(
        () => 'committed',
        (error: { code?: string }) => error.code ?? 'failed',
      );
      await eventually(async () => {
        const { rows } = await admin.query(
          `select id from "${schema}".held where id = 1 for update skip locked`,
        );
        return rows.length === 1;
      }, 'the stalled transaction to let its row go');
      expect(await outcome).not.toBe('committed');
    } finally {
      await bounded.close();
    }
  });

  it('listens on several channels at once one statement at a time (no query sent while another runs)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const channels = [1, 2, 3, 4].map((n) => `several_${String(n)}_${randomBytes(4).toString('hex')}`);
      const woken = new Set<string>();
      for (const channel of channels) store.subscribe(channel, () => woken.add(channel));
      await eventually(async () => {
        for (const channel of channels) await admin.query('select pg_notify($1, $2)', [channel, 'x']);
        return woken.size === channels.length;
      }, 'every channel to be listened to');
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('the listening connection reconnects and delivers NOTIFYs sent after the loss', async () => {
    lost.length = 0;
    const channel = `connloss_${randomBytes(6).toString('hex')}`;
    let woken = 0;
    store.subscribe(channel, () => (woken += 1));
    const listenerPid = async (): Promise<number | undefined> => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where query = $1 and pid <> pg_backend_pid()',
        [`listen "${channel}"`],
      );
      return rows[0]?.pid;
    };
    await eventually(async () => (await listenerPid()) !== undefined, 'the LISTEN');
    const first = await listenerPid();

    await admin.query('select pg_terminate_backend($1)', [first]);
    await eventually(() => lost.length > 0, 'the loss to be reported');
    await eventually(async () => {
      const pid = await listenerPid();
      return pid !== undefined && pid !== first;
    }, 'a new LISTEN on another connection');

    // Once listening again, a NOTIFY from another process reaches the listener.
    await eventually(() => woken > 0, 'the wake-up after reconnecting');
    woken = 0;
    await admin.query('select pg_notify($1, $2)', [channel, 'another process']);
    await eventually(() => woken > 0, 'the NOTIFY sent after the reconnect');
  });
});
