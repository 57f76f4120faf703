import type { Kysely } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../storage/schema.js';

// Every write to `webhook_endpoints`, one named function per change (as job-row.ts does for
// `jobs`): created, changed by its owner (url, events, status, secret), paused by a 410 Gone,
// deleted, or its stored secrets sealed at rest.

/** Values an owner may change on a live endpoint (updateWebhookEndpoint, pause/resume, rotation, delete). */
export type EndpointChange = Partial<
  Pick<
    WebhookEndpointsTable,
    | 'url'
    | 'description'
    | 'events_json'
    | 'status'
    | 'secret_ciphertext'
    | 'secret_last_four'
    | 'previous_secret_ciphertext'
    | 'previous_secret_expires_at'
    | 'updated_at'
    | 'deleted_at'
  >
>;

/** Stores a new endpoint. */
export async function insertEndpoint(trx: Kysely<Database>, row: WebhookEndpointsTable): Promise<void> {
  await trx.insertInto('webhook_endpoints').values(row).execute();
}

/** Applies an owner's change to one endpoint. */
export async function changeEndpoint(
  trx: Kysely<Database>,
  endpointId: string,
  change: EndpointChange,
): Promise<void> {
  await trx.updateTable('webhook_endpoints').set(change).where('id', '=', endpointId).execute();
}

/** Marks an endpoint deleted: gone from the API, its row kept for its deliveries' history. */
export async function markEndpointDeleted(
  trx: Kysely<Database>,
  endpointId: string,
  now: string,
): Promise<void> {
  await changeEndpoint(trx, endpointId, { deleted_at: now, updated_at: now });
}

/** Pauses an active endpoint whose receiver answered 410 Gone (a paused or deleted one stays as it is). */
export async function pauseGoneEndpoint(
  trx: Kysely<Database>,
  endpointId: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ status: 'paused', updated_at: now })
    .where('id', '=', endpointId)
    .where('status', '=', 'active')
    .execute();
}

/** The stored secrets of one endpoint as read before sealing them. */
export interface StoredSecrets {
  id: string;
  secret: string;
  previous: string | null;
}

/**
 * Replaces an endpoint's secrets stored in clear by their sealed values, compared on the clear
 * values read (a rotation or another process's sealing meanwhile wins). Returns whether it wrote.
 */
export async function sealEndpointSecretsRow(
  db: Kysely<Database>,
  read: StoredSecrets,
  sealed: Pick<EndpointChange, 'secret_ciphertext' | 'previous_secret_ciphertext'>,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set(sealed)
    .where('id', '=', read.id)
    .where('secret_ciphertext', '=', read.secret)
    .where((eb) =>
      read.previous === null
        ? eb('previous_secret_ciphertext', 'is', null)
        : eb('previous_secret_ciphertext', '=', read.previous),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
