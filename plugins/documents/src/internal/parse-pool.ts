import { availableParallelism } from 'node:os';
import { TransmuteError } from '@transmute/plugin-sdk';
import { ParseWorkerThread } from './parse-worker-thread.js';

/** Options of {@link ParsePool}. */
export interface ParsePoolOptions {
  /** The most parsing threads alive at once. */
  size: number;
  /** An idle thread is ended after this long, so that it holds no memory a process does not use. */
  idleTimeoutMs: number;
}

interface Waiter {
  oldGenerationMb: number;
  lend: (thread: ParseWorkerThread) => void;
}

/**
 * A small pool of warm parsing threads, lent one per document. A thread is kept only when its
 * parse ended with a reply and a small heap (the caller decides, `release` or `retire`); a thread
 * that timed out, was canceled, crashed, ran out of heap or grew is ended and never lent again.
 * Threads are matched by their heap limit: a request with another bound gets a thread of its own.
 */
export class ParsePool {
  private readonly idle: ParseWorkerThread[] = [];
  private readonly idleTimers = new Map<ParseWorkerThread, NodeJS.Timeout>();
  private readonly waiting: Waiter[] = [];
  private live = 0;

  constructor(private readonly options: ParsePoolOptions) {}

  /** Lends a thread with this heap limit: an idle one, a new one while there is room, or the next one free. */
  acquire(oldGenerationMb: number, signal: AbortSignal): Promise<ParseWorkerThread> {
    const thread = this.take(oldGenerationMb);
    if (thread !== undefined) return Promise.resolve(thread);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        oldGenerationMb,
        lend: (lent) => {
          signal.removeEventListener('abort', onAbort);
          resolve(lent);
        },
      };
      const onAbort = (): void => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new TransmuteError('job_canceled', 'The conversion was canceled.', { cause: signal.reason }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Takes a thread back after a clean parse, for the next document. */
  release(thread: ParseWorkerThread): void {
    if (thread.dead) {
      void this.retire(thread);
      return;
    }
    this.idle.push(thread);
    const timer = setTimeout(() => this.end(thread), this.options.idleTimeoutMs);
    timer.unref();
    this.idleTimers.set(thread, timer);
    this.serveWaiter();
  }

  /** Ends a thread that must not be lent again; resolves once it has stopped. */
  async retire(thread: ParseWorkerThread): Promise<void> {
    const stopped = this.forget(thread);
    this.serveWaiter();
    await stopped;
  }

  /** Stops a thread and frees its place, without handing the place on. */
  private forget(thread: ParseWorkerThread): Promise<void> {
    this.live -= 1;
    return thread.terminate();
  }

  private take(oldGenerationMb: number): ParseWorkerThread | undefined {
    // A thread that stopped while idle (it crashed between documents) is dropped, never lent.
    let stopped = this.idle.findIndex((thread) => thread.dead);
    while (stopped >= 0) {
      void this.forget(this.unpark(stopped));
      stopped = this.idle.findIndex((thread) => thread.dead);
    }
    const matching = this.idle.findIndex((thread) => thread.oldGenerationMb === oldGenerationMb);
    if (matching >= 0) return this.unpark(matching);
    if (this.live < this.options.size) {
      this.live += 1;
      return new ParseWorkerThread(oldGenerationMb);
    }
    // The pool is full but a thread of another heap limit is idle: it makes room for this one.
    const other = this.idle[0];
    if (other === undefined) return undefined;
    void this.unpark(0).terminate();
    return new ParseWorkerThread(oldGenerationMb);
  }

  private unpark(index: number): ParseWorkerThread {
    const [thread] = this.idle.splice(index, 1) as [ParseWorkerThread];
    clearTimeout(this.idleTimers.get(thread));
    this.idleTimers.delete(thread);
    return thread;
  }

  private serveWaiter(): void {
    const waiter = this.waiting[0];
    if (waiter === undefined) return;
    const thread = this.take(waiter.oldGenerationMb);
    if (thread === undefined) return;
    this.waiting.shift();
    waiter.lend(thread);
  }

  private end(thread: ParseWorkerThread): void {
    const index = this.idle.indexOf(thread);
    if (index < 0) return;
    void this.retire(this.unpark(index));
  }
}

/** The process's pool of parsing threads: two at most (one on a single core), idle ones ended after 5 s. */
export const PARSE_POOL = new ParsePool({
  size: Math.min(2, availableParallelism()),
  idleTimeoutMs: 5000,
});
