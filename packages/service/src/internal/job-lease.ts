import { addMs, type ServiceContext } from './context.js';
import { endJob } from './job-transitions.js';

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
    const db = this.ctx.store.db;
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', this.jobId).executeTakeFirst();
    if (row?.locked_by !== this.ctx.workerId) {
      this.abort('lost');
      return;
    }
    if (row.status === 'canceling') {
      this.abort('cancel');
      const requested = Date.parse(row.cancel_requested_at ?? this.ctx.nowIso());
      if (this.ctx.now().getTime() - requested >= this.ctx.cancelGraceMs) await this.forceCancel();
    }
    if (Date.now() - this.lastRenewal >= this.ctx.leaseMs / 2) {
      const result = await db
        .updateTable('jobs')
        .set({ lease_expires_at: addMs(this.ctx.nowIso(), this.ctx.leaseMs) })
        .where('id', '=', this.jobId)
        .where('locked_by', '=', this.ctx.workerId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) this.abort('lost');
      else this.lastRenewal = Date.now();
    }
  }

  /** Still `canceling` after the grace period: cancel now and abandon the run. */
  private async forceCancel(): Promise<void> {
    const done = await this.ctx.store.transaction(async (trx) => {
      const row = await trx.selectFrom('jobs').selectAll().where('id', '=', this.jobId).executeTakeFirst();
      if (row?.status !== 'canceling' || row.locked_by !== this.ctx.workerId) return false;
      await endJob(trx, this.ctx, row, {
        status: 'canceled',
        detail: 'Canceled; the work was stopped by force after the grace period.',
      });
      await trx
        .updateTable('jobs')
        .set({ locked_by: null, lease_expires_at: null })
        .where('id', '=', this.jobId)
        .execute();
      return true;
    });
    if (done) {
      this.stopReason = 'cancel';
      this.resolveAbandoned();
    }
  }
}
