import type { Chunk, NormalizedDocument } from '@transmute/plugin-sdk';
import { chunkDocument, type ChunkOptions } from '../chunking/chunk-document.js';
import { checkAborted } from '../internal/abort.js';
import type { ChunkSettings, CpuContext } from '../internal/cpu-context.js';

/** Stage chunking: heading-aware, token-budgeted chunks (engine `chunking` options). */
export function chunkingStage(
  document: NormalizedDocument,
  ctx: CpuContext,
  settings: ChunkSettings = {},
): NormalizedDocument {
  checkAborted(ctx.signal);
  ctx.progress.stage('chunking', `${document.text.length} characters`);
  document.chunks = chunkDocument(document, toChunkOptions(settings, ctx.signal));
  checkAborted(ctx.signal);
  ctx.progress.within(100, `${document.chunks.length} chunks`);
  return document;
}

function toChunkOptions(settings: ChunkSettings, signal: AbortSignal): ChunkOptions {
  const { lazy: _lazy, ...options } = settings;
  return { ...options, signal };
}

/** Whether the document's chunks are still to be computed on first read ({@link withChunksOnRead}). */
function hasPendingChunks(document: NormalizedDocument): boolean {
  return Object.getOwnPropertyDescriptor(document, 'chunks')?.get !== undefined;
}

/**
 * The document whose `chunks` are computed the first time they are read (then kept): a profile
 * that reads no chunks never tokenizes. Serializing the document (JSON, a worker message) reads
 * them, so what leaves the process is always complete.
 */
export function withChunksOnRead(
  document: NormalizedDocument,
  settings: ChunkSettings,
  signal: AbortSignal,
): NormalizedDocument {
  let chunks: Chunk[] | undefined;
  return Object.defineProperty({ ...document }, 'chunks', {
    enumerable: true,
    configurable: true,
    get: () => (chunks ??= chunkDocument(document, toChunkOptions(settings, signal))),
    set: (value: Chunk[]) => {
      chunks = value;
    },
  });
}

/**
 * A document without chunks (built by hand, by an older version, or prepared with `lazy`
 * chunking) gets them computed when a profile first reads them.
 */
export function withChunks(
  document: NormalizedDocument,
  settings: ChunkSettings,
  signal: AbortSignal,
): NormalizedDocument {
  if (hasPendingChunks(document) || document.chunks.length > 0) return document;
  return withChunksOnRead(document, settings, signal);
}
