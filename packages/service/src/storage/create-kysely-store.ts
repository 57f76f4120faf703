import { EventEmitter } from 'node:events';
import { CompiledQuery, type DatabaseConnection, type Kysely } from 'kysely';
import type { CommitMode, Store, StoreDialect, TransactionOptions } from './store.js';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrations.js';
import { collectWakes, firstUnreadFailure } from './wake-on-commit.js';

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
    db.connection().execute(async (conn) => {
      // The connection `conn` holds for its whole length; its statements run one after another.
      const held = await conn.getExecutor().provideConnection((given) => Promise.resolve(given));
      const connection = recordingFirstFailure(held);
      // Pipelined, BEGIN is not waited for: the first statement follows it on the wire and its
      // answer comes with BEGIN's. (BEGIN on a connection at rest fails only when the connection
      // does, and then so does every statement after it.)
      const began = connection.executeQuery(begin);
      began.catch(() => undefined);
      if (!pipelined) await began;
      const unread: Promise<unknown>[] = [];
      try {
        const done = await collectWakes(conn, connection, fn, { unread, pipelined });
        const notifying = commitNotifying?.([...done.channels], mode);
        const commitQuery = notifying === undefined ? plainCommit : CompiledQuery.raw(notifying);
        if (pipelined) {
          // The unread writes' answers come with the COMMIT's: a failed one aborted the
          // transaction, so the COMMIT did not commit (PostgreSQL answers it with an error or a
          // ROLLBACK), and the write's own error is the one thrown.
          const committed = connection.executeQuery(commitQuery);
          committed.catch(() => undefined);
          const failure = await firstUnreadFailure([began, ...unread, committed]);
          if (failure !== undefined) throw failure;
        } else {
          await connection.executeQuery(commitQuery);
        }
        return done;
      } catch (error) {
        // A statement that failed because an unread write before it had aborted the transaction
        // says only that: the write's own error is the cause.
        // So does one whose earlier statement, sent ahead and awaited later, failed first.
        const cause =
          (await firstUnreadFailure([began, ...unread])) ??
          (isAbortedTransaction(error) ? (connection.firstFailure ?? error) : error);
        await connection.executeQuery(rollback).catch(() => undefined);
        throw cause;
      }
    });
  // The outbox wakes its own listeners: the channels the writes touched, once the commit is done.
  const transaction = async <T>(
    fn: (trx: Kysely<Database>) => Promise<T>,
    transactionOptions?: TransactionOptions,
  ): Promise<T> => {
    const { result, channels } = await commit(fn, transactionOptions?.commit ?? 'durable');
    if (commitNotifying === undefined) for (const channel of channels) await notify(channel);
    else for (const channel of channels) options.wakeHere?.(channel);
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

/** PostgreSQL's answer to a statement in a transaction an earlier failure aborted. */
const ABORTED_TRANSACTION = '25P02';

function isAbortedTransaction(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === ABORTED_TRANSACTION;
}

/**
 * A transaction's connection that keeps the first failure of any statement sent on it (not the
 * "transaction is aborted" answers after it): a statement sent ahead and awaited later fails
 * before the ones after it that are awaited first, and its error is the cause to report.
 */
function recordingFirstFailure(held: DatabaseConnection): DatabaseConnection & { firstFailure?: Error } {
  const connection: DatabaseConnection & { firstFailure?: Error } = {
    executeQuery: <R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) => {
      const answer = held.executeQuery<R>(query, options);
      answer.catch((error: unknown) => {
        if (connection.firstFailure === undefined && error instanceof Error && !isAbortedTransaction(error))
          connection.firstFailure = error;
      });
      return answer;
    },
    streamQuery: (query, chunkSize) => held.streamQuery(query, chunkSize),
  };
  return connection;
}
