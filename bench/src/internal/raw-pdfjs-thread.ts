import { Worker } from 'node:worker_threads';
import { toWorkerScript } from '@transmute/plugin-sdk';
import type { RawReply, RawRequest } from './raw-pdfjs-worker.js';

/** A thread running the raw pdf.js loop of {@link ./raw-pdfjs-worker.ts}, one file at a time. */
export class RawPdfjsThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (reply: RawReply) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;

  constructor() {
    const { script, options: workerOptions } = toWorkerScript('raw-pdfjs-worker', import.meta.url);
    this.worker = new Worker(script, workerOptions);
    this.worker.on('message', (reply: RawReply) => {
      this.pending.get(reply.id)?.resolve(reply);
      this.pending.delete(reply.id);
    });
    // A thread that fails (pdf.js did not load, out of memory) fails what waits on it, not the bench.
    const fail = (error: Error): void => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) =>
      fail(new Error(`The raw pdf.js thread exited with code ${String(code)}.`)),
    );
  }

  /** Reads every page's text of `path`; resolves with its page count, rejects when pdf.js refuses it. */
  async read(path: string): Promise<number> {
    const id = this.nextId++;
    const reply = await new Promise<RawReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, path } satisfies RawRequest);
    });
    if ('error' in reply) throw new Error(reply.error);
    return reply.pages;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
