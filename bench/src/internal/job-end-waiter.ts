import type { Store } from '@transmute/service';

/** Waits for jobs to end, as the queue benches see them. */
export interface JobEndWaiter {
  /** Resolves when the job is `succeeded` or `failed`. */
  ended(jobId: string): Promise<void>;
  close(): void;
}

/**
 * Sees jobs end through the store's `jobs` wake-up (a job's last commit lets go of its lease), with
 * a 20 ms poll behind it: one statement for every job waited on, never more than one at a time.
 */
export function createJobEndWaiter(store: Store): JobEndWaiter {
  const waiting = new Map<string, () => void>();
  let checking = false;
  let again = false;
  const check = (): void => {
    if (checking || waiting.size === 0) {
      again ||= checking;
      return;
    }
    checking = true;
    void store.db
      .selectFrom('jobs')
      .select(['id', 'status'])
      .where('id', 'in', [...waiting.keys()])
      .where('status', 'in', ['succeeded', 'failed'])
      .execute()
      .then((rows) => {
        for (const row of rows) waiting.get(row.id)?.();
      })
      .finally(() => {
        checking = false;
        if (again) {
          again = false;
          check();
        }
      });
  };
  const unsubscribe = store.subscribe('transmute_jobs', check);
  const timer = setInterval(check, 20);
  return {
    ended: (jobId) =>
      new Promise<void>((resolve) => {
        waiting.set(jobId, () => {
          waiting.delete(jobId);
          resolve();
        });
      }),
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
