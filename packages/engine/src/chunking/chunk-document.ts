import type { Chunk, DocumentBlock, NormalizedDocument, Provenance } from '@transmute/plugin-sdk';
import { toChunkId } from './chunk-id.js';
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

function toProvenance(covered: readonly DocumentBlock[]): Provenance {
  const provenance: Provenance = {};
  const first = covered[0]?.provenance;
  if (!first) return provenance;
  const same = <K extends 'fileId' | 'path' | 'sheet'>(key: K): Provenance[K] | undefined => {
    const value = first[key];
    return covered.every((block) => block.provenance[key] === value) ? value : undefined;
  };
  const fileId = same('fileId');
  if (fileId !== undefined) provenance.fileId = fileId;
  const path = same('path');
  if (path !== undefined) provenance.path = path;
  const page = covered.find((block) => block.provenance.page !== undefined)?.provenance.page;
  if (page !== undefined) provenance.page = page;
  // Slides and chapters are read in order, so like a page the chunk names the one it starts in. A
  // sheet only when every block of the chunk is in it; a cell range when every block that has one
  // (a table, not the sheet's heading) has the same.
  const slide = covered.find((block) => block.provenance.slide !== undefined)?.provenance.slide;
  if (slide !== undefined) provenance.slide = slide;
  const chapter = covered.find((block) => block.provenance.chapter !== undefined)?.provenance.chapter;
  if (chapter !== undefined) provenance.chapter = chapter;
  const sheet = same('sheet');
  if (sheet !== undefined) {
    provenance.sheet = sheet;
    const ranges = new Set(
      covered.map((block) => block.provenance.cellRange).filter((range) => range !== undefined),
    );
    const [range] = ranges;
    if (ranges.size === 1 && range !== undefined) provenance.cellRange = range;
  }
  const starts = covered.map((block) => block.provenance.timeStart).filter((value) => value !== undefined);
  const ends = covered.map((block) => block.provenance.timeEnd).filter((value) => value !== undefined);
  if (starts.length > 0) provenance.timeStart = Math.min(...starts);
  if (ends.length > 0) provenance.timeEnd = Math.max(...ends);
  const sourceStart = first.startOffset;
  const sourceEnd = covered[covered.length - 1]?.provenance.endOffset;
  // Offsets into one source text: not across files, nor across a parent and its attachment (paths).
  if (
    sourceStart !== undefined &&
    sourceEnd !== undefined &&
    same('fileId') === first.fileId &&
    path === first.path
  ) {
    provenance.startOffset = sourceStart;
    provenance.endOffset = sourceEnd;
  }
  return provenance;
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
    provenance: toProvenance(covered),
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
