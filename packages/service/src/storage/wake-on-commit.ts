import type { DatabaseConnection, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Each open store transaction: the channels it will notify when it commits, and its connection. */
const pending = new WeakMap<Kysely<Database>, { channels: Set<string>; connection: DatabaseConnection }>();

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
 * Runs `fn` with `trx` (on `connection`) registered as a transaction collecting wake-ups; returns
 * its result and the channels it touched. Used by the store's `transaction` only.
 */
export async function collectWakes<T>(
  trx: Kysely<Database>,
  connection: DatabaseConnection,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<{ result: T; channels: Set<string> }> {
  const channels = new Set<string>();
  pending.set(trx, { channels, connection });
  try {
    return { result: await fn(trx), channels };
  } finally {
    pending.delete(trx);
  }
}
