import type { CompiledQuery, DatabaseConnection, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Each open store transaction: the channels it will notify when it commits, its connection, and
 * the answers of its writes sent without waiting ({@link sendBeforeCommit}).
 */
const pending = new WeakMap<
  Kysely<Database>,
  { channels: Set<string>; connection: DatabaseConnection; unread: Promise<unknown>[]; pipelined: boolean }
>();

/**
 * Marks `channel` (one of `CHANNELS`) to be notified when the transaction `trx` commits (never when it rolls back).
 * Functions that write rows a listener waits for (events, deliveries, queued jobs) call it, so no
 * caller has to remember a `notify` after its commit.
 *
 * @throws Error when `trx` is not a transaction opened by `Store.transaction`: a write outside
 *   one would commit with nobody woken.
 */
export function wakeOnCommit(trx: Kysely<Database>, channel: string): void {
  const open = pending.get(trx);
  if (open === undefined) throw new Error(`wakeOnCommit(${channel}) outside a store transaction`);
  open.channels.add(channel);
}

/** True while `trx` is a store transaction that has not ended (reads may be kept for its length). */
export function isOpenTransaction(trx: Kysely<Database>): boolean {
  return pending.has(trx);
}

/**
 * The driver connection an open store transaction runs on, so a statement compiled once
 * (`preparedStatement`) runs on it directly instead of through Kysely's executor, which queues
 * each statement for the connection the transaction already holds; undefined outside one.
 */
export function transactionConnection(trx: Kysely<Database>): DatabaseConnection | undefined {
  return pending.get(trx)?.connection;
}

/**
 * Sends a write whose answer nobody reads on the open transaction's connection, without waiting
 * for it: on PostgreSQL (pipeline mode) it goes out at once and the statements after it follow on
 * the wire, so a run of such writes, and the COMMIT after them, cost one round trip. Its answer is
 * read by the store's commit, which fails (and rolls back) when the write failed; PostgreSQL
 * aborts the transaction at the failed write, so nothing after it takes effect. Outside a store
 * transaction it runs and is awaited as any statement.
 */
export async function sendBeforeCommit(trx: Kysely<Database>, query: CompiledQuery): Promise<void> {
  const open = pending.get(trx);
  if (open === undefined || trx.getExecutor().plugins.length > 0) {
    await trx.executeQuery(query);
    return;
  }
  const answer = open.connection.executeQuery(query);
  // Without pipelining (SQLite), waited for here as any statement.
  if (!open.pipelined) {
    await answer;
    return;
  }
  // Read by the commit (or by the rollback that follows a failure); not an unhandled rejection.
  answer.catch(() => undefined);
  open.unread.push(answer);
}

/**
 * Whether the statements of the open transaction `trx` may be sent before the answers of earlier
 * ones (a pipelined PostgreSQL store, see `createKyselyStore`'s `pipelined`): callers that send
 * independent statements together wait for each in turn when it says no.
 */
export function sendsAhead(trx: Kysely<Database>): boolean {
  return pending.get(trx)?.pipelined === true;
}

/** The first failure among the writes sent with {@link sendBeforeCommit}, once all have answered. */
export async function firstUnreadFailure(unread: readonly Promise<unknown>[]): Promise<Error | undefined> {
  for (const answer of await Promise.allSettled(unread)) {
    if (answer.status !== 'rejected') continue;
    const reason = answer.reason as unknown;
    return reason instanceof Error ? reason : new Error(String(reason));
  }
  return undefined;
}

/**
 * Runs `fn` with `trx` (on `connection`) registered as a transaction collecting wake-ups and, when
 * `pipelined`, unread writes (into `unread`); returns its result and the channels it touched. Used by the
 * store's `transaction` only.
 */
export async function collectWakes<T>(
  trx: Kysely<Database>,
  connection: DatabaseConnection,
  fn: (trx: Kysely<Database>) => Promise<T>,
  pipelining: { unread: Promise<unknown>[]; pipelined: boolean } = { unread: [], pipelined: false },
): Promise<{ result: T; channels: Set<string> }> {
  const channels = new Set<string>();
  pending.set(trx, { channels, connection, ...pipelining });
  try {
    return { result: await fn(trx), channels };
  } finally {
    pending.delete(trx);
  }
}
