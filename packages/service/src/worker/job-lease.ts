import type { ServiceContext } from '../kernel/context.js';
import { heldLeaseOf, releaseLease, renewLease, withLease, type HeldLease } from '../tables/job-row.js';
import type { JobsTable } from '../storage/schema.js';
import { endJob } from './end-job.js';
import { Lease, type StopReason } from './lease.js';

/** What a renewal reads back of the job row. */
type RenewedJob = Pick<JobsTable, 'status' | 'cancel_requested_at'>;

/**
 * The lease of a claimed job ({@link Lease}): cooperative abort on cancel, forced cancellation
 * after the grace period, abort when the lease was lost to another worker or may run out.
 */
export class JobLease extends Lease<RenewedJob> {
  /** Resolves when the run must be abandoned at once (forced cancel, lost lease). */
  readonly abandoned: Promise<void>;
  /** The claim this run holds (its fencing token). */
  readonly held: HeldLease;
  /**
   * Whether the job may hold checkpoints or tasks: an earlier run's (the claim read them under the
   * job's lock) or this run's, set before it saves a checkpoint or plans tasks. While false the run
   * reads none at its start and its end has none to drop.
   */
  mayHoldCheckpointsOrTasks: boolean;
  private resolveAbandoned: () => void = () => undefined;

  /** `checkpointsOrTasks`: what the claim found (true when unknown). */
  constructor(ctx: ServiceContext, claimed: JobsTable, checkpointsOrTasks = true) {
    super(ctx, 'job');
    this.held = heldLeaseOf(claimed);
    this.mayHoldCheckpointsOrTasks = checkpointsOrTasks;
    this.abandoned = new Promise((resolve) => {
      this.resolveAbandoned = resolve;
    });
  }

  get jobId(): string {
    return this.held.jobId;
  }

  /** False once the pool let go of the run (finished, abandoned or lost). */
  get active(): boolean {
    return !this.stopped && this.stopReason !== 'lost';
  }

  override abort(reason: StopReason): void {
    super.abort(reason);
    if (reason === 'lost') this.resolveAbandoned();
  }

  /** Renews the lease and reads the row back (one statement). */
  protected renew(): Promise<RenewedJob | undefined> {
    return renewLease(this.ctx, this.held);
  }

  /** A cancel request: abort the run, and end the job by force once the grace period is over. */
  protected async renewed(row: RenewedJob): Promise<void> {
    if (row.status !== 'canceling') return;
    this.abort('cancel');
    const requested = Date.parse(row.cancel_requested_at ?? this.ctx.nowIso());
    if (this.ctx.now().getTime() - requested >= this.ctx.cancelGraceMs) await this.forceCancel();
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
