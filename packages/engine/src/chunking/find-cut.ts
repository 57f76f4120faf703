import { countRange, countTextTokens, pieceAt, pieceStart, type PieceTable } from './token-pieces.js';

const SENTENCE_END = /[.!?…:;。！？]["')\]]?\s*$/u;

function trimEndOffset(text: string, start: number, end: number): number {
  let cut = end;
  while (cut > start && /\s/.test(text.charAt(cut - 1))) cut--;
  return cut;
}

/** How good a cut after piece `index` is: 3 line break, 2 sentence end, 1 word boundary, 0 none. */
function breakQuality(table: PieceTable, index: number): number {
  const start = pieceStart(table, index);
  const piece = table.text.slice(start, table.ends[index] ?? start);
  if (piece.includes('\n')) return 3;
  if (SENTENCE_END.test(piece)) {
    const next = table.text.charAt(table.ends[index] ?? 0);
    if (next === '' || /\s/.test(next)) return 2;
  }
  const next = table.text.charAt(table.ends[index] ?? 0);
  return /\s/.test(next) || /\s$/.test(piece) ? 1 : 0;
}

/** Longest prefix of `text.slice(start)` within `budget` tokens, by characters (one giant piece). */
function cutInsidePiece(table: PieceTable, start: number, limit: number, budget: number): number {
  let low = start + 1;
  let high = limit;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (countTextTokens(table.text.slice(start, mid)) <= budget) low = mid;
    else high = mid - 1;
  }
  const code = table.text.charCodeAt(low - 1);
  if (code >= 0xd800 && code <= 0xdbff && low - 1 > start) low--;
  return low;
}

/**
 * Where to end a chunk that starts at `start` and cannot reach `limit` within `budget` tokens:
 * the furthest piece boundary that fits, moved back (up to a quarter of the budget) to a line
 * break, sentence end or word boundary, never before `minEnd`. Returns an offset without trailing
 * whitespace whose range is within budget by the exact count.
 */
export function findCut(
  table: PieceTable,
  start: number,
  limit: number,
  budget: number,
  minEnd: number,
): number {
  const first = pieceAt(table, start);
  const base = table.cumulative[first] ?? 0;
  const lastAllowed = pieceAt(table, limit - 1);
  let fit = first - 1;
  let low = first;
  let high = lastAllowed;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if ((table.cumulative[mid + 1] ?? 0) - base <= budget) {
      fit = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  const floor = Math.max(first, pieceAt(table, Math.max(start, minEnd)));
  const lookback = Math.max(8, Math.floor(budget / 4));
  for (let candidate = fit; candidate >= floor;) {
    let best = candidate;
    let bestQuality = -1;
    for (let index = candidate; index >= Math.max(floor, candidate - lookback); index--) {
      const quality = breakQuality(table, index);
      if (quality > bestQuality) {
        best = index;
        bestQuality = quality;
        if (quality === 3) break;
      }
    }
    const cut = trimEndOffset(table.text, start, Math.min(limit, table.ends[best] ?? limit));
    if (cut > minEnd && cut > start && countRange(table, start, cut) <= budget) return cut;
    candidate = best - 1;
  }
  return cutInsidePiece(table, start, Math.min(limit, table.ends[first] ?? limit), budget);
}
