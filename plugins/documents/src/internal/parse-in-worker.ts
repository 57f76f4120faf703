import { deserialize } from 'node:v8';
import { TransmuteError, isFailureCode, type ExtractedDocument } from '@transmute/plugin-sdk';
import { PARSE_POOL, type ParsePool } from './parse-pool.js';
import type { ParseReply, ParseRequest } from './parse-protocol.js';
import type { ParseWorkerThread, ThreadOutcome } from './parse-worker-thread.js';
import { workerMemoryOf } from './worker-memory.js';

/** Bounds of one parse: its time and the worker's memory (`worker_max_heap_mb`). */
export interface ParseBounds {
  timeoutMs: number;
  /** The most the worker may add to the process's resident memory; its V8 heap gets a share of it. */
  maxHeapMb: number;
  signal: AbortSignal;
}

/**
 * A thread whose heap in use after a parse is past this is ended, and ended before its reply is
 * read, rather than kept warm: a large document is then never on both heaps at once, and what a
 * file left behind in the thread never reaches the next one. A warm thread holds about 20 MB once
 * the readers are loaded (more under tsx); small documents add a few MB.
 */
export const RECYCLE_HEAP_BYTES = 64 * 1024 * 1024;

type Result = { document: ExtractedDocument; warnings: [string, string][] };

function toWorkerError(error: Error): TransmuteError {
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new TransmuteError('limit_exceeded', 'Reading the document needed more memory than allowed.', {
      cause: error,
    });
  return new TransmuteError('extraction_failed', `The document worker failed: ${error.message}`, {
    cause: error,
  });
}

const canceled = (signal: AbortSignal): TransmuteError =>
  new TransmuteError('job_canceled', 'The conversion was canceled.', { cause: signal.reason });

function toResult(bytes: ArrayBuffer): Result {
  const reply = deserialize(new Uint8Array(bytes)) as ParseReply;
  if (reply.ok) return { document: reply.document, warnings: reply.warnings };
  throw new TransmuteError(isFailureCode(reply.code) ? reply.code : 'extraction_failed', reply.detail);
}

/** Waits for the thread's outcome, or for the time bound or cancellation, whichever comes first. */
function outcomeWithin(
  thread: ParseWorkerThread,
  request: ParseRequest,
  bounds: ParseBounds,
): Promise<ThreadOutcome | { kind: 'timeout' } | { kind: 'canceled' }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done({ kind: 'timeout' }), bounds.timeoutMs);
    const onAbort = (): void => done({ kind: 'canceled' });
    const done = (outcome: ThreadOutcome | { kind: 'timeout' } | { kind: 'canceled' }): void => {
      clearTimeout(timer);
      bounds.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    bounds.signal.addEventListener('abort', onAbort, { once: true });
    void thread.read(request).then(done);
  });
}

/**
 * Reads one document in a warm worker thread of the pool (`parse-pool.ts`): past `timeoutMs`
 * (`timeout`), on cancellation (`job_canceled`) or past its heap (`limit_exceeded`) the thread is
 * terminated, never reused, and the main thread never waits on a hostile file. Its V8 heap is a
 * share of `maxHeapMb` (`workerMemoryOf`), the rest left for what the heap limit does not count.
 */
export function parseInWorker(request: ParseRequest, bounds: ParseBounds): Promise<Result> {
  return parseInPool(PARSE_POOL, request, bounds);
}

/** {@link parseInWorker} with a thread of `pool`. */
export async function parseInPool(
  pool: ParsePool,
  request: ParseRequest,
  bounds: ParseBounds,
): Promise<Result> {
  if (bounds.signal.aborted) throw canceled(bounds.signal);
  const thread = await pool.acquire(workerMemoryOf(bounds.maxHeapMb).oldGenerationMb, bounds.signal);
  if (bounds.signal.aborted) {
    pool.release(thread);
    throw canceled(bounds.signal);
  }
  const outcome = await outcomeWithin(thread, request, bounds);
  if (outcome.kind === 'reply' && outcome.reply.heapUsedBytes <= RECYCLE_HEAP_BYTES && !thread.dead) {
    pool.release(thread);
    return toResult(outcome.reply.bytes);
  }
  // Any other end: the thread is stopped (its heap gone) before anything of it is read.
  await pool.retire(thread);
  switch (outcome.kind) {
    case 'reply':
      return toResult(outcome.reply.bytes);
    case 'timeout':
      throw new TransmuteError(
        'timeout',
        `Reading the document took longer than ${String(Math.round(bounds.timeoutMs / 1000))} s.`,
      );
    case 'canceled':
      throw canceled(bounds.signal);
    case 'error':
      throw toWorkerError(outcome.error);
    case 'exit':
      throw new TransmuteError('extraction_failed', 'The document worker stopped.');
  }
}
