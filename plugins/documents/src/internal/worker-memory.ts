/** The parsing worker's memory bound when the operator sets none (`worker_max_heap_mb`). */
export const DEFAULT_WORKER_MAX_HEAP_MB = 1024;

/**
 * The share of the bound given to V8's old generation. The rest holds what `resourceLimits` does
 * not count: the young generation (48 MB, the SDK's `workerResourceLimits`), the thread's own
 * native memory, and the reply's copy while it is serialized for the main thread (about 0.4 byte
 * per byte of the document on the heap).
 */
const OLD_GENERATION_SHARE = 0.6;

/**
 * Heap that one byte of XML read whole costs at the worker's peak: its tree (6 bytes for
 * WordprocessingML, 9 for the costliest shape, one-word paragraphs; `createTreeBuilder`) while the
 * document read from it grows (8 more for one-word paragraphs), with a margin.
 */
const HEAP_BYTES_PER_WHOLE_XML_BYTE = 24;

/** The worker's heap before it reads anything: the readers' code (more under tsx in development). */
const WORKER_BASELINE_HEAP_MB = 32;

/** How a parsing worker spends its bound: its old generation, and the largest XML part it reads whole. */
export interface WorkerMemory {
  /** `resourceLimits.maxOldGenerationSizeMb` of the worker. */
  oldGenerationMb: number;
  /** The largest part a reader may hold whole (a tree, or text): bigger ones are `limit_exceeded`. */
  wholePartBytes: number;
}

/**
 * Splits a parsing worker's bound (`worker_max_heap_mb`, the most its thread may add to the
 * process's resident memory) into its V8 heap limit and the XML it may hold whole, so that a part
 * too big for the heap is refused from its declared size before it inflates (docs/DECISIONS.md,
 * "A parsing worker's bound is its resident memory").
 */
export function workerMemoryOf(boundMb = DEFAULT_WORKER_MAX_HEAP_MB): WorkerMemory {
  const oldGenerationMb = Math.max(16, Math.floor(boundMb * OLD_GENERATION_SHARE));
  return {
    oldGenerationMb,
    wholePartBytes: Math.floor(
      (Math.max(0, oldGenerationMb - WORKER_BASELINE_HEAP_MB) * 1024 * 1024) / HEAP_BYTES_PER_WHOLE_XML_BYTE,
    ),
  };
}
