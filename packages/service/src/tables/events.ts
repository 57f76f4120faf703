import type { EventEnvelope, EventType } from '@transmute/contract';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import type { CoreContext } from '../kernel/context.js';
import { newId } from '../kernel/ids.js';
import { preparedInsertUnread } from '../storage/prepared-query.js';
import type { Database, EventsTable, WebhookDeliveriesTable } from '../storage/schema.js';
import { keptBy, type TransactionSlot } from '../storage/pipelined-writes.js';
import { insertDelivery, newDeliveryRow } from './delivery-row.js';

/** What {@link writeEvent} records. */
export interface EventInput {
  accountId: string;
  type: EventType;
  /** The resource as its GET returns it at event time. */
  object: unknown;
}

// Every write to `events` is here: the outbox only grows, one row per envelope that at least one
// delivery carries (the dispatcher joins it for the payload; nothing else reads it).

/** The outbox insert, compiled once (a createJob whose account subscribes to `job.queued` writes one). */
const insertEventRows = preparedInsertUnread('events');

/** Records an envelope in the outbox (`events`), created at its timestamp; the caller queues its delivery. */
export async function insertEvent(
  trx: Kysely<Database>,
  accountId: string,
  envelope: EventEnvelope,
): Promise<void> {
  await insertEventRows(trx, [eventRow(accountId, envelope)]);
}

function eventRow(accountId: string, envelope: EventEnvelope): EventsTable {
  return {
    id: envelope.id,
    account_id: accountId,
    type: envelope.type,
    payload: JSON.stringify(envelope),
    created_at: envelope.timestamp,
  };
}

/** The endpoints an account's events go to, read once per transaction and account. */
const endpointReads: TransactionSlot<Map<string, Promise<EndpointChoice[]>>> = { make: () => new Map() };

interface EndpointChoice {
  id: string;
  events_json: string;
}

/** Endpoints that may receive events: not deleted, active or paused (a paused one keeps them). */
const RECEIVING = ['active', 'paused'];

/**
 * Whether the account of the query's row (`accounts.id`, or a job's `jobs.account_id`) has an
 * endpoint that may receive events: selected with the account's lock (`lockAccount`) or the job's
 * (`withLease`), so an account without any skips the endpoint read of its events (see
 * {@link noteNoEndpoints}).
 */
export function accountHasEndpoints(accountId: 'accounts.id' | 'jobs.account_id') {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('webhook_endpoints')
      .select('webhook_endpoints.id')
      .where('webhook_endpoints.account_id', '=', sql.ref<string>(accountId))
      .where('webhook_endpoints.deleted_at', 'is', null)
      .where('webhook_endpoints.status', 'in', RECEIVING),
  );
}

/**
 * Notes, in the open transaction `trx`, that the account has no endpoint that may receive events
 * (read by {@link accountHasEndpoints} in the same transaction): its events queue no delivery and
 * do not read the endpoints again.
 */
export function noteNoEndpoints(trx: Kysely<Database>, accountId: string): void {
  keptBy(trx, endpointReads).set(accountId, NO_ENDPOINTS);
}

/** The endpoint read of an account {@link noteNoEndpoints} noted as having none. */
const NO_ENDPOINTS: Promise<EndpointChoice[]> = Promise.resolve([]);

/**
 * Whether the open transaction `trx` noted that the account has no endpoint receiving events
 * ({@link noteNoEndpoints}): its events write nothing, so a body that has no other write left may
 * let its COMMIT go without waiting for its last statement's answer (the claim).
 */
export function eventsGoNowhere(trx: Kysely<Database>, accountId: string): boolean {
  return keptBy(trx, endpointReads).get(accountId) === NO_ENDPOINTS;
}

/**
 * The account's endpoints that may receive events (active or paused), read once per transaction:
 * a job's end writes two events in one. No transaction changes endpoints and writes events.
 */
function subscribedEndpoints(trx: Kysely<Database>, accountId: string): Promise<EndpointChoice[]> {
  const byAccount = keptBy(trx, endpointReads);
  let endpoints = byAccount.get(accountId);
  if (endpoints === undefined) {
    endpoints = trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'events_json'])
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', RECEIVING)
      .execute();
    byAccount.set(accountId, endpoints);
  }
  return endpoints;
}

/**
 * Writes an event to the outbox and one `pending` delivery per subscribed endpoint (active or
 * paused) of the account, inside the caller's transaction (CONTRACT §10); when it queued a
 * delivery, its commit wakes the webhook dispatchers (with none there is nothing for them to do).
 */
export async function writeEvent(trx: Kysely<Database>, ctx: CoreContext, input: EventInput): Promise<void> {
  await writeEvents(trx, ctx, [input]);
}

/**
 * {@link writeEvent} for several events of one transaction, in their order: one insert of every
 * envelope that queues a delivery (a job's end writes `output.created` and `job.succeeded`
 * together), then the deliveries. An envelope no endpoint receives is not stored: the dispatcher is
 * the outbox's only reader and an endpoint created later never gets earlier events, so the row
 * would be written for nobody (about 3 WAL frames per event on SQLite, issue 27).
 */
export async function writeEvents(
  trx: Kysely<Database>,
  ctx: CoreContext,
  inputs: readonly EventInput[],
): Promise<void> {
  const now = ctx.nowIso();
  const delivered: { accountId: string; envelope: EventEnvelope }[] = [];
  const deliveries: WebhookDeliveriesTable[] = [];
  for (const input of inputs) {
    const endpoints = await subscribedEndpoints(trx, input.accountId);
    const receiving = endpoints.filter((endpoint) =>
      (JSON.parse(endpoint.events_json) as string[]).includes(input.type),
    );
    if (receiving.length === 0) continue;
    const envelope: EventEnvelope = {
      id: newId('evt'),
      type: input.type,
      timestamp: now,
      api_version: 'v1',
      data: { object: input.object },
    };
    delivered.push({ accountId: input.accountId, envelope });
    for (const endpoint of receiving) {
      deliveries.push(
        newDeliveryRow({
          accountId: input.accountId,
          endpointId: endpoint.id,
          eventId: envelope.id,
          eventType: envelope.type,
          now,
          isTest: false,
        }),
      );
    }
  }
  await insertEventRows(
    trx,
    delivered.map(({ accountId, envelope }) => eventRow(accountId, envelope)),
  );
  for (const delivery of deliveries) await insertDelivery(trx, delivery);
}
