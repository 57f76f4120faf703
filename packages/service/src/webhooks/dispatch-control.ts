import type { Kysely } from 'kysely';
import type { Database } from '../storage/store.js';
import { endEndpointDeliveryRows, requeueDeadLetter } from '../tables/delivery-row.js';

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
  return requeueDeadLetter(trx, deliveryId, now.toISOString());
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
  return endEndpointDeliveryRows(db, endpointId, now.toISOString());
}
