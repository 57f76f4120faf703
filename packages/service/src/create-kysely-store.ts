import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { Store, StoreDialect } from './store.js';
import type { Database } from './internal/schema.js';
import { migrateToLatest } from './internal/migrations.js';
import { collectWakes } from './internal/wake-on-commit.js';

/** Options of {@link createKyselyStore}. */
export interface KyselyStoreOptions {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** Cross-process notifications (PostgreSQL LISTEN/NOTIFY); in-process events when omitted. */
  notify?: (channel: string) => Promise<void>;
  subscribe?: (channel: string, listener: () => void) => () => void;
  /** Extra cleanup after `db.destroy()`. */
  onClose?: () => Promise<void>;
}

/**
 * Wraps a Kysely instance into a {@link Store} and applies the migrations. Dialect packages
 * (`createSqliteStore`, `@transmute/postgres`) build on it so every backend shares the queries.
 *
 * @example
 * const store = await createKyselyStore({ db, dialect: 'postgres' });
 */
export async function createKyselyStore(options: KyselyStoreOptions): Promise<Store> {
  const { db, dialect } = options;
  await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const notify =
    options.notify ??
    ((channel: string) => {
      emitter.emit(channel);
      return Promise.resolve();
    });
  const commit = <T>(fn: (trx: Kysely<Database>) => Promise<T>) => {
    if (dialect === 'postgres') return db.transaction().execute((trx) => collectWakes(trx, fn));
    // SQLite: one connection; BEGIN IMMEDIATE takes the write lock up front (busy_timeout waits).
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const done = await collectWakes(conn, fn);
        await sql`commit`.execute(conn);
        return done;
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  };
  // The outbox wakes its own listeners: the channels the writes touched, once the commit is done.
  const transaction = async <T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> => {
    const { result, channels } = await commit(fn);
    for (const channel of channels) await notify(channel);
    return result;
  };
  return {
    dialect,
    db,
    transaction,
    notify,
    subscribe:
      options.subscribe ??
      ((channel, listener) => {
        emitter.on(channel, listener);
        return () => emitter.off(channel, listener);
      }),
    close: async () => {
      await db.destroy();
      await options.onClose?.();
    },
  };
}
