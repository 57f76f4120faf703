import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type { Database } from './schema.js';

/** The SQL dialect behind a {@link Store}; the only place where behaviour may differ. */
export type StoreDialect = 'sqlite' | 'postgres';

/**
 * How a transaction's commit meets the disk on PostgreSQL. SQLite commits both the same way: in WAL
 * mode with `synchronous = NORMAL` a commit is in the log file (it survives the process being
 * killed) and reaches the disk at the next checkpoint, so the embedded store is crash-safe but a
 * power failure may forget its last commits (docs/DECISIONS.md, "What survives what").
 *
 * - `durable` (the default): the transaction returns once its commit is on disk. Its locks are let
 *   go before that wait (PostgreSQL: the commit does not wait for its flush; a flush that covers it
 *   follows in the same round trip), so transactions queued on the same rows (an account's lock)
 *   do not queue behind the disk as well.
 * - `lazy`: the transaction returns without waiting for the disk; its commit becomes durable with
 *   the next durable commit of any session (the log is flushed in order) or within the server's
 *   WAL writer delay. A crash of the database server in between forgets it: only for writes
 *   that undo themselves when lost (a claim: the job stays claimable, the claimer's fenced writes
 *   fail).
 */
export type CommitMode = 'durable' | 'lazy';

/** Options of {@link Store.transaction}. */
export interface TransactionOptions {
  /** Default `durable`. */
  commit?: CommitMode;
}

/**
 * The service's persistence: one schema and one set of Kysely queries over SQLite or PostgreSQL.
 * Create one with `createSqliteStore` (this package) or `createPostgresStore` (@transmute/postgres).
 */
export interface Store {
  readonly dialect: StoreDialect;
  /** The Kysely instance (the webhook dispatcher and tests may query it directly). */
  readonly db: Kysely<Database>;
  /**
   * Runs `fn` in one write transaction: SQLite `BEGIN IMMEDIATE` (writers serialize, no upgrade
   * deadlocks across processes), PostgreSQL READ COMMITTED. Inside, use only `trx`. Its commit
   * wakes the channels its writes named (`wakeOnCommit`; PostgreSQL sends the NOTIFY inside the
   * transaction, delivered at commit); a rollback wakes none.
   */
  transaction<T>(fn: (trx: Kysely<Database>) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Wakes listeners of `channel` (PostgreSQL NOTIFY reaches every process; SQLite this process).
   * `transaction` calls it for the channels its writes touched; the service never calls it after
   * a commit by hand.
   */
  notify(channel: string): Promise<void>;
  /** Listens on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, listener: () => void): () => void;
  /**
   * A number that changes whenever another connection (another process on the same SQLite file)
   * committed: SQLite's `data_version`. Absent where other processes' changes are announced
   * instead (PostgreSQL NOTIFY). Caches of rows another process may change compare it.
   */
  writesElsewhere?(): number;
  /** Closes the connections. */
  close(): Promise<void>;
}
