import type { ServiceContext } from '../kernel/context.js';
import { Lease } from './lease.js';
import { renewTaskLease, type HeldTask } from '../tables/task-row.js';
import type { JobTasksTable } from '../storage/schema.js';

/**
 * The lease of a claimed task ({@link Lease}): `lost` when the task is no longer this worker's
 * (its lease was taken, or the task went with its job's end), `cancel` when its job stops
 * processing.
 */
export class TaskLease extends Lease<string> {
  readonly held: HeldTask;

  constructor(ctx: ServiceContext, claimed: JobTasksTable) {
    super(ctx, 'task');
    if (claimed.locked_by === null)
      throw new Error(`task ${claimed.job_id}#${claimed.position} is not leased`);
    this.held = { jobId: claimed.job_id, position: claimed.position, holder: claimed.locked_by };
  }

  get jobId(): string {
    return this.held.jobId;
  }

  protected renew(): Promise<string | undefined> {
    return renewTaskLease(this.ctx, this.held);
  }

  protected renewed(status: string): void {
    if (status !== 'processing') this.abort('cancel');
  }
}
