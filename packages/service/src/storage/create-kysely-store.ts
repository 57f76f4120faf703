import { EventEmitter } from 'node:events';
import { CompiledQuery, type Kysely } from 'kysely';
import type { CommitMode, Store, StoreDialect, TransactionOptions } from './store.js';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrations.js';
import { runTransaction } from './pipelined-writes.js';

/** Options of {@link createKyselyStore}. */
export interface KyselyStoreOptions {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** Cross-process notifications (PostgreSQL LISTEN/NOTIFY); in-process events when omitted. */
  notify?: (channel: string) => Promise<void>;
  subscribe?: (channel: string, listener: () => void) => () => void;
  /**
   * The SQL that commits a transaction in the given {@link CommitMode} and sends its wake-ups
   * inside it (PostgreSQL: `NOTIFY …; COMMIT` in one round trip; a NOTIFY is delivered at commit,
   * never on rollback, and not lost if the process dies right after committing). When omitted,
   * `COMMIT`, and `notify` runs for each channel once the commit is done.
   */
  commitNotifying?: (channels: readonly string[], mode: CommitMode) => string;
  /**
   * With `commitNotifying`: wakes this process's listeners of `channel` as soon as the commit
   * returns, without waiting for the NOTIFY to come back from the server (which then skips them).
   */
  wakeHere?: (channel: string) => void;
  /**
   * The driver writes a statement while earlier ones are unanswered, in order, and a failed
   * statement aborts the transaction (PostgreSQL in pg's pipeline mode): `BEGIN` then goes out
   * with the transaction's first statement, and the writes sent with `sendBeforeCommit` with its
   * COMMIT, instead of a round trip each. Without it (SQLite), every statement is waited for in turn.
   */
  pipelined?: boolean;
  /** Extra cleanup after `db.destroy()`. */
  onClose?: () => Promise<void>;
  /** {@link Store.writesElsewhere}, where the backend has it (SQLite). */
  writesElsewhere?: () => number;
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
  const { commitNotifying } = options;
  // One connection, BEGIN … COMMIT by hand (SQLite: BEGIN IMMEDIATE takes the write lock up front,
  // busy_timeout waits; PostgreSQL: the wake-ups travel in the COMMIT's round trip).
  // Compiled here once, not by Kysely for every transaction.
  const begin = CompiledQuery.raw(dialect === 'postgres' ? 'begin' : 'begin immediate');
  const plainCommit = CompiledQuery.raw('commit');
  const rollback = CompiledQuery.raw('rollback');
  const pipelined = options.pipelined === true;
  const commit = <T>(fn: (trx: Kysely<Database>) => Promise<T>, mode: CommitMode) =>
    db.connection().execute(async (trx) => {
      // The connection `trx` holds for its whole length; its statements run one after another.
      const held = await trx.getExecutor().provideConnection((given) => Promise.resolve(given));
      return runTransaction({ trx, held, pipelined, begin, rollback }, fn, (wakes) => {
        const notifying = commitNotifying?.([...wakes], mode);
        return notifying === undefined ? plainCommit : CompiledQuery.raw(notifying);
      });
    });
  // The outbox wakes its own listeners: the channels the writes touched, once the commit is done.
  const transaction = async <T>(
    fn: (trx: Kysely<Database>) => Promise<T>,
    transactionOptions?: TransactionOptions,
  ): Promise<T> => {
    const { result, wakes } = await commit(fn, transactionOptions?.commit ?? 'durable');
    if (commitNotifying === undefined) for (const channel of wakes) await notify(channel);
    else for (const channel of wakes) options.wakeHere?.(channel);
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
    ...(options.writesElsewhere === undefined ? {} : { writesElsewhere: options.writesElsewhere }),
    close: async () => {
      await db.destroy();
      await options.onClose?.();
    },
  };
}
