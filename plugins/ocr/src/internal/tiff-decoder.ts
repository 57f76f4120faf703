import { Worker } from 'node:worker_threads';
import type { OcrImage } from './tiff-image.js';
import type { TiffPage } from './tiff-pages.js';
import {
  TransmuteError,
  type FailureCode,
  toWorkerScript,
  workerResourceLimits,
} from '@transmute/plugin-sdk';

/** What the main thread asks the TIFF worker. */
export interface TiffRequest {
  id: number;
  path: string;
  page: TiffPage;
  littleEndian: boolean;
}

/** What the TIFF worker answers. */
export type TiffReply =
  { id: number; ok: true; image: OcrImage } | { id: number; ok: false; code: FailureCode; message: string };

/** Options of {@link TiffDecoder}. */
export interface TiffDecoderOptions {
  /** Time limit of decoding one page; past it the worker is terminated and the page fails with `timeout`. */
  timeoutMs: number;
  /** V8 heap cap of the worker (pixel buffers live outside it and are bounded per page). */
  maxHeapMb: number;
}

type Pending = {
  worker: Worker;
  resolve: (image: OcrImage) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/**
 * Decodes the pages of one TIFF on a worker thread of its own, one page per request. A worker that
 * timed out or died is replaced at the next request, so one bad page does not end the document.
 */
export class TiffDecoder {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly options: TiffDecoderOptions) {}

  /** Decodes one page into an image for OCR. */
  decode(path: string, page: TiffPage, littleEndian: boolean): Promise<OcrImage> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<OcrImage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new TransmuteError(
            'timeout',
            `Decoding page ${page.number} of the TIFF took longer than ${Math.round(this.options.timeoutMs / 1000)} s.`,
          ),
        );
        void this.stop(worker);
      }, this.options.timeoutMs);
      this.pending.set(id, { worker, resolve, reject, timer });
      worker.postMessage({ id, path, page, littleEndian } satisfies TiffRequest);
    });
  }

  /** Terminates the worker. */
  async close(): Promise<void> {
    if (this.worker !== undefined) await this.stop(this.worker);
  }

  private start(): Worker {
    const script = toWorkerScript('tiff-worker', import.meta.url);
    const worker = new Worker(script.script, {
      ...script.options,
      resourceLimits: workerResourceLimits({ maxOldGenerationSizeMb: this.options.maxHeapMb }),
    });
    worker.unref();
    worker.on('message', (reply: TiffReply) => this.settle(reply));
    worker.on('error', (error: Error) => this.fail(worker, toWorkerError(error)));
    worker.on('exit', () =>
      this.fail(worker, new TransmuteError('extraction_failed', 'The TIFF decoder stopped.')),
    );
    return worker;
  }

  private async stop(worker: Worker): Promise<void> {
    if (this.worker === worker) this.worker = undefined;
    await worker.terminate();
  }

  private settle(reply: TiffReply): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) pending.resolve(reply.image);
    else pending.reject(new TransmuteError(reply.code, reply.message));
  }

  private fail(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined;
    // Only this worker's requests: a worker terminated after a time limit exits later, when a
    // fresh one may already be decoding the next page.
    for (const [id, pending] of this.pending) {
      if (pending.worker !== worker) continue;
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }
}

function toWorkerError(error: Error): TransmuteError {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new TransmuteError('limit_exceeded', 'Decoding the TIFF page needed more memory than allowed.', {
      cause: error,
    });
  }
  return new TransmuteError('extraction_failed', `The TIFF decoder failed: ${error.message}`, {
    cause: error,
  });
}
