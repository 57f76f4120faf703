import { Worker } from 'node:worker_threads';
import type { PdfReply, PdfRequest } from './pdf-protocol.js';
import { TransmuteError, toWorkerScript, workerResourceLimits } from '@transmute/plugin-sdk';

type Pending = {
  resolve: (reply: PdfReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
};
type Asked = Extract<PdfRequest, { id: number }>;
type Payload = Asked extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** Options of {@link PdfPool}. */
export interface PdfPoolOptions {
  size: number;
  /** V8 heap cap of a worker: past it the worker dies instead of the process. */
  maxHeapMb: number;
  /** A worker whose heap grew past this after a request is replaced. */
  recycleHeapBytes: number;
  /**
   * A worker left idle this long is terminated (a pdf.js thread holds about 300 MB of RSS once
   * loaded); without it idle workers are kept for the next document.
   */
  idleTimeoutMs?: number;
}

/** One pdf.js worker thread with request/reply matching, time limits and a memory reading. */
export class PdfWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  heapBytes = 0;
  dead = false;

  constructor(maxHeapMb: number) {
    const script = toWorkerScript('pdf-worker', import.meta.url);
    this.worker = new Worker(script.script, {
      ...script.options,
      resourceLimits: workerResourceLimits({ maxOldGenerationSizeMb: maxHeapMb }),
    });
    this.worker.unref();
    this.worker.on('message', (reply: PdfReply) => this.settle(reply));
    this.worker.on('error', (error: Error) => this.fail(toWorkerError(error)));
    this.worker.on('exit', () =>
      this.fail(new TransmuteError('extraction_failed', 'The PDF worker stopped.')),
    );
  }

  /** Sends a request; past `timeoutMs` the worker is terminated and the request fails with `timeout`. */
  request(payload: Payload, timeoutMs: number): Promise<PdfReply> {
    if (this.dead) return Promise.reject(new TransmuteError('extraction_failed', 'The PDF worker stopped.'));
    const expected = this.expect();
    this.arm(expected.id, timeoutMs);
    this.worker.postMessage({ ...payload, id: expected.id });
    return expected.reply;
  }

  /**
   * A reply the worker will send unasked under a new id (a request names it): its time limit runs
   * from {@link arm}, and {@link forget} drops it.
   */
  expect(): { id: number; reply: Promise<PdfReply> } {
    const id = this.nextId++;
    const reply = new Promise<PdfReply>((resolve, reject) => {
      if (this.dead) reject(new TransmuteError('extraction_failed', 'The PDF worker stopped.'));
      else this.pending.set(id, { resolve, reject, timer: undefined });
    });
    return { id, reply };
  }

  /** Starts the time limit of the reply `id`: past it the worker is terminated and the reply fails with `timeout`. */
  arm(id: number, timeoutMs: number): void {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    pending.timer = setTimeout(() => {
      this.pending.delete(id);
      pending.reject(
        new TransmuteError('timeout', `Reading the PDF took longer than ${Math.round(timeoutMs / 1000)} s.`),
      );
      void this.terminate();
    }, timeoutMs);
  }

  /** Stops waiting for the reply `id` (it is ignored if it comes). */
  forget(id: number): void {
    clearTimeout(this.pending.get(id)?.timer);
    this.pending.delete(id);
  }

  /** Sends a message that has no reply (closing the document). */
  notify(message: Exclude<PdfRequest, Asked>): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }

  private settle(reply: PdfReply): void {
    this.heapBytes = reply.heapBytes;
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    pending.resolve(reply);
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}

function toWorkerError(error: Error): TransmuteError {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new TransmuteError('limit_exceeded', 'Reading the PDF needed more memory than allowed.', {
      cause: error,
    });
  }
  return new TransmuteError('extraction_failed', `The PDF worker failed: ${error.message}`, { cause: error });
}

/** A small pool of long-lived pdf.js workers, lent out one per document. */
export class PdfPool {
  private readonly idle: PdfWorker[] = [];
  private readonly idleTimers = new Map<PdfWorker, NodeJS.Timeout>();
  private readonly waiting: ((worker: PdfWorker) => void)[] = [];
  private live = 0;
  private closed = false;

  constructor(private readonly options: PdfPoolOptions) {}

  /** Lends a worker (a new one when none is idle and the pool has room; else waits for one). */
  async acquire(): Promise<PdfWorker> {
    if (this.closed) throw new TransmuteError('internal_error', 'The OCR source is closed.');
    const ready = this.idle.pop();
    if (ready !== undefined) {
      clearTimeout(this.idleTimers.get(ready));
      this.idleTimers.delete(ready);
      return ready;
    }
    if (this.live < this.options.size) {
      this.live += 1;
      return new PdfWorker(this.options.maxHeapMb);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Replaces a worker that died or grew past the memory bound; the new one is lent in its place. */
  renew(worker: PdfWorker): PdfWorker {
    void worker.terminate();
    return new PdfWorker(this.options.maxHeapMb);
  }

  /** Whether a worker should be replaced before its next request. */
  needsRenewal(worker: PdfWorker): boolean {
    return worker.dead || worker.heapBytes > this.options.recycleHeapBytes;
  }

  /** Returns a worker to the pool (replacing it when it died or grew too large). */
  release(worker: PdfWorker): void {
    let next = worker;
    if (this.closed) {
      void worker.terminate();
      this.live -= 1;
      return;
    }
    if (this.needsRenewal(worker)) next = this.renew(worker);
    const waiter = this.waiting.shift();
    if (waiter !== undefined) waiter(next);
    else this.park(next);
  }

  /** Keeps an idle worker for the next document, until the idle timeout retires it. */
  private park(worker: PdfWorker): void {
    this.idle.push(worker);
    const idleTimeoutMs = this.options.idleTimeoutMs;
    if (idleTimeoutMs === undefined) return;
    const timer = setTimeout(() => {
      this.idleTimers.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index < 0) return;
      this.idle.splice(index, 1);
      this.live -= 1;
      void worker.terminate();
    }, idleTimeoutMs);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  /** Terminates every worker. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    const workers = this.idle.splice(0);
    this.live -= workers.length;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
