import { performance } from 'node:perf_hooks';
import type { ServiceContext } from '../kernel/context.js';

/** Why a run was told to stop. */
export type StopReason = 'cancel' | 'lost' | 'shutdown';

/** What a run throws once it was told to stop (its message is the reason). */
export class RunStopped extends Error {}

/**
 * How often a run renews its lease and looks for a cancel request: five times per lease, and at
 * least every 2 s (the cancel check), so a lease survives four renewals in a row that fail or stall.
 */
export function leaseTickMs(leaseMs: number): number {
  return Math.max(50, Math.min(2000, Math.floor(leaseMs / 5)));
}

/**
 * The lease of one claimed row (a job, or a task of a split job) and the stop of the run that
 * holds it, the one renewal loop both use: renewed every {@link leaseTickMs}; the run is aborted
 * when the row is no longer this worker's (`lost`), when its owner says so (`cancel`), or when
 * renewals kept failing or hanging for a lease less one tick: by the database's clock the lease
 * lasts at least `leaseMs` from the moment its last confirmed renewal was sent, so the run stops
 * before another worker may take the row (what it still tries to commit is fenced by the holder
 * token). A process that was stalled itself (a blocked event loop, a pause) just renews when it
 * wakes: the holder token says whether the row is still its own.
 *
 * `Seen` is what one renewal reads back: the row's owner looks at it for a cancel.
 */
export abstract class Lease<Seen> {
  readonly controller = new AbortController();
  stopReason: StopReason | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Monotonic time at which the last confirmed renewal (or the claim) was sent. */
  private confirmedAt = 0;
  private busy = false;
  protected stopped = false;

  protected constructor(
    protected readonly ctx: ServiceContext,
    /** `job` or `task`: the word of its abort error. */
    private readonly kind: string,
  ) {}

  /** The job the row belongs to (in log lines). */
  abstract get jobId(): string;

  /** Renews the lease (one statement): what the row holds now, or `undefined` once it is not ours. */
  protected abstract renew(): Promise<Seen | undefined>;

  /** What a confirmed renewal saw: the owner aborts with `cancel` when the work must stop. */
  protected abstract renewed(seen: Seen): Promise<void> | void;

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

  /** Aborts the run (the pipeline sees `signal.aborted`); a lost lease is counted once. */
  abort(reason: StopReason): void {
    if (reason === 'lost' && this.stopReason === null) this.ctx.metrics.leasesLost.inc();
    this.stopReason ??= reason;
    if (!this.controller.signal.aborted) this.controller.abort(new Error(`${this.kind} ${reason}`));
  }

  /** The one stop check: throws {@link RunStopped} once the run was told to stop. */
  checkStop(): void {
    if (this.controller.signal.aborted) throw new RunStopped(this.stopReason ?? 'stopped');
  }

  /** Renews the lease and looks at what it saw (see the class). */
  async tick(): Promise<void> {
    if (this.busy) {
      if (this.overdue()) this.abort('lost');
      return;
    }
    this.busy = true;
    const sentAt = performance.now();
    try {
      const seen = await this.renew();
      if (seen === undefined) {
        this.abort('lost');
        return;
      }
      this.confirmedAt = sentAt;
      await this.renewed(seen);
    } catch (error) {
      this.ctx.logger.warn('lease renewal failed', {
        jobId: this.jobId,
        lease: this.kind,
        error: String(error),
      });
      if (this.overdue()) this.abort('lost');
    } finally {
      this.busy = false;
    }
  }

  /** No renewal confirmed for a lease less one tick. */
  private overdue(): boolean {
    return performance.now() - this.confirmedAt >= this.ctx.leaseMs - leaseTickMs(this.ctx.leaseMs);
  }
}
