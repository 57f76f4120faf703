import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { wakesOf } from './pipelined-writes.js';

/**
 * Marks `channel` (one of `CHANNELS`) to be notified when the transaction `trx` commits (never when it rolls back).
 * Functions that write rows a listener waits for (events, deliveries, queued jobs) call it, so no
 * caller has to remember a `notify` after its commit.
 *
 * @throws Error when `trx` is not a transaction opened by `Store.transaction`: a write outside
 *   one would commit with nobody woken.
 */
export function wakeOnCommit(trx: Kysely<Database>, channel: string): void {
  const wakes = wakesOf(trx);
  if (wakes === undefined) throw new Error(`wakeOnCommit(${channel}) outside a store transaction`);
  wakes.add(channel);
}
