import type { CompiledQuery, DatabaseConnection, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Each open store transaction: its connection (which keeps the first failure of its statements),
 * whether it pipelines, the answers of its writes sent without waiting ({@link sendBeforeCommit}),
 * the channels to wake when it commits (`wake-on-commit.ts`), and what its callers keep for its
 * length ({@link keptBy}). Everything a transaction holds lives here and goes with it.
 */
const open = new WeakMap<Kysely<Database>, OpenTransaction>();

interface OpenTransaction {
  connection: DatabaseConnection;
  pipelined: boolean;
  unread: Promise<unknown>[];
  wakes: Set<string>;
  kept: Map<TransactionSlot<unknown>, unknown>;
}

/** A value each open transaction keeps for its length, made the first time it is asked for ({@link keptBy}). */
export interface TransactionSlot<T> {
  readonly make: () => T;
}

/** Options of {@link runTransaction}. */
export interface RunTransactionOptions {
  /** BEGIN and ROLLBACK as the store compiled them once (SQLite begins `immediate`). */
  begin: CompiledQuery;
  rollback: CompiledQuery;
  /** The transaction as the body sees it (a Kysely bound to `held`). */
  trx: Kysely<Database>;
  /** The driver connection the transaction holds for its whole length. */
  held: DatabaseConnection;
  /**
   * The driver writes a statement while earlier ones are unanswered, in order, and a failed
   * statement aborts the transaction (PostgreSQL in pg's pipeline mode): BEGIN goes out with the
   * first statement and the unread writes with the COMMIT. Otherwise (SQLite) each is waited for.
   */
  pipelined: boolean;
}

/** What a committed transaction gives back: the body's result and the channels its writes wake. */
export interface Committed<T> {
  result: T;
  wakes: ReadonlySet<string>;
}

/**
 * Runs `fn` in a transaction on `held`: BEGIN, the body, then the COMMIT that `commitOf` chooses
 * from the channels the body's writes wake (it may carry their NOTIFYs), or ROLLBACK when anything
 * failed. The store's `transaction` only.
 *
 * Whatever failed, the error thrown is the first real one: the write sent ahead that failed, not
 * the "transaction is aborted" answers of the statements after it, and never a success when
 * PostgreSQL answers the COMMIT with a ROLLBACK (a failed statement whose error the body caught
 * had aborted the transaction).
 */
export async function runTransaction<T>(
  options: RunTransactionOptions,
  fn: (trx: Kysely<Database>) => Promise<T>,
  commitOf: (wakes: ReadonlySet<string>) => CompiledQuery,
): Promise<Committed<T>> {
  const { held: connection, trx, pipelined } = options;
  const failures = recordFailures(connection);
  try {
    // Pipelined, BEGIN is not waited for: the first statement follows it on the wire and its
    // answer comes with BEGIN's. (BEGIN on a connection at rest fails only when the connection
    // does, and then so does every statement after it.)
    const began = connection.executeQuery(options.begin);
    began.catch(() => undefined);
    if (!pipelined) await began;
    const transaction: OpenTransaction = {
      connection,
      pipelined,
      unread: [began],
      wakes: new Set(),
      kept: new Map(),
    };
    open.set(trx, transaction);
    return await bodyThenCommit({ ...options, transaction, failures }, fn, commitOf);
  } finally {
    open.delete(trx);
    failures.restore();
  }
}

/** {@link runTransaction} once BEGIN is sent: the body, then COMMIT or ROLLBACK. */
async function bodyThenCommit<T>(
  options: RunTransactionOptions & { transaction: OpenTransaction; failures: Failures },
  fn: (trx: Kysely<Database>) => Promise<T>,
  commitOf: (wakes: ReadonlySet<string>) => CompiledQuery,
): Promise<Committed<T>> {
  const { held: connection, transaction, failures } = options;
  const { unread, wakes } = transaction;
  let ended = false;
  try {
    const result = await fn(options.trx);
    // The unread writes' answers come with the COMMIT's: a failed one aborted the transaction, so
    // the COMMIT did not commit, and the write's own error is the one thrown.
    const committed = connection.executeQuery(commitOf(wakes));
    // Answered at all, the COMMIT ended the transaction (committed, or rolled back for an earlier
    // failure): no ROLLBACK follows it.
    committed.then(
      () => (ended = true),
      () => undefined,
    );
    const failure = await firstFailure([...unread, committed]);
    if (failure !== undefined) throw failure;
    assertCommitted(await committed, failures);
    return { result, wakes };
  } catch (error) {
    // A statement that failed because an earlier one had aborted the transaction says only that:
    // the earlier one's error is the cause (a write sent ahead, or a read awaited after a later one).
    const cause =
      (await firstFailure(unread)) ?? (isAbortedTransaction(error) ? (failures.first ?? error) : error);
    if (!ended) await connection.executeQuery(options.rollback).catch(() => undefined);
    throw cause;
  }
}

/**
 * The driver connection an open store transaction runs on, so a statement compiled once
 * (`preparedStatement`) runs on it directly instead of through Kysely's executor, which queues
 * each statement for the connection the transaction already holds; undefined outside one.
 */
export function transactionConnection(trx: Kysely<Database>): DatabaseConnection | undefined {
  return open.get(trx)?.connection;
}

/** The channels the open transaction `trx` will wake when it commits; undefined outside one. */
export function wakesOf(trx: Kysely<Database>): Set<string> | undefined {
  return open.get(trx)?.wakes;
}

/**
 * The value the open transaction `trx` keeps in `slot` (a read its later statements reuse), made by
 * the slot the first time; outside a transaction a fresh one each call, kept by nobody.
 */
export function keptBy<T>(trx: Kysely<Database>, slot: TransactionSlot<T>): T {
  const transaction = open.get(trx);
  if (transaction === undefined) return slot.make();
  if (transaction.kept.has(slot)) return transaction.kept.get(slot) as T;
  const value = slot.make();
  transaction.kept.set(slot, value);
  return value;
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
  const transaction = open.get(trx);
  if (transaction === undefined || trx.getExecutor().plugins.length > 0) {
    await trx.executeQuery(query);
    return;
  }
  const answer = transaction.connection.executeQuery(query);
  // Without pipelining (SQLite), waited for here as any statement.
  if (!transaction.pipelined) {
    await answer;
    return;
  }
  // Read by the commit (or by the rollback that follows a failure); not an unhandled rejection.
  answer.catch(() => undefined);
  transaction.unread.push(answer);
}

/**
 * Whether the statements of the open transaction `trx` may be sent before the answers of earlier
 * ones (a pipelined PostgreSQL store): callers that send independent statements together wait for
 * each in turn when it says no.
 */
export function sendsAhead(trx: Kysely<Database>): boolean {
  return open.get(trx)?.pipelined === true;
}

/** The first failure among `answers`, once all have answered. */
async function firstFailure(answers: readonly Promise<unknown>[]): Promise<Error | undefined> {
  for (const answer of await Promise.allSettled(answers)) {
    if (answer.status !== 'rejected') continue;
    const reason = answer.reason as unknown;
    return reason instanceof Error ? reason : new Error(String(reason));
  }
  return undefined;
}

/**
 * PostgreSQL answers a COMMIT in an aborted transaction with the tag ROLLBACK, not an error (Kysely
 * reports the tag as the one row): the transaction did not commit, and the statement that aborted
 * it is the error to throw, even when the body caught that statement's error itself.
 */
function assertCommitted(answer: { rows: readonly unknown[] }, failures: Failures): void {
  const tag = (answer.rows[0] as { command?: unknown } | undefined)?.command;
  if (tag !== 'ROLLBACK') return;
  throw failures.first ?? new Error('the transaction was rolled back at its commit');
}

/** PostgreSQL's answer to a statement in a transaction an earlier failure aborted. */
const ABORTED_TRANSACTION = '25P02';

function isAbortedTransaction(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === ABORTED_TRANSACTION;
}

/** The first real failure of a transaction's statements, and how to stop recording them. */
interface Failures {
  first?: Error;
  restore: () => void;
}

/**
 * Keeps the first failure of any statement sent on the transaction's connection (not the
 * "transaction is aborted" answers after it): a statement sent ahead and awaited later fails
 * before the ones after it that are awaited first, and a body may catch a failure itself; either
 * way its error is the cause to report. Kysely's executor holds this very connection object for
 * the transaction (Kysely built it, not the store), so the recording is set on the object itself
 * for the transaction's length, and `restore` takes it off before the connection goes back to the
 * pool.
 */
function recordFailures(held: DatabaseConnection): Failures {
  const send = held.executeQuery.bind(held);
  const own = Object.getOwnPropertyDescriptor(held, 'executeQuery');
  const failures: Failures = {
    restore: () => {
      if (own === undefined) Reflect.deleteProperty(held, 'executeQuery');
      else Object.defineProperty(held, 'executeQuery', own);
    },
  };
  held.executeQuery = <R>(
    query: CompiledQuery,
    options?: Parameters<DatabaseConnection['executeQuery']>[1],
  ) => {
    const answer = send<R>(query, options);
    answer.catch((error: unknown) => {
      if (failures.first === undefined && error instanceof Error && !isAbortedTransaction(error))
        failures.first = error;
    });
    return answer;
  };
  return failures;
}
