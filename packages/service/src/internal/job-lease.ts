import type { ServiceContext } from './context.js';
import { findLeasedJob, releaseLease, renewLease, withLease } from './job-row.js';
import { endJob } from './end-job.js';

/** Why a run was told to stop. */
export type StopReason = 'cancel' | 'lost' | 'shutdown';

/**
 * Keeps a claimed job's lease alive (renewed at half its length, and checked every 2 s for a
 * cancel request) and stops the run: cooperative abort on cancel, forced cancellation after the
 * grace period, abort when the lease was lost to another worker.
 */
export class JobLease {
  readonly controller = new AbortController();
  stopReason: StopReason | null = null;
  /** Resolves when the run must be abandoned at once (forced cancel, lost lease). */
  readonly abandoned: Promise<void>;
  private resolveAbandoned: () => void = () => undefined;
  private timer: NodeJS.Timeout | null = null;
  private lastRenewal = 0;
  private busy = false;
  private stopped = false;

  constructor(
    private readonly ctx: ServiceContext,
    readonly jobId: string,
  ) {
    this.abandoned = new Promise((resolve) => {
      this.resolveAbandoned = resolve;
    });
  }

  start(): void {
    this.lastRenewal = Date.now();
    const every = Math.max(50, Math.min(2000, Math.floor(this.ctx.leaseMs / 2)));
    this.timer = setInterval(() => void this.tick(), every);
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
    this.stopReason ??= reason;
    if (!this.controller.signal.aborted) this.controller.abort(new Error(`job ${reason}`));
    if (reason === 'lost') this.resolveAbandoned();
  }

  /** Checks for a cancel and renews the lease when half of it has passed. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.check();
    } catch (error) {
      this.ctx.logger.warn('lease renewal failed', { jobId: this.jobId, error: String(error) });
    } finally {
      this.busy = false;
    }
  }

  private async check(): Promise<void> {
    const row = await findLeasedJob(this.ctx.store.db, this.ctx, this.jobId);
    if (row === undefined) {
      this.abort('lost');
      return;
    }
    if (row.status === 'canceling') {
      this.abort('cancel');
      const requested = Date.parse(row.cancel_requested_at ?? this.ctx.nowIso());
      if (this.ctx.now().getTime() - requested >= this.ctx.cancelGraceMs) await this.forceCancel();
    }
    if (Date.now() - this.lastRenewal >= this.ctx.leaseMs / 2) {
      if (await renewLease(this.ctx, this.jobId)) this.lastRenewal = Date.now();
      else this.abort('lost');
    }
  }

  /** Still `canceling` after the grace period: cancel now and abandon the run. */
  private async forceCancel(): Promise<void> {
    const done = await withLease(this.ctx, this.jobId, async (trx, row) => {
      if (row.status !== 'canceling') return false;
      await endJob(trx, this.ctx, row, {
        status: 'canceled',
        detail: 'Canceled; the work was stopped by force after the grace period.',
      });
      await releaseLease(trx, this.ctx, this.jobId);
      return true;
    });
    if (done === true) {
      this.stopReason = 'cancel';
      this.resolveAbandoned();
    }
  }
}
