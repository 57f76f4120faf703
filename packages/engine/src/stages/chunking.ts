import type { NormalizedDocument } from '@transmute/plugin-sdk';
import { chunkDocument } from '../chunking/chunk-document.js';
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
  document.chunks = chunkDocument(document, { ...settings, signal: ctx.signal });
  checkAborted(ctx.signal);
  ctx.progress.within(100, `${document.chunks.length} chunks`);
  return document;
}

/** A document stored without chunks (built by hand, or by an older version) is chunked before rendering. */
export function withChunks(
  document: NormalizedDocument,
  settings: ChunkSettings,
  signal: AbortSignal,
): NormalizedDocument {
  if (document.chunks.length > 0) return document;
  return { ...document, chunks: chunkDocument(document, { ...settings, signal }) };
}
