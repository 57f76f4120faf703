/**
 * Upload validation's own capacity in this process: at most `concurrency` files are checked at
 * once, the others wait here in the order their uploads completed. It shares nothing with the
 * job workers (`WorkerPool`), so a busy worker pool never delays a check, and a flood of
 * completed uploads starts a bounded number of checks (each may run ffprobe or a pdf.js worker),
 * not one per file.
 */
export class ValidationLane {
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly validate: (fileId: string) => Promise<void>,
    private readonly concurrency: number,
  ) {}

  /** Queues a file for validation (`validate` must not reject: it reports its own failures). */
  add(fileId: string): void {
    if (this.closed) return;
    this.waiting.push(fileId);
    this.pump();
  }

  /**
   * Stops taking files and waits for the checks under way. Files still waiting stay `validating`
   * in the store, where the next `start()` finds them.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency) {
      const fileId = this.waiting.shift();
      if (fileId === undefined) return;
      const run = this.validate(fileId).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }
}
