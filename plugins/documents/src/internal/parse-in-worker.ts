import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  TransmuteError,
  isFailureCode,
  toWorkerScript,
  workerResourceLimits,
  type ExtractedDocument,
} from '@transmute/plugin-sdk';
import type { ParseReply, ParseRequest } from './parse-protocol.js';
import { workerMemoryOf } from './worker-memory.js';

/** Bounds of one parse: its time and the worker's memory (`worker_max_heap_mb`). */
export interface ParseBounds {
  timeoutMs: number;
  /** The most the worker may add to the process's resident memory; its V8 heap gets a share of it. */
  maxHeapMb: number;
  signal: AbortSignal;
}

function toWorkerError(error: Error): TransmuteError {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new TransmuteError('limit_exceeded', 'Reading the document needed more memory than allowed.', {
      cause: error,
    });
  return new TransmuteError('extraction_failed', `The document worker failed: ${error.message}`, {
    cause: error,
  });
}

/**
 * Reads one document in a worker thread of its own, started for it and ended after it: past
 * `timeoutMs` (`timeout`), on cancellation (`job_canceled`) or past its heap (`limit_exceeded`)
 * the worker is terminated and the main thread never waits on a hostile file. Its V8 heap is a
 * share of `maxHeapMb` (`workerMemoryOf`), the rest left for what the heap limit does not count.
 */
export function parseInWorker(
  request: ParseRequest,
  bounds: ParseBounds,
): Promise<{ document: ExtractedDocument; warnings: [string, string][] }> {
  if (bounds.signal.aborted)
    return Promise.reject(
      new TransmuteError('job_canceled', 'The conversion was canceled.', { cause: bounds.signal.reason }),
    );
  const script = toWorkerScript('parse-worker', import.meta.url);
  const worker = new Worker(script.script, {
    ...script.options,
    workerData: request,
    resourceLimits: workerResourceLimits({
      maxOldGenerationSizeMb: workerMemoryOf(bounds.maxHeapMb).oldGenerationMb,
    }),
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      bounds.signal.removeEventListener('abort', onAbort);
      const settle = (): void => {
        try {
          outcome();
        } catch (error) {
          reject(toWorkerError(error as Error));
        }
      };
      // The reply is read once the worker has exited and its heap is gone (see parse-worker.ts).
      void worker.terminate().then(settle, settle);
    };
    const timer = setTimeout(() => {
      finish(() =>
        reject(
          new TransmuteError(
            'timeout',
            `Reading the document took longer than ${String(Math.round(bounds.timeoutMs / 1000))} s.`,
          ),
        ),
      );
    }, bounds.timeoutMs);
    const onAbort = (): void => {
      finish(() =>
        reject(
          new TransmuteError('job_canceled', 'The conversion was canceled.', { cause: bounds.signal.reason }),
        ),
      );
    };
    bounds.signal.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (bytes: ArrayBuffer) => {
      finish(() => {
        const reply = deserialize(new Uint8Array(bytes)) as ParseReply;
        if (reply.ok) resolve({ document: reply.document, warnings: reply.warnings });
        else
          reject(
            new TransmuteError(isFailureCode(reply.code) ? reply.code : 'extraction_failed', reply.detail),
          );
      });
    });
    worker.on('error', (error: Error) => finish(() => reject(toWorkerError(error))));
    worker.on('exit', () =>
      finish(() => reject(new TransmuteError('extraction_failed', 'The document worker stopped.'))),
    );
  });
}
