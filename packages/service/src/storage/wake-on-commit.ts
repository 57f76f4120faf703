import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Each open store transaction: the channels it will notify when it commits. */
const pending = new WeakMap<Kysely<Database>, Set<string>>();

/**
 * Marks `channel` (one of `CHANNELS`) to be notified when the transaction `trx` commits (never when it rolls back).
 * Functions that write rows a listener waits for (events, deliveries, queued jobs) call it, so no
 * caller has to remember a `notify` after its commit.
 *
 * @throws Error when `trx` is not a transaction opened by `Store.transaction`: a write outside
 *   one would commit with nobody woken.
 */
export function wakeOnCommit(trx: Kysely<Database>, channel: string): void {
  const channels = pending.get(trx);
  if (channels === undefined) throw new Error(`wakeOnCommit(${channel}) outside a store transaction`);
  channels.add(channel);
}

/** True while `trx` is a store transaction that has not ended (reads may be kept for its length). */
export function isOpenTransaction(trx: Kysely<Database>): boolean {
  return pending.has(trx);
}

/**
 * Runs `fn` with `trx` registered as a transaction collecting wake-ups; returns its result and the
 * channels it touched. Used by the store's `transaction` only (the statements themselves, BEGIN to
 * COMMIT, are `pipelined-writes.ts`'s).
 */
export async function collectWakes<T>(
  trx: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<{ result: T; channels: Set<string> }> {
  const channels = new Set<string>();
  pending.set(trx, channels);
  try {
    return { result: await fn(trx), channels };
  } finally {
    pending.delete(trx);
  }
}
