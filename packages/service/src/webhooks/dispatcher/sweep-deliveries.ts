import { deadLetterUnsendable } from '../../tables/delivery-row.js';
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
  const holdIso = new Date(ctx.now.getTime() - ctx.pausedHoldMs).toISOString();
  return deadLetterUnsendable(ctx.store.db, ctx.now.toISOString(), holdIso);
}
