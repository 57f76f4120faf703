import { performance } from 'node:perf_hooks';
import { claimNextJob } from './claim-job.js';
import { CHANNELS } from '../storage/channels.js';
import type { ServiceContext } from '../kernel/context.js';
import { JobLease } from './job-lease.js';
import { heldLeaseOf, releaseLease } from '../tables/job-row.js';
import { runJob } from './run-job.js';
import { TaskLease } from './task-lease.js';
import { claimTask, runClaimedTask } from './task-work.js';

/** Options of {@link WorkerPool}. */
export interface WorkerPoolOptions {
  concurrency: number;
  pollIntervalMs: number;
  /** How long close() lets in-flight jobs finish before releasing them (default 10 s). */
  shutdownGraceMs: number;
}

/**
 * The in-process worker pool: claims jobs with a lease up to `concurrency` at once, wakes on
 * notifications and polls otherwise (which also picks up work whose lease expired).
 */
export class WorkerPool {
  /** Runs in flight: jobs by id, helped tasks by `<job id>#<position>`. */
  private readonly running = new Map<string, { lease: JobLease | TaskLease; done: Promise<void> }>();
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private filling = false;
  private refill = false;
  /** The claim pass in flight (close() waits for it: the store must outlive it). */
  private fillDone: Promise<void> = Promise.resolve();
  /** The last claim's failure, cleared by the next claim that reaches the store. */
  private claimError: string | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly options: WorkerPoolOptions,
  ) {}

  start(): void {
    if (this.options.concurrency <= 0) return;
    const unsubscribeJobs = this.ctx.store.subscribe(CHANNELS.jobs, () => this.wake());
    const unsubscribeTasks = this.ctx.store.subscribe(CHANNELS.tasks, () => this.wake());
    this.unsubscribe = () => {
      unsubscribeJobs();
      unsubscribeTasks();
    };
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now. */
  wake(): void {
    if (this.stopping) return;
    if (this.filling) {
      this.refill = true;
      return;
    }
    this.filling = true;
    this.fillDone = this.fill()
      .catch((error: unknown) => {
        this.claimError = String(error);
        this.ctx.logger.warn('job claim failed', { error: String(error) });
      })
      .finally(() => {
        this.filling = false;
        if (this.refill) {
          this.refill = false;
          this.wake();
        }
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopping && this.running.size < this.options.concurrency) {
      const claimSentAt = performance.now();
      const {
        job: claimed,
        othersSeen,
        checkpointsOrTasks,
      } = await claimNextJob(this.ctx, [...this.running.keys()]);
      this.claimError = null;
      if (claimed === null) {
        if (!(await this.helpWithTask())) return;
        continue;
      }
      if (this.stopping) {
        // Claimed while closing: handed back untouched, the attempt not counted.
        const attempts = Math.max(0, claimed.attempts - 1);
        await this.ctx.store.transaction((trx) => releaseLease(trx, heldLeaseOf(claimed), { attempts }));
        return;
      }
      const lease = new JobLease(this.ctx, claimed, checkpointsOrTasks);
      lease.start(claimSentAt);
      const work = runJob(this.ctx, claimed, lease).catch((error: unknown) => {
        if (lease.active)
          this.ctx.logger.error('job run failed', { jobId: claimed.id, error: String(error) });
      });
      const done = Promise.race([work, lease.abandoned])
        .catch((error: unknown) =>
          this.ctx.logger.error('job run failed', { jobId: claimed.id, error: String(error) }),
        )
        .finally(() => {
          lease.stop();
          this.running.delete(claimed.id);
          this.wake();
        });
      this.running.set(claimed.id, { lease, done });
      // The queue held nothing else: work queued since wakes this pool (a commit's wake-up while
      // it claims sets `refill`), so it does not read the empty queue again now; a split job's
      // free task is still helped with, as after an empty claim.
      if (!othersSeen && !(await this.helpWithTask())) return;
    }
  }

  /**
   * With no job to start, takes a free task of another run's split job (`orchestration.batch`)
   * and runs it in a slot of its own; false when there is none (or splitting is off).
   */
  private async helpWithTask(): Promise<boolean> {
    if (!this.ctx.batch.enabled) return false;
    const claimSentAt = performance.now();
    const task = await claimTask(this.ctx, { maxParallel: this.ctx.batch.maximumParallelTasks });
    if (task === null) return false;
    const lease = new TaskLease(this.ctx, task);
    lease.start(claimSentAt);
    const key = `${task.job_id}#${String(task.position)}`;
    if (this.stopping) lease.abort('shutdown');
    const done = runClaimedTask(this.ctx, task, lease)
      .catch((error: unknown) =>
        this.ctx.logger.error('task run failed', { jobId: task.job_id, error: String(error) }),
      )
      .finally(() => {
        this.running.delete(key);
        this.wake();
      });
    this.running.set(key, { lease, done });
    return true;
  }

  /** For `/readyz`: not ok when stopping or when the last claim failed; ok without workers. */
  state(): { ok: boolean; detail: string } {
    if (this.options.concurrency <= 0) return { ok: true, detail: 'no workers in this process' };
    if (this.stopping) return { ok: false, detail: 'stopping' };
    if (this.timer === null) return { ok: false, detail: 'not started' };
    if (this.claimError !== null) return { ok: false, detail: `claim failed: ${this.claimError}` };
    return {
      ok: true,
      detail: `claiming, ${String(this.running.size)}/${String(this.options.concurrency)} busy`,
    };
  }

  /** Stops claiming; lets in-flight jobs finish for the grace period, then releases them. */
  async close(): Promise<void> {
    this.stopping = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.fillDone;
    const all = (): Promise<unknown> => Promise.allSettled([...this.running.values()].map((run) => run.done));
    let timeout: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timeout = setTimeout(resolve, this.options.shutdownGraceMs);
    });
    await Promise.race([all(), grace]);
    clearTimeout(timeout);
    for (const run of this.running.values()) run.lease.abort('shutdown');
    const hard = new Promise((resolve) => setTimeout(resolve, 5000).unref());
    await Promise.race([all(), hard]);
  }
}
