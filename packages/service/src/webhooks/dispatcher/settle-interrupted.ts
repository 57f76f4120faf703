import type { Store } from '../../storage/store.js';
import { settleInterruptedRow } from '../../tables/delivery-row.js';
import { attemptChanges, type RecordContext } from './record-attempt.js';
import type { AttemptOutcome } from './send-delivery.js';

/** What {@link settleInterruptedAttempts} needs. */
export interface SettleContext extends Pick<RecordContext, 'now' | 'retryDelaysSeconds' | 'random'> {
  store: Store;
  /** Deliveries settled per call. */
  limit: number;
}

/** An attempt whose worker died while its request was in flight: no response, nothing known. */
const INTERRUPTED: AttemptOutcome = {
  kind: 'failed',
  code: 'interrupted',
  status: null,
  preview: null,
  retryAfterSeconds: undefined,
};

/**
 * Records the attempts whose worker died during them: `delivering` deliveries whose lease ran out
 * after an attempt began (`attempt_started_at`, committed before the request was sent, and
 * already counted in `attempts`). Each ends as a failed attempt with `last_error_code`
 * `interrupted`: it counts toward the schedule's attempts (the receiver may have had it, and a
 * delivery that kills its dispatcher must not be sent without end), so it is retried after the
 * schedule's next delay, or dead-lettered when it was the last attempt or a replay's manual one.
 * Compared on the row it read, so of several dispatchers exactly one records each. Returns how
 * many it recorded.
 */
export async function settleInterruptedAttempts(ctx: SettleContext): Promise<number> {
  const nowIso = ctx.now.toISOString();
  const interrupted = await ctx.store.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'attempts', 'attempt_started_at as startedAt', 'replay_requested_at as replay'])
    .where('status', '=', 'delivering')
    .where('lease_expires_at', '<', nowIso)
    .where('attempt_started_at', 'is not', null)
    .limit(ctx.limit)
    .execute();
  let settled = 0;
  for (const row of interrupted) {
    if (row.startedAt === null) continue;
    const attempt = { number: row.attempts, manual: row.replay !== null };
    settled += await settleInterruptedRow(
      ctx.store.db,
      { id: row.id, startedAt: row.startedAt, nowIso },
      attemptChanges(attempt, INTERRUPTED, ctx),
    );
  }
  return settled;
}
