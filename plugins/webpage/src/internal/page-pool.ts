import { TransmuteError, workerResourceLimits } from '@transmute/plugin-sdk';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ConvertHtmlResult } from '../convert-html.js';
import type { ExtractPageResult, ExtractPageTask } from './page-task.js';
import { createSlots } from './slots.js';

/** Options of {@link createPagePool}. */
export interface PagePoolOptions {
  /** URL of the worker module (`extract-worker.ts` in development, `.js` when built). */
  workerUrl: URL;
  maxThreads: number;
  /** Hard heap bound of a worker (old generation, MB): a page that needs more fails, the worker is replaced. */
  heapLimitMb: number;
  /** Soft bound (MB): a worker above it after a page is recycled. */
  recycleHeapMb: number;
  /** A worker idle this long is stopped (ms). */
  idleTimeoutMs: number;
}

/** A pool of worker threads converting pages off the main thread. */
export interface PagePool {
  run(
    task: Omit<ExtractPageTask, 'recycleHeapBytes' | 'key'>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<ConvertHtmlResult>;
  destroy(): Promise<void>;
}

/** How long a fresh worker may take to load before its first page counts as timed out. */
const STARTUP_LIMIT_MS = 60_000;

function isStartMessage(message: unknown): message is { pageStarted: string } {
  return typeof (message as { pageStarted?: unknown } | null)?.pageStarted === 'string';
}

/** Default worker count: leave one core to the main thread, at most 4. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Creates the page pool (piscina). Each page runs under a time limit (the worker running it is
 * terminated when it passes) and a heap bound; a crashed or terminated worker is replaced, so one
 * bad page never takes the process or the pool down.
 */
export function createPagePool(options: PagePoolOptions): PagePool {
  const isSource = options.workerUrl.pathname.endsWith('.ts');
  const piscina = new Piscina<ExtractPageTask, ExtractPageResult>({
    filename: options.workerUrl.href,
    name: 'extractPage',
    minThreads: 0,
    maxThreads: options.maxThreads,
    idleTimeout: options.idleTimeoutMs,
    resourceLimits: workerResourceLimits({ maxOldGenerationSizeMb: options.heapLimitMb }),
    // Sources are TypeScript in development: run the worker under tsx with the same conditions.
    ...(isSource ? { execArgv: ['--conditions=development', '--import', 'tsx'] } : {}),
  });
  const recycleHeapBytes = options.recycleHeapMb * 1024 * 1024;
  // Pages wait here, not in piscina's queue, so a page's time limit starts when a worker takes it.
  const slots = createSlots(options.maxThreads);

  // Workers announce when they start a page: its time limit runs from there, not from the time a
  // fresh worker spent loading its modules (and again once jsdom, loaded on first use, is loaded).
  const starts = new Map<string, () => void>();
  // An idle worker that fails is replaced by piscina; without a listener its 'error' event would
  // take the whole process down.
  piscina.on('error', () => undefined);
  piscina.on('message', (message: unknown) => {
    if (isStartMessage(message)) starts.get(message.pageStarted)?.();
  });

  async function runOnce(
    task: ExtractPageTask,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<ExtractPageResult> {
    const release = await slots.acquire(signal);
    const limit = new AbortController();
    const timer = { current: setTimeout(() => limit.abort(), STARTUP_LIMIT_MS) };
    starts.set(task.key, () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => limit.abort(), timeoutMs);
    });
    try {
      return await piscina.run(task, { signal: AbortSignal.any([signal, limit.signal]) });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (limit.signal.aborted) {
        throw new TransmuteError('timeout', `The page took longer than ${timeoutMs / 1000} s to convert.`);
      }
      throw toWorkerFailure(error, options.heapLimitMb);
    } finally {
      clearTimeout(timer.current);
      starts.delete(task.key);
      release();
    }
  }

  return {
    async run(input, { signal, timeoutMs }) {
      const task = { ...input, recycleHeapBytes, key: randomUUID() };
      const result = await runOnFreshWorkerWhenRecycled(() => runOnce(task, signal, timeoutMs));
      if (!result.ok) throw new TransmuteError(result.code, result.detail);
      const { ok: _ok, ...converted } = result;
      return converted;
    },
    async destroy() {
      await piscina.destroy();
    },
  };
}

class RecycledWorkerError extends Error {}

/**
 * A worker past its soft heap bound ends itself a moment after its page; a page handed to it in
 * that moment dies with it, through no fault of its own. Such a page runs again: piscina replaces
 * the worker, but the retry may meet another worker ending the same way when all of them are heavy,
 * so it is tried up to {@link RECYCLED_ATTEMPTS} times before it fails as `extraction_failed`.
 */
async function runOnFreshWorkerWhenRecycled(
  run: () => Promise<ExtractPageResult>,
): Promise<ExtractPageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof RecycledWorkerError)) throw error;
      if (attempt === RECYCLED_ATTEMPTS) {
        throw new TransmuteError(
          'extraction_failed',
          `The extraction worker ended ${RECYCLED_ATTEMPTS} times while converting the page.`,
          { cause: error },
        );
      }
    }
  }
}

/** How many workers ending themselves a page may meet before it fails. */
const RECYCLED_ATTEMPTS = 8;

function toWorkerFailure(error: unknown, heapLimitMb: number): Error {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new TransmuteError(
      'limit_exceeded',
      `The page needed more memory than an extraction worker may use (${heapLimitMb} MB).`,
      { cause: error },
    );
  }
  if (message === 'worker exited with code: 0') return new RecycledWorkerError(message, { cause: error });
  return new TransmuteError('extraction_failed', `The extraction worker failed: ${message}`, {
    cause: error,
  });
}
