import { Worker } from 'node:worker_threads';
import { toWorkerScript, workerResourceLimits } from '@transmute/plugin-sdk';
import type { ParseRequest, WorkerReply } from './parse-protocol.js';

/** How one request to a parsing thread ended: its reply, or the thread failing or stopping. */
export type ThreadOutcome =
  { kind: 'reply'; reply: WorkerReply } | { kind: 'error'; error: Error } | { kind: 'exit' };

/**
 * One warm parsing worker thread (`parse-worker.ts`) with a fixed V8 heap limit, reading one
 * document at a time. It is unreferenced while idle, so that it never keeps a process alive.
 */
export class ParseWorkerThread {
  private readonly worker: Worker;
  private pending: ((outcome: ThreadOutcome) => void) | undefined;
  /** Set once the thread failed, stopped or was terminated: it is never lent again. */
  dead = false;

  constructor(readonly oldGenerationMb: number) {
    const script = toWorkerScript('parse-worker', import.meta.url);
    this.worker = new Worker(script.script, {
      ...script.options,
      resourceLimits: workerResourceLimits({ maxOldGenerationSizeMb: oldGenerationMb }),
    });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.settle({ kind: 'reply', reply }));
    this.worker.on('error', (error: Error) => {
      this.dead = true;
      this.settle({ kind: 'error', error });
    });
    this.worker.on('exit', () => {
      this.dead = true;
      this.settle({ kind: 'exit' });
    });
  }

  /** Sends one request; the outcome is its reply or the thread's failure. */
  read(request: ParseRequest): Promise<ThreadOutcome> {
    if (this.dead) return Promise.resolve({ kind: 'exit' });
    if (this.pending !== undefined) throw new Error('A parsing thread reads one document at a time.');
    return new Promise((resolve) => {
      this.pending = resolve;
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  /** Stops the thread; its heap (and whatever a hostile file left in it) is gone once this resolves. */
  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }

  private settle(outcome: ThreadOutcome): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!this.dead) this.worker.unref();
    pending?.(outcome);
  }
}
