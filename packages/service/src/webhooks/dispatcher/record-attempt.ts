import type { Store } from '../../storage/store.js';
import { nextRetryDelayMs } from '../schedule-retry.js';
import {
  beginDeliveryAttempt,
  recordDeliveryOutcome,
  releaseDeliveryRow,
} from '../../tables/delivery-row.js';
import type { ClaimedDelivery } from './claim-deliveries.js';
import type { AttemptOutcome } from './send-delivery.js';
import { pauseGoneEndpoint } from '../../tables/endpoint-row.js';

/** What {@link recordAttempt} needs. */
export interface RecordContext {
  store: Store;
  workerId: string;
  now: Date;
  retryDelaysSeconds: readonly number[];
  random: () => number;
}

/** Which attempt of a delivery an outcome ends. */
export interface AttemptNumber {
  /** Its number, counting it (1 for the first). */
  number: number;
  /** A replay's single manual attempt: any failure goes back to dead_letter. */
  manual: boolean;
}

/**
 * The row changes for the outcome of an attempt (status, next attempt, terminal time). A failure
 * is retried on the schedule until its attempts are used up, then `dead_letter`.
 */
export function attemptChanges(
  attempt: AttemptNumber,
  outcome: AttemptOutcome,
  ctx: Pick<RecordContext, 'now' | 'retryDelaysSeconds' | 'random'>,
) {
  const nowIso = ctx.now.toISOString();
  const attempts = attempt.number;
  const base = {
    attempts,
    attempt_started_at: null,
    locked_by: null,
    lease_expires_at: null,
    replay_requested_at: null,
  };
  if (outcome.kind === 'succeeded') {
    return {
      ...base,
      status: 'succeeded',
      response_status: outcome.status,
      response_preview: outcome.preview,
      last_error_code: null,
      next_attempt_at: null,
      completed_at: nowIso,
    };
  }
  const delayMs =
    outcome.code === 'endpoint_gone' || attempt.manual
      ? undefined
      : nextRetryDelayMs({
          delays: ctx.retryDelaysSeconds,
          attempts,
          retryAfterSeconds: outcome.retryAfterSeconds,
          random: ctx.random,
        });
  const failed = {
    ...base,
    response_status: outcome.status,
    response_preview: outcome.preview,
    last_error_code: outcome.code,
  };
  return delayMs === undefined
    ? { ...failed, status: 'dead_letter', next_attempt_at: null, completed_at: nowIso }
    : {
        ...failed,
        status: 'retrying',
        next_attempt_at: new Date(ctx.now.getTime() + delayMs).toISOString(),
        completed_at: null,
      };
}

/**
 * Records that an attempt begins, committed before its request is sent, so that every attempt
 * that began shows in `attempts` even if this worker dies during it (then
 * `settleInterruptedAttempts` records it as `interrupted`): counts it, marks it in flight
 * (`attempt_started_at`) and renews the lease for it. Returns false when the lease was lost
 * (another worker took the delivery): do not send.
 */
export async function beginAttempt(
  delivery: ClaimedDelivery,
  ctx: Pick<RecordContext, 'store' | 'workerId' | 'now'> & { leaseMs: number },
): Promise<boolean> {
  return beginDeliveryAttempt(
    ctx.store.db,
    { id: delivery.id, holder: ctx.workerId },
    {
      attempts: delivery.attempts + 1,
      startedAt: ctx.now.toISOString(),
      leaseUntil: new Date(ctx.now.getTime() + ctx.leaseMs).toISOString(),
    },
  );
}

/**
 * Records the outcome of the attempt {@link beginAttempt} began, on the delivery this worker still
 * holds (a lost lease records nothing: the attempt was recorded `interrupted`, and the new
 * holder's attempt wins). 410 Gone dead-letters at once and pauses the endpoint, in the same
 * transaction. Returns whether the row was updated.
 */
export async function recordAttempt(
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  ctx: RecordContext,
): Promise<boolean> {
  const changes = attemptChanges(
    { number: delivery.attempts + 1, manual: delivery.manualAttempt },
    outcome,
    ctx,
  );
  const held = { id: delivery.id, holder: ctx.workerId };
  if (outcome.kind === 'succeeded' || outcome.code !== 'endpoint_gone') {
    return recordDeliveryOutcome(ctx.store.db, held, changes);
  }
  return ctx.store.transaction(async (trx) => {
    const recorded = await recordDeliveryOutcome(trx, held, changes);
    await pauseGoneEndpoint(trx, delivery.endpointId, ctx.now.toISOString());
    return recorded;
  });
}

/**
 * Gives back claimed deliveries without an attempt (their endpoint was just paused by a 410):
 * they return to `pending` (never tried) or `retrying`, held until the endpoint resumes.
 */
export async function releaseDeliveries(
  deliveries: ClaimedDelivery[],
  ctx: Pick<RecordContext, 'store' | 'workerId'>,
) {
  for (const delivery of deliveries) {
    await releaseDeliveryRow(ctx.store.db, { id: delivery.id, holder: ctx.workerId }, delivery.attempts);
  }
}
