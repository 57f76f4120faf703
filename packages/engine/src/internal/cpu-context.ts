import type { ChunkOptions } from '../chunking/chunk-document.js';
import type { ProgressTracker } from './progress-tracker.js';
import type { RunRecorder } from './usage-meter.js';

/**
 * What the engine's pure CPU stages (text parsing, normalization, chunking, built-in profile
 * rendering) use of a run: everything here can be forwarded from a worker thread as messages.
 */
export interface CpuContext {
  signal: AbortSignal;
  progress: Pick<ProgressTracker, 'stage' | 'within'>;
  recorder: Pick<RunRecorder, 'meter' | 'warn'>;
}

/** Chunking settings (engine `chunking` options; `lazy`: chunks computed when first read). */
export type ChunkSettings = Omit<ChunkOptions, 'signal'> & { lazy?: boolean };
