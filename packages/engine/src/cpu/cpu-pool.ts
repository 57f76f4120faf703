import { Worker } from 'node:worker_threads';
import { TransmuteError } from '@transmute/contract';
import { toWorkerScript, workerResourceLimits } from '@transmute/plugin-sdk';
import { checkAborted, toAbortReason } from '../internal/abort.js';
import type { CpuContext } from '../internal/cpu-context.js';
import {
  applyCpuEvent,
  fromWireError,
  type CpuInputPart,
  type CpuMore,
  type CpuReply,
  type CpuRequest,
  type CpuStart,
} from './cpu-messages.js';
import { appendPart, splitInput } from './cpu-result-parts.js';
import { runCpuTask, type CpuTaskKind, type CpuTasks } from './cpu-tasks.js';

/**
 * A worker whose heap grew by more than this during a task is replaced: V8 keeps a grown heap
 * (mostly the garbage of a 2 MB parse or render) while the thread idles, adding it to the
 * process RSS for nothing.
 */
const RECYCLE_GROWTH_BYTES = 64 * 1024 * 1024;

interface Job {
  kind: CpuTaskKind;
  /** Dropped once posted: the caller's copy of a large input must not outlive the hop. */
  request: CpuRequest | undefined;
  /** A result whose parts are still coming, and how many. */
  partial?: { result: unknown; remaining: number; recycle: boolean };
  ctx: CpuContext;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /** Removes the abort listener. */
  release: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
  /** The worker script loaded (it said `ready`). */
  ready: boolean;
  /** Its heap once loaded. */
  loadedHeapBytes: number;
  gone: boolean;
}

/**
 * A small pool of worker threads for {@link CpuTasks}: threads start on first use, are unref'd
 * while idle (an idle pool never keeps a process alive), are replaced after a crash, and are
 * terminated when their task's signal aborts (a cancelled job stops burning CPU at once). Tasks
 * beyond the pool size wait in order. When the worker script cannot be loaded at all (a bundler
 * that dropped it), tasks run in the calling thread instead.
 */
export class CpuPool {
  readonly #size: number;
  readonly #recycleGrowthBytes: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #unavailable = false;
  #closed = false;

  constructor(size: number, recycleGrowthBytes = RECYCLE_GROWTH_BYTES) {
    this.#size = Math.max(1, Math.floor(size));
    this.#recycleGrowthBytes = recycleGrowthBytes;
  }

  /** Live worker threads (for tests and diagnostics). */
  get threads(): number {
    return this.#slots.length;
  }

  /** Runs a task on a worker; its progress, usage and warnings are replayed on `ctx` as they come. */
  async run<K extends CpuTaskKind>(
    kind: K,
    input: CpuTasks[K]['input'],
    ctx: CpuContext,
  ): Promise<CpuTasks[K]['result']> {
    if (this.#unavailable) return runCpuTask(kind, input, ctx);
    if (this.#closed) throw new TransmuteError('internal_error', 'The engine is closed.');
    checkAborted(ctx.signal);
    return this.#enqueue({ kind, input } as CpuRequest, ctx) as Promise<CpuTasks[K]['result']>;
  }

  /** No closure here captures `request`, so once posted the caller's copy can be collected. */
  #enqueue(request: CpuRequest, ctx: CpuContext): Promise<unknown> {
    const job: Job = {
      kind: request.kind,
      request,
      ctx,
      resolve: () => {},
      reject: () => {},
      release: () => {},
    };
    const settled = new Promise<unknown>((resolve, reject) => {
      job.resolve = resolve;
      job.reject = reject;
    });
    const onAbort = (): void => this.#cancel(job);
    job.release = () => ctx.signal.removeEventListener('abort', onAbort);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    this.#queue.push(job);
    this.#dispatch();
    return settled;
  }

  /** Terminates every thread; queued and running tasks fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const running = this.#slots.flatMap((slot) => (slot.job === undefined ? [] : [slot.job]));
    for (const job of [...this.#queue.splice(0), ...running]) {
      job.release();
      job.reject(new TransmuteError('internal_error', 'The engine was closed.'));
    }
    await Promise.all([...this.#slots].map((slot) => this.#drop(slot)));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((candidate) => candidate.job === undefined);
      if (slot === undefined && this.#slots.length < this.#size) slot = this.#spawn();
      if (slot === undefined) return;
      const job = this.#queue.shift();
      if (job === undefined) return;
      slot.job = job;
      // Referenced while it works: an awaited task must keep the process alive.
      slot.worker.ref();
      this.#post(slot, job, job.request);
      if (!slot.ready) continue; // kept for running inline should the script fail to load
      job.request = undefined;
    }
  }

  #spawn(): Slot {
    const { script, options } = toWorkerScript('cpu-worker', import.meta.url);
    const worker = new Worker(script, {
      ...options,
      // Node 24's default young generation adds 70-90 MB of RSS per busy worker (see the SDK's note).
      resourceLimits: workerResourceLimits(),
    });
    worker.unref();
    const slot: Slot = { worker, job: undefined, ready: false, loadedHeapBytes: 0, gone: false };
    worker.on('message', (reply: CpuReply) => this.#onReply(slot, reply));
    worker.on('error', (error: Error) => this.#onCrash(slot, error));
    worker.on('exit', (code) => this.#onCrash(slot, new Error(`The worker exited with code ${code}.`)));
    this.#slots.push(slot);
    return slot;
  }

  #onReply(slot: Slot, reply: CpuReply): void {
    if (reply.type === 'ready') {
      slot.ready = true;
      slot.loadedHeapBytes = reply.heapBytes;
      return;
    }
    const job = slot.job;
    if (job === undefined || slot.gone) return;
    switch (reply.type) {
      case 'done': {
        const recycle = reply.heapBytes - slot.loadedHeapBytes > this.#recycleGrowthBytes;
        if (reply.parts === 0) this.#finish(slot, job, reply.result, recycle);
        else {
          job.partial = { result: reply.result, remaining: reply.parts, recycle };
          this.#askMore(slot, job);
        }
        return;
      }
      case 'part': {
        const partial = job.partial;
        if (partial === undefined) return;
        appendPart(job.kind, partial.result, reply);
        partial.remaining -= 1;
        if (partial.remaining > 0) this.#askMore(slot, job);
        else this.#finish(slot, job, partial.result, partial.recycle);
        return;
      }
      case 'failed':
        this.#settle(slot, true);
        job.reject(fromWireError(reply.error));
        return;
      case 'stage':
      case 'within':
      case 'meter':
      case 'warn':
        applyCpuEvent(reply, job.ctx);
    }
  }

  /**
   * Posts a task: a large input goes in parts, one per turn, because posting serializes on this
   * thread (a single 2 MB document would be one long step).
   */
  #post(slot: Slot, job: Job, request: CpuRequest | undefined): void {
    if (request === undefined) return;
    const { input, parts } = splitInput(request.kind, request.input);
    const start = { ...request, input, parts: parts.length } as CpuStart;
    slot.worker.postMessage(start);
    const next = (): void => {
      const part = parts.shift();
      if (part === undefined || slot.job !== job || slot.gone) return;
      slot.worker.postMessage({ type: 'input-part', ...part } satisfies CpuInputPart);
      setImmediate(next);
    };
    setImmediate(next);
  }

  /** Asks for the next part once timers and I/O had their turn (the point of sending parts). */
  #askMore(slot: Slot, job: Job): void {
    setImmediate(() => {
      if (slot.job === job && !slot.gone) slot.worker.postMessage({ type: 'more' } satisfies CpuMore);
    });
  }

  #finish(slot: Slot, job: Job, result: unknown, recycle: boolean): void {
    this.#settle(slot, recycle);
    // Receiving the result took a slice of this thread: let timers and I/O run before the
    // caller's next synchronous step (e.g. serializing a checkpoint) rather than in the same turn.
    setImmediate(() => job.resolve(result));
  }

  #settle(slot: Slot, recycle: boolean): void {
    slot.job?.release();
    slot.job = undefined;
    slot.worker.unref();
    if (recycle) void this.#drop(slot);
    this.#dispatch();
  }

  #onCrash(slot: Slot, error: Error): void {
    if (slot.gone) return;
    const job = slot.job;
    void this.#drop(slot);
    if (!slot.ready) {
      // The script never loaded: run in this thread from now on rather than fail every large job.
      this.#unavailable = true;
      for (const waiting of [...(job ? [job] : []), ...this.#queue.splice(0)]) {
        waiting.release();
        const request = waiting.request;
        if (request === undefined) waiting.reject(new TransmuteError('internal_error', error.message));
        else runCpuTask(request.kind, request.input, waiting.ctx).then(waiting.resolve, waiting.reject);
      }
      return;
    }
    if (job !== undefined) {
      job.release();
      job.reject(
        new TransmuteError('internal_error', `The engine's worker thread stopped: ${error.message}`, {
          cause: error,
        }),
      );
    }
    this.#dispatch();
  }

  #cancel(job: Job): void {
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) this.#queue.splice(queued, 1);
    const slot = this.#slots.find((candidate) => candidate.job === job);
    if (slot !== undefined) void this.#drop(slot);
    job.release();
    job.reject(toAbortReason(job.ctx.signal));
    this.#dispatch();
  }

  async #drop(slot: Slot): Promise<void> {
    if (slot.gone) return;
    slot.gone = true;
    slot.job = undefined;
    const index = this.#slots.indexOf(slot);
    if (index >= 0) this.#slots.splice(index, 1);
    await slot.worker.terminate();
  }
}
