import { performance } from 'node:perf_hooks';
import type { ServiceContext } from '../kernel/context.js';
import { leaseTickMs, type StopReason } from './job-lease.js';
import { renewTaskLease, type HeldTask } from '../tables/task-row.js';
import type { JobTasksTable } from '../storage/schema.js';

/**
 * Keeps a claimed task's lease alive, as {@link JobLease} does a job's: renewed five times per
 * lease; the run is aborted when the task is no longer this worker's (`lost`: its lease was taken,
 * or the task went with its job's end), when its job stops processing (`cancel`), or when renewals
 * kept failing for a lease less one tick (it stops before another worker may take the task).
 */
export class TaskLease {
  readonly controller = new AbortController();
  stopReason: StopReason | null = null;
  readonly held: HeldTask;
  private timer: NodeJS.Timeout | null = null;
  private confirmedAt = 0;
  private busy = false;

  constructor(
    private readonly ctx: ServiceContext,
    claimed: JobTasksTable,
  ) {
    if (claimed.locked_by === null)
      throw new Error(`task ${claimed.job_id}#${claimed.position} is not leased`);
    this.held = { jobId: claimed.job_id, position: claimed.position, holder: claimed.locked_by };
  }

  /** `claimSentAt`: `performance.now()` taken before the claim was sent. */
  start(claimSentAt: number): void {
    this.confirmedAt = claimSentAt;
    this.timer = setInterval(() => void this.tick(), leaseTickMs(this.ctx.leaseMs));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  abort(reason: StopReason): void {
    if (reason === 'lost' && this.stopReason === null) this.ctx.metrics.leasesLost.inc();
    this.stopReason ??= reason;
    if (!this.controller.signal.aborted) this.controller.abort(new Error(`task ${reason}`));
  }

  async tick(): Promise<void> {
    if (this.busy) {
      if (this.overdue()) this.abort('lost');
      return;
    }
    this.busy = true;
    const sentAt = performance.now();
    try {
      const status = await renewTaskLease(this.ctx, this.held);
      if (status === undefined) return this.abort('lost');
      this.confirmedAt = sentAt;
      if (status !== 'processing') this.abort('cancel');
    } catch (error) {
      this.ctx.logger.warn('task lease renewal failed', { jobId: this.held.jobId, error: String(error) });
      if (this.overdue()) this.abort('lost');
    } finally {
      this.busy = false;
    }
  }

  private overdue(): boolean {
    return performance.now() - this.confirmedAt >= this.ctx.leaseMs - leaseTickMs(this.ctx.leaseMs);
  }
}
