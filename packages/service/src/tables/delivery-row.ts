import type { ExpressionBuilder, Kysely, Updateable } from 'kysely';
import { newId } from '../kernel/ids.js';
import { CHANNELS } from '../storage/channels.js';
import type { Database, WebhookDeliveriesTable } from '../storage/schema.js';
import type { StoreDialect } from '../storage/store.js';
import { wakeOnCommit } from '../storage/wake-on-commit.js';

// Every write to `webhook_deliveries`, one named function per change (as job-row.ts does for
// `jobs`): an event (or a test) inserts a delivery `pending`; a dispatcher claims it
// (`delivering`, leased to its `holder`), begins an attempt, records its outcome or gives it back;
// a dead attempt is settled `interrupted`; a replay re-queues a dead letter; a deleted or long
// paused endpoint dead-letters what is left. The dispatcher (webhooks/) decides which change
// happens and what an outcome means; this file says what each writes.

type DeliveriesWhere = ExpressionBuilder<Database, 'webhook_deliveries'>;

/** The columns an attempt's outcome sets (webhooks/dispatcher/record-attempt.ts `attemptChanges`). */
export type DeliveryChanges = Updateable<WebhookDeliveriesTable>;

/** A fresh `pending` delivery of an event to an endpoint, due now. */
export function newDeliveryRow(input: {
  accountId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  now: string;
  isTest: boolean;
}): WebhookDeliveriesTable {
  return {
    id: newId('whd'),
    account_id: input.accountId,
    endpoint_id: input.endpointId,
    event_id: input.eventId,
    event_type: input.eventType,
    status: 'pending',
    attempts: 0,
    response_status: null,
    response_preview: null,
    last_error_code: null,
    next_attempt_at: input.now,
    locked_by: null,
    lease_expires_at: null,
    created_at: input.now,
    completed_at: null,
    is_test: input.isTest ? 1 : 0,
    replay_requested_at: null,
    attempt_started_at: null,
  };
}

/** Inserts a delivery; the commit wakes the dispatchers. */
export async function insertDelivery(trx: Kysely<Database>, row: WebhookDeliveriesTable): Promise<void> {
  await trx.insertInto('webhook_deliveries').values(row).execute();
  wakeOnCommit(trx, CHANNELS.webhooks);
}

/**
 * Due (pending/retrying whose time has come) or abandoned before its attempt began (delivering
 * with an expired lease; one whose attempt began is settled `interrupted` first).
 */
function isClaimable(eb: DeliveriesWhere, nowIso: string) {
  return eb.or([
    eb.and([
      eb('status', 'in', ['pending', 'retrying']),
      eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]),
    ]),
    // A worker died between its claim and the attempt: nothing was sent, the delivery is due again.
    eb.and([
      eb('status', '=', 'delivering'),
      eb('lease_expires_at', '<', nowIso),
      eb('attempt_started_at', 'is', null),
    ]),
  ]);
}

function claimableIds(db: Kysely<Database>, nowIso: string, limit: number, dialect: StoreDialect) {
  const query = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where((eb) => isClaimable(eb, nowIso))
    .where('endpoint_id', 'in', (eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('status', '=', 'active')
        .where('deleted_at', 'is', null),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  return dialect === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/** What a claim takes: up to `limit` due deliveries for `holder`, its lease until `leaseUntil`. */
export interface DeliveryClaim {
  holder: string;
  nowIso: string;
  leaseUntil: string;
  limit: number;
  dialect: StoreDialect;
}

/**
 * Claims up to `limit` due deliveries of active endpoints, oldest first, in one statement
 * `UPDATE … WHERE id IN (SELECT … LIMIT n [FOR UPDATE SKIP LOCKED])` (call it inside a write
 * transaction); answers the ids claimed.
 */
export async function claimDeliveryRows(trx: Kysely<Database>, claim: DeliveryClaim): Promise<string[]> {
  const rows = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'delivering', locked_by: claim.holder, lease_expires_at: claim.leaseUntil })
    .where('id', 'in', claimableIds(trx, claim.nowIso, claim.limit, claim.dialect))
    // Re-checked on the row itself: a concurrent claimer may have taken it meanwhile.
    .where((eb) => isClaimable(eb, claim.nowIso))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The delivery is `delivering` and still leased to `holder`. */
function heldBy(id: string, holder: string) {
  return (eb: DeliveriesWhere) =>
    eb.and([eb('id', '=', id), eb('locked_by', '=', holder), eb('status', '=', 'delivering')]);
}

/**
 * An attempt begins: counted (`attempts`), marked in flight (`attempt_started_at`) and its lease
 * renewed. Answers false when `holder` lost the lease.
 */
export async function beginDeliveryAttempt(
  db: Kysely<Database>,
  held: { id: string; holder: string },
  attempt: { attempts: number; startedAt: string; leaseUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: attempt.attempts,
      attempt_started_at: attempt.startedAt,
      lease_expires_at: attempt.leaseUntil,
    })
    .where(heldBy(held.id, held.holder))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records an attempt's outcome on the delivery `holder` still holds; answers whether it did. */
export async function recordDeliveryOutcome(
  db: Kysely<Database>,
  held: { id: string; holder: string },
  changes: DeliveryChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where(heldBy(held.id, held.holder))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives a held delivery back without an attempt: `pending` (never tried) or `retrying`. */
export async function releaseDeliveryRow(
  db: Kysely<Database>,
  held: { id: string; holder: string },
  attempts: number,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: attempts === 0 ? 'pending' : 'retrying', locked_by: null, lease_expires_at: null })
    .where(heldBy(held.id, held.holder))
    .execute();
}

/**
 * Records an attempt whose worker died during it, compared on the row as read (still
 * `delivering`, lease run out, the same `attempt_started_at`), so of several dispatchers exactly
 * one records it. Answers how many rows it changed (0 or 1).
 */
export async function settleInterruptedRow(
  db: Kysely<Database>,
  read: { id: string; startedAt: string; nowIso: string },
  changes: DeliveryChanges,
): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set(changes)
    .where('id', '=', read.id)
    .where('status', '=', 'delivering')
    .where('lease_expires_at', '<', read.nowIso)
    .where('attempt_started_at', '=', read.startedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A replay: a `dead_letter` delivery goes back to `pending`, due now; the commit wakes the
 * dispatchers. Answers false when it is not dead-lettered.
 */
export async function requeueDeadLetter(
  trx: Kysely<Database>,
  deliveryId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      replay_requested_at: nowIso,
      next_attempt_at: nowIso,
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

/** The undelivered (`pending`/`retrying`) deliveries of a deleted endpoint → `dead_letter` `endpoint_deleted`. */
export async function endEndpointDeliveryRows(
  db: Kysely<Database>,
  endpointId: string,
  nowIso: string,
): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'dead_letter',
      last_error_code: 'endpoint_deleted',
      next_attempt_at: null,
      completed_at: nowIso,
      replay_requested_at: null,
    })
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'retrying'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Dead-letters deliveries that can no longer be sent: those of deleted (or vanished) endpoints →
 * `endpoint_deleted`; those held by a paused endpoint since before `holdIso` → `endpoint_paused`.
 * Includes `delivering` rows whose lease ran out. Answers how many it ended.
 */
export async function deadLetterUnsendable(
  db: Kysely<Database>,
  nowIso: string,
  holdIso: string,
): Promise<number> {
  const end = (code: string) => ({
    status: 'dead_letter',
    last_error_code: code,
    next_attempt_at: null,
    completed_at: nowIso,
    locked_by: null,
    lease_expires_at: null,
    replay_requested_at: null,
    attempt_started_at: null,
  });
  const undelivered = db
    .updateTable('webhook_deliveries')
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'retrying']),
        eb.and([eb('status', '=', 'delivering'), eb('lease_expires_at', '<', nowIso)]),
      ]),
    );
  const deleted = await undelivered
    .set(end('endpoint_deleted'))
    .where((eb) =>
      eb.or([
        eb(
          'endpoint_id',
          'in',
          eb.selectFrom('webhook_endpoints').select('id').where('deleted_at', 'is not', null),
        ),
        eb('endpoint_id', 'not in', eb.selectFrom('webhook_endpoints').select('id')),
      ]),
    )
    .executeTakeFirst();
  const held = await undelivered
    .set(end('endpoint_paused'))
    .where('created_at', '<', holdIso)
    .where('endpoint_id', 'in', (eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('status', '=', 'paused')
        .where('deleted_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(deleted.numUpdatedRows) + Number(held.numUpdatedRows);
}
