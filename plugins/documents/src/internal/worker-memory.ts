/** The parsing worker's memory bound when the operator sets none (`worker_max_heap_mb`). */
export const DEFAULT_WORKER_MAX_HEAP_MB = 1024;

/**
 * The share of the bound given to V8's old generation. The rest holds what `resourceLimits` does
 * not count: the young generation (48 MB, the SDK's `workerResourceLimits`), the thread's own
 * native memory, and the reply's copy while it is serialized for the main thread (about 0.4 byte
 * per byte of the document on the heap). At 0.6 a 2 M-cell workbook (the default `maximum_cells`)
 * ran its heap so close to the limit that garbage collection thrashed past the parse timeout.
 */
const OLD_GENERATION_SHARE = 0.7;

/**
 * Heap that one byte of XML read whole costs at the worker's peak: its tree (6 bytes for
 * WordprocessingML, 9 for the costliest shape, one-word paragraphs; `createTreeBuilder`) while the
 * document read from it grows (8 more for one-word paragraphs), with a margin.
 */
const HEAP_BYTES_PER_WHOLE_XML_BYTE = 24;

/** The worker's heap before it reads anything: the readers' code (more under tsx in development). */
const WORKER_BASELINE_HEAP_MB = 32;

/**
 * Resident memory one kept spreadsheet cell costs the process at its peak, once its worker has
 * returned the document and the main thread holds and renders it. Measured with a 1 048 576-row ×
 * 20 xlsx (`pnpm bench documents-memory`): 1 089 MB added at 2 M cells, 978 MB at 1.68 M (about
 * 360 bytes per cell on top of some 370 MB that do not shrink with the cells); at 720 bytes the
 * budget is 1.49 M cells at 1024 MB, leaving a margin of about 140 MB.
 */
const RESIDENT_BYTES_PER_KEPT_CELL = 720;

/**
 * How a parsing worker spends its bound: its old generation, the largest XML part it reads whole,
 * and the cells a workbook may keep.
 */
export interface WorkerMemory {
  /** `resourceLimits.maxOldGenerationSizeMb` of the worker. */
  oldGenerationMb: number;
  /** The largest part a reader may hold whole (a tree, or text): bigger ones are `limit_exceeded`. */
  wholePartBytes: number;
  /** The most cells a workbook's document may keep so that it fits the bound (`maximum_cells` may lower it). */
  documentCells: number;
}

/**
 * Splits a parsing worker's bound (`worker_max_heap_mb`, the most its thread may add to the
 * process's resident memory) into its V8 heap limit and the XML it may hold whole, so that a part
 * too big for the heap is refused from its declared size before it inflates, and the cells a
 * workbook keeps, so that its document fits once returned (docs/DECISIONS.md,
 * "A parsing worker's bound is its resident memory").
 */
export function workerMemoryOf(boundMb = DEFAULT_WORKER_MAX_HEAP_MB): WorkerMemory {
  const oldGenerationMb = Math.max(16, Math.floor(boundMb * OLD_GENERATION_SHARE));
  return {
    oldGenerationMb,
    wholePartBytes: Math.floor(
      (Math.max(0, oldGenerationMb - WORKER_BASELINE_HEAP_MB) * 1024 * 1024) / HEAP_BYTES_PER_WHOLE_XML_BYTE,
    ),
    documentCells: Math.floor((boundMb * 1024 * 1024) / RESIDENT_BYTES_PER_KEPT_CELL),
  };
}
