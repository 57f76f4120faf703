import type { Chunk, DocumentBlock, NormalizedDocument } from '@transmute/plugin-sdk';
import { toChunkId } from './chunk-id.js';
import { mergeProvenance } from './merge-provenance.js';
import { planChunkRanges, type ChunkRange } from './plan-chunk-ranges.js';
import { tokenizePieces } from './token-pieces.js';

/** Options of {@link chunkDocument}. */
export interface ChunkOptions {
  /** Token budget of every chunk (o200k_base tokens); default 512. */
  maxTokens?: number;
  /** Tokens repeated from the end of the previous chunk of the same section; default 64, at most a quarter of the budget. */
  overlapTokens?: number;
  signal?: AbortSignal;
}

/** Default chunk budget. */
export const DEFAULT_CHUNK_TOKENS = 512;
/** Default overlap between consecutive chunks of a section. */
export const DEFAULT_OVERLAP_TOKENS = 64;

function firstBlockIndex(blocks: readonly DocumentBlock[], offset: number): number {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((blocks[mid]?.endOffset ?? 0) <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

function toChunk(
  document: NormalizedDocument,
  blocks: readonly DocumentBlock[],
  range: ChunkRange,
  index: number,
): Chunk {
  const text = document.text.slice(range.start, range.end);
  const from = firstBlockIndex(blocks, range.start);
  let to = from;
  while (to < blocks.length && (blocks[to]?.startOffset ?? Infinity) < range.end) to++;
  const covered = blocks.slice(from, Math.max(to, from + 1));
  return {
    id: toChunkId(index, text),
    index,
    text,
    tokens: range.tokens,
    // The path of the first content block: a chunk that opens with headings is about what follows them.
    headingPath: [...((covered.find((block) => block.type !== 'heading') ?? covered[0])?.headingPath ?? [])],
    startOffset: range.start,
    endOffset: range.end,
    provenance: mergeProvenance(covered.map((block) => block.provenance)),
  };
}

/** Block list of a document; documents built without one get a block per blank-line paragraph. */
function blocksOf(document: NormalizedDocument): DocumentBlock[] {
  if (document.blocks) return document.blocks;
  const blocks: DocumentBlock[] = [];
  const pattern = /\S[\s\S]*?(?=\n\s*\n|\s*$)/g;
  for (const match of document.text.matchAll(pattern)) {
    const startOffset = match.index;
    blocks.push({
      index: blocks.length,
      type: 'paragraph',
      startOffset,
      endOffset: startOffset + match[0].length,
      headingPath: [],
      provenance: {},
    });
  }
  return blocks;
}

/**
 * Splits a normalized document into heading-aware, token-budgeted chunks (o200k_base, counted
 * exactly): stable ids, heading paths, provenance and offsets into `document.text`. The text is
 * tokenized once; chunk counts come from that pass.
 *
 * @example
 * const chunks = chunkDocument(document, { maxTokens: 512, overlapTokens: 64 });
 */
export function chunkDocument(document: NormalizedDocument, options: ChunkOptions = {}): Chunk[] {
  const maxTokens = Math.max(16, Math.floor(options.maxTokens ?? DEFAULT_CHUNK_TOKENS));
  const overlapTokens = Math.max(
    0,
    Math.min(Math.floor(options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS), Math.floor(maxTokens / 4)),
  );
  const blocks = blocksOf(document);
  if (document.text.trim() === '' || blocks.length === 0) return [];
  const table = tokenizePieces(document.text, options.signal);
  const ranges = planChunkRanges(table, blocks, {
    maxTokens,
    overlapTokens,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return ranges.map((range, index) => toChunk(document, blocks, range, index));
}
