import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { Store, StoreDialect } from './store.js';
import type { Database } from './internal/schema.js';
import { migrateToLatest } from './internal/migrations.js';

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
  const transaction = <T>(fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> => {
    if (dialect === 'postgres') return db.transaction().execute(fn);
    // SQLite: one connection; BEGIN IMMEDIATE takes the write lock up front (busy_timeout waits).
    return db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await fn(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (error) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw error;
      }
    });
  };
  return {
    dialect,
    db,
    transaction,
    notify:
      options.notify ??
      ((channel) => {
        emitter.emit(channel);
        return Promise.resolve();
      }),
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
