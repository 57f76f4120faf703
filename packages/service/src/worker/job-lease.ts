import { performance } from 'node:perf_hooks';
import type { ServiceContext } from '../kernel/context.js';
import { heldLeaseOf, releaseLease, renewLease, withLease, type HeldLease } from '../tables/job-row.js';
import type { JobsTable } from '../storage/schema.js';
import { endJob } from './end-job.js';

/** Why a run was told to stop. */
export type StopReason = 'cancel' | 'lost' | 'shutdown';

/**
 * How often a run renews its lease and looks for a cancel request: five times per lease, and at
 * least every 2 s (the cancel check), so a lease survives four renewals in a row that fail or stall.
 */
export function leaseTickMs(leaseMs: number): number {
  return Math.max(50, Math.min(2000, Math.floor(leaseMs / 5)));
}

/**
 * Keeps a claimed job's lease alive and stops the run: cooperative abort on cancel, forced
 * cancellation after the grace period, abort when the lease was lost to another worker, or when
 * renewals kept failing so long that the lease may run out (it stops itself before another worker
 * may take the job; what it still tries to commit is fenced by `withLease`).
 */
export class JobLease {
  readonly controller = new AbortController();
  stopReason: StopReason | null = null;
  /** Resolves when the run must be abandoned at once (forced cancel, lost lease). */
  readonly abandoned: Promise<void>;
  /** The claim this run holds (its fencing token). */
  readonly held: HeldLease;
  private resolveAbandoned: () => void = () => undefined;
  private timer: NodeJS.Timeout | null = null;
  /** Monotonic time at which the last confirmed renewal (or the claim) was sent. */
  private confirmedAt = 0;
  private busy = false;
  private stopped = false;

  constructor(
    private readonly ctx: ServiceContext,
    claimed: JobsTable,
  ) {
    this.held = heldLeaseOf(claimed);
    this.abandoned = new Promise((resolve) => {
      this.resolveAbandoned = resolve;
    });
  }

  get jobId(): string {
    return this.held.jobId;
  }

  /**
   * Starts renewing; `claimSentAt` is `performance.now()` taken before the claim was sent (the
   * database stamped the lease later, so it runs at least `leaseMs` from then).
   */
  start(claimSentAt: number): void {
    this.confirmedAt = claimSentAt;
    this.timer = setInterval(() => void this.tick(), leaseTickMs(this.ctx.leaseMs));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.stopped = true;
  }

  /** False once the pool let go of the run (finished, abandoned or lost). */
  get active(): boolean {
    return !this.stopped && this.stopReason !== 'lost';
  }

  /** Aborts the run (the pipeline sees `signal.aborted`). */
  abort(reason: StopReason): void {
    if (reason === 'lost' && this.stopReason === null) this.ctx.metrics.leasesLost.inc();
    this.stopReason ??= reason;
    if (!this.controller.signal.aborted) this.controller.abort(new Error(`job ${reason}`));
    if (reason === 'lost') this.resolveAbandoned();
  }

  /**
   * Renews the lease and checks for a cancel (one statement). Gives the run up when renewals kept
   * failing or hanging for a lease less one tick: by the database's clock the lease lasts at least
   * `leaseMs` from the moment its last confirmed renewal was sent, so the run stops before the
   * lease can lapse. A process that was stalled itself (a blocked event loop, a pause) just renews
   * when it wakes: the holder token says whether the job is still its own.
   */
  async tick(): Promise<void> {
    if (this.busy) {
      if (this.overdue()) this.abort('lost');
      return;
    }
    this.busy = true;
    const sentAt = performance.now();
    try {
      const row = await renewLease(this.ctx, this.held);
      if (row === undefined) {
        this.abort('lost');
        return;
      }
      this.confirmedAt = sentAt;
      if (row.status === 'canceling') {
        this.abort('cancel');
        const requested = Date.parse(row.cancel_requested_at ?? this.ctx.nowIso());
        if (this.ctx.now().getTime() - requested >= this.ctx.cancelGraceMs) await this.forceCancel();
      }
    } catch (error) {
      this.ctx.logger.warn('lease renewal failed', { jobId: this.jobId, error: String(error) });
      if (this.overdue()) this.abort('lost');
    } finally {
      this.busy = false;
    }
  }

  /** No renewal confirmed for a lease less one tick. */
  private overdue(): boolean {
    return performance.now() - this.confirmedAt >= this.ctx.leaseMs - leaseTickMs(this.ctx.leaseMs);
  }

  /** Still `canceling` after the grace period: cancel now and abandon the run. */
  private async forceCancel(): Promise<void> {
    const done = await withLease(this.ctx, this.held, async (trx, row) => {
      if (row.status !== 'canceling') return false;
      await endJob(trx, this.ctx, row, {
        status: 'canceled',
        detail: 'Canceled; the work was stopped by force after the grace period.',
      });
      await releaseLease(trx, this.held);
      return true;
    });
    if (done === true) {
      this.stopReason = 'cancel';
      this.resolveAbandoned();
    }
  }
}
