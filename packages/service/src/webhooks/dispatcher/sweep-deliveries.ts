import type { Store } from '../../storage/store.js';

/** What {@link sweepDeliveries} needs. */
export interface SweepContext {
  store: Store;
  now: Date;
  /** How long a paused endpoint holds its deliveries (7 days). */
  pausedHoldMs: number;
}

/**
 * Ends deliveries that can no longer be sent: those of deleted (or vanished) endpoints →
 * `endpoint_deleted`; those held by a paused endpoint for longer than the hold → `endpoint_paused`.
 * Includes `delivering` rows whose lease ran out (their worker died).
 */
export async function sweepDeliveries(ctx: SweepContext): Promise<number> {
  const db = ctx.store.db;
  const nowIso = ctx.now.toISOString();
  const holdIso = new Date(ctx.now.getTime() - ctx.pausedHoldMs).toISOString();
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
