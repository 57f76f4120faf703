import type { Kysely } from 'kysely';
import type { Database } from '../storage/store.js';
import { CHANNELS } from '../storage/channels.js';
import { wakeOnCommit } from '../storage/wake-on-commit.js';

/**
 * Queues a replay (CONTRACT §10) inside the caller's transaction: a `dead_letter` delivery goes
 * back to `pending` for exactly one manual attempt (same webhook-id, fresh timestamp and
 * signature); if that attempt fails it returns to `dead_letter`; the commit wakes the dispatchers.
 * Returns false when the delivery is not dead-lettered (the caller answers 409
 * `delivery_not_dead_lettered`).
 *
 * @example
 * const queued = await store.transaction((trx) => queueWebhookReplay(trx, id, now));
 */
export async function queueWebhookReplay(
  trx: Kysely<Database>,
  deliveryId: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      replay_requested_at: now.toISOString(),
      next_attempt_at: now.toISOString(),
      completed_at: null,
      locked_by: null,
      lease_expires_at: null,
    })
    .where('id', '=', deliveryId)
    .where('status', '=', 'dead_letter')
    .executeTakeFirst();
  wakeOnCommit(trx, CHANNELS.webhooks);
  return result.numUpdatedRows > 0n;
}

/**
 * Ends the undelivered (`pending`/`retrying`) deliveries of a deleted endpoint: `dead_letter`
 * with `endpoint_deleted`. Call it in the transaction that deletes the endpoint (the dispatcher's
 * sweep also catches any it missed). Returns how many it ended.
 */
export async function endEndpointDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'dead_letter',
      last_error_code: 'endpoint_deleted',
      next_attempt_at: null,
      completed_at: now.toISOString(),
      replay_requested_at: null,
    })
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'retrying'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
