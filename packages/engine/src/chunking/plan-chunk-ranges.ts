import type { DocumentBlock } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import { findCut } from './find-cut.js';
import { countRange, estimateRange, pieceAt, pieceStart, type PieceTable } from './token-pieces.js';

/** Estimates this far under the budget are trusted without an exact count. */
const SLACK = 8;

/** A planned chunk: `[start, end)` of the document text and its exact token count. */
export interface ChunkRange {
  start: number;
  end: number;
  tokens: number;
}

/** Budget settings of the planner. */
export interface ChunkBudget {
  maxTokens: number;
  overlapTokens: number;
  signal?: AbortSignal;
}

interface Section {
  start: number;
  end: number;
  /** Block ends inside the section, ascending. */
  ends: number[];
}

function toSections(blocks: readonly DocumentBlock[]): Section[] {
  const sections: Section[] = [];
  let current: Section | null = null;
  for (const block of blocks) {
    if (!current || block.type === 'heading') {
      current = { start: block.startOffset, end: block.endOffset, ends: [] };
      sections.push(current);
    }
    current.end = block.endOffset;
    current.ends.push(block.endOffset);
  }
  return sections;
}

function skipSpace(text: string, offset: number, limit: number): number {
  let position = offset;
  while (position < limit && /\s/.test(text.charAt(position))) position++;
  return position;
}

/** Start of the next chunk: `overlap` tokens back from `end` on a piece boundary, past `after`. */
function nextStart(table: PieceTable, after: number, end: number, overlap: number, limit: number): number {
  const resume = skipSpace(table.text, end, limit);
  if (overlap <= 0) return resume;
  const last = pieceAt(table, end - 1);
  const target = (table.cumulative[last + 1] ?? 0) - overlap;
  let low = pieceAt(table, after);
  let high = last;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((table.cumulative[mid] ?? 0) >= target) high = mid;
    else low = mid + 1;
  }
  let start = pieceStart(table, low);
  if (table.text.charAt(start) === ' ' && !/\s/.test(table.text.charAt(start + 1))) start++;
  return start > after && start < end && !/\s/.test(table.text.charAt(start)) ? start : resume;
}

/** Packs one section (or several tiny ones) into budgeted ranges, preferring block boundaries. */
function packSection(table: PieceTable, section: Section, budget: ChunkBudget, out: ChunkRange[]): void {
  let start = section.start;
  let minEnd = start;
  let blockIndex = 0;
  while (start < section.end) {
    if (budget.signal) checkAborted(budget.signal);
    while (blockIndex < section.ends.length && (section.ends[blockIndex] ?? 0) <= minEnd) blockIndex++;
    let end = -1;
    let tokens = -1;
    for (let index = blockIndex; index < section.ends.length; index++) {
      const candidate = section.ends[index] ?? section.end;
      // Exact counts only near the budget: the estimate is off by a few tokens at most.
      if (estimateRange(table, start, candidate) <= budget.maxTokens - SLACK) {
        end = candidate;
        tokens = -1;
        continue;
      }
      const count = countRange(table, start, candidate);
      if (count > budget.maxTokens) break;
      end = candidate;
      tokens = count;
    }
    if (end !== -1 && tokens === -1) {
      tokens = countRange(table, start, end);
      if (tokens > budget.maxTokens) end = -1;
    }
    if (end === -1) {
      const limit = section.ends[blockIndex] ?? section.end;
      end = findCut(table, start, limit, budget.maxTokens, minEnd);
      tokens = countRange(table, start, end);
    }
    out.push({ start, end, tokens });
    if (end >= section.end) return;
    const resume = nextStart(table, start, end, budget.overlapTokens, section.end);
    minEnd = end;
    start = resume;
  }
}

/**
 * Plans heading-aware, token-budgeted chunk ranges: a section (a heading and the blocks under it)
 * becomes one chunk when it fits; tiny neighbouring sections share a chunk; larger sections are
 * packed block by block and long blocks are cut at line, sentence or word boundaries, with
 * `overlapTokens` of overlap between consecutive chunks of one section.
 */
export function planChunkRanges(
  table: PieceTable,
  blocks: readonly DocumentBlock[],
  budget: ChunkBudget,
): ChunkRange[] {
  const out: ChunkRange[] = [];
  const tiny = Math.floor(budget.maxTokens / 4);
  let pending: ChunkRange | null = null;
  for (const section of toSections(blocks)) {
    if (budget.signal) checkAborted(budget.signal);
    const tokens = countRange(table, section.start, section.end);
    if (pending && pending.tokens < tiny) {
      const merged = countRange(table, pending.start, section.end);
      if (merged <= budget.maxTokens) {
        pending = { start: pending.start, end: section.end, tokens: merged };
        continue;
      }
    }
    if (tokens <= budget.maxTokens) {
      if (pending) out.push(pending);
      pending = { start: section.start, end: section.end, tokens };
      continue;
    }
    const carried: number[] = [];
    let start = section.start;
    if (pending && pending.tokens < tiny) {
      start = pending.start;
      carried.push(pending.end);
    } else if (pending) out.push(pending);
    pending = null;
    packSection(table, { start, end: section.end, ends: [...carried, ...section.ends] }, budget, out);
  }
  if (pending) out.push(pending);
  return out;
}
