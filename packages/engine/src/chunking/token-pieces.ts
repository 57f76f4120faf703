import { createRequire } from 'node:module';
import type * as Encoding from 'gpt-tokenizer/encoding/o200k_base';
import type * as SplitPatterns from 'gpt-tokenizer/encodingParams/constants';
import type * as Ranks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { checkAborted } from '../internal/abort.js';

/** Special-token text (`<|endoftext|>`) in user content is plain text, never a special token. */
const PLAIN = { disallowedSpecial: new Set<string>() } as const;

/**
 * The text cut into the tokenizer's pre-tokenization pieces (o200k_base), with cumulative token
 * counts. Encoding a range that starts and ends on piece boundaries yields exactly the tokens of
 * those pieces, so any such range is counted in O(1) after one tokenizer pass.
 */
export interface PieceTable {
  readonly text: string;
  readonly count: number;
  /** `ends[i]`: end offset (exclusive) of piece i; piece i starts at `ends[i - 1]` (or 0). */
  readonly ends: Int32Array;
  /** `cumulative[i]`: tokens of pieces 0..i-1 (`cumulative[0] = 0`, length count + 1). */
  readonly cumulative: Int32Array;
}

/**
 * Pieces longer than this are byte-pair merged in slices (see tokenizeWithCore): real words and
 * tokens are far shorter, so counts are exact for natural text and the cost stays linear.
 */
export const MAX_PIECE_CHARS = 256;

/** End of a slice of at most `length` characters from `start`, never splitting a surrogate pair. */
function sliceEnd(text: string, start: number, length: number): number {
  const end = start + length;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/**
 * Token count of a string with the real tokenizer (special-token text counted as plain text),
 * in linear time even for pathological input (see {@link MAX_PIECE_CHARS}).
 */
export function countTextTokens(text: string): number {
  if (text === '') return 0;
  const { core, countTokens } = loadTokenizer();
  if (!core) return countTokens(text, PLAIN);
  const table = tokenizePieces(text);
  return table.cumulative[table.count] ?? 0;
}

/**
 * Exact tokens of part of one piece (no special token fits inside a piece, so the default
 * options, which skip the per-call option processing, are safe).
 */
function countPartialPiece(text: string): number {
  return text === '' ? 0 : loadTokenizer().countTokens(text);
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** UTF-16 length of the text a piece's tokens decode to (the vocabulary holds most as strings). */
function pieceLength(tokens: readonly number[]): number {
  const { ranks } = loadTokenizer();
  let length = 0;
  for (const token of tokens) {
    const value = ranks[token];
    if (typeof value !== 'string') return decodedLength(tokens);
    length += value.length;
  }
  return length;
}

function decodedLength(tokens: readonly number[]): number {
  const { ranks } = loadTokenizer();
  const parts: Uint8Array[] = tokens.map((token) => {
    const value = ranks[token];
    return typeof value === 'string' ? utf8.encode(value) : Uint8Array.from(value ?? []);
  });
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return utf8Decoder.decode(bytes).length;
}

interface Growable {
  ends: Int32Array;
  cumulative: Int32Array;
  count: number;
}

function push(table: Growable, end: number, total: number): void {
  if (table.count === table.ends.length) {
    const ends = new Int32Array(table.ends.length * 2);
    ends.set(table.ends);
    const cumulative = new Int32Array(ends.length + 1);
    cumulative.set(table.cumulative);
    table.ends = ends;
    table.cumulative = cumulative;
  }
  table.ends[table.count] = end;
  table.count++;
  table.cumulative[table.count] = total;
}

/** The tokenizer's byte-pair core (gpt-tokenizer 4.0.0 internals, checked at load). */
interface BytePairCore {
  bytePairStringRankEncoder: Map<string, number>;
  bytePairEncode(piece: string): number[];
}

function toBytePairCore(encoding: unknown): BytePairCore | undefined {
  const core: unknown = (encoding as { bytePairEncodingCoreProcessor?: unknown } | null)
    ?.bytePairEncodingCoreProcessor;
  if (typeof core !== 'object' || core === null) return undefined;
  const candidate = core as Partial<BytePairCore>;
  const usable =
    candidate.bytePairStringRankEncoder instanceof Map && typeof candidate.bytePairEncode === 'function';
  return usable ? (core as BytePairCore) : undefined;
}

/**
 * The tokenizer; its `core` is the fast path: the same split pattern and byte-pair merges
 * `encode()` runs, without building the token array or a generator step per piece. Undefined when
 * the tokenizer's internals differ (another version); callers then use the public generator.
 */
interface Tokenizer {
  countTokens: typeof Encoding.countTokens;
  encodeGenerator: typeof Encoding.encodeGenerator;
  splitPattern: RegExp;
  ranks: typeof Ranks.default;
  core: BytePairCore | undefined;
}

const requireHere = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;

/**
 * gpt-tokenizer's o200k_base, required on first use: building its 200 000-entry vocabulary costs
 * about 0.15 s of CPU, which a process that never counts tokens (a `--version`, a `raw_source`
 * convert with lazy chunking) should not pay at import.
 */
function loadTokenizer(): Tokenizer {
  if (tokenizer) return tokenizer;
  const encoding = requireHere('gpt-tokenizer/encoding/o200k_base') as typeof Encoding;
  const patterns = requireHere('gpt-tokenizer/encodingParams/constants') as typeof SplitPatterns;
  const ranks = requireHere('gpt-tokenizer/bpeRanks/o200k_base') as typeof Ranks;
  tokenizer = {
    countTokens: encoding.countTokens,
    encodeGenerator: encoding.encodeGenerator,
    splitPattern: patterns.O200K_TOKEN_SPLIT_REGEX,
    ranks: ranks.default,
    core: toBytePairCore(encoding.default),
  };
  return tokenizer;
}

/** Whether chunking uses the tokenizer's core directly (true with the pinned gpt-tokenizer). */
export function usesFastTokenizerPath(): boolean {
  return loadTokenizer().core !== undefined;
}

function tokenizeWithCore(
  core: BytePairCore,
  text: string,
  signal: AbortSignal | undefined,
): PieceTable | undefined {
  const initial = Math.max(16, Math.ceil(text.length / 3));
  const table: Growable = {
    ends: new Int32Array(initial),
    cumulative: new Int32Array(initial + 1),
    count: 0,
  };
  const ranks = core.bytePairStringRankEncoder;
  // Sticky matching: the pattern covers every character, so pieces are contiguous and `test()`
  // (no match array) is enough to find each piece's end.
  const splitter = new RegExp(loadTokenizer().splitPattern.source, 'uy');
  const counts = new Map<string, number>();
  let total = 0;
  let start = 0;
  while (start < text.length) {
    splitter.lastIndex = start;
    if (!splitter.test(text)) return undefined;
    const pieceEnd = splitter.lastIndex;
    // Byte-pair merging is quadratic in a piece's length: a pathological piece (a 2 MB run of one
    // letter, a huge whitespace run) would block for hours. Longer pieces are merged in slices of
    // MAX_PIECE_CHARS, which changes nothing for real words and bounds the cost; the slices come
    // from this one match, so the split pattern never rescans the run.
    for (let cut = start; cut < pieceEnd;) {
      const end = pieceEnd - cut > MAX_PIECE_CHARS ? sliceEnd(text, cut, MAX_PIECE_CHARS) : pieceEnd;
      const piece = text.slice(cut, end);
      // A document repeats few distinct pieces: a small local map is far faster to probe than the
      // 200 000-entry vocabulary, and multi-token pieces are merged once per call.
      let count = counts.get(piece);
      if (count === undefined) {
        count = ranks.has(piece) ? 1 : core.bytePairEncode(piece).length;
        counts.set(piece, count);
      }
      total += count;
      push(table, end, total);
      if ((table.count & 0xffff) === 0 && signal) checkAborted(signal);
      cut = end;
    }
    start = pieceEnd;
  }
  return { text, count: table.count, ends: table.ends, cumulative: table.cumulative };
}

/**
 * Encodes the text once and records every piece's end and the running token count. Piece
 * lengths come from the decoded tokens; if they ever disagree with the text (they should not),
 * the split pattern is run alongside instead.
 */
export function tokenizePieces(text: string, signal?: AbortSignal, useSplitter = false): PieceTable {
  const { core, encodeGenerator, splitPattern } = loadTokenizer();
  const fast = core && !useSplitter ? tokenizeWithCore(core, text, signal) : undefined;
  if (fast) return fast;
  const initial = Math.max(16, Math.ceil(text.length / 3));
  const table: Growable = {
    ends: new Int32Array(initial),
    cumulative: new Int32Array(initial + 1),
    count: 0,
  };
  const splitter = new RegExp(splitPattern.source, 'gu');
  let offset = 0;
  let total = 0;
  for (const tokens of encodeGenerator(text, PLAIN)) {
    if (useSplitter) {
      if (splitter.exec(text) === null)
        throw new Error('Tokenizer pieces out of step with the split pattern.');
      offset = splitter.lastIndex;
    } else offset += pieceLength(tokens);
    total += tokens.length;
    push(table, offset, total);
    if ((table.count & 0xffff) === 0 && signal) checkAborted(signal);
  }
  if (offset !== text.length) {
    if (useSplitter) throw new Error('Tokenizer pieces do not cover the text.');
    return tokenizePieces(text, signal, true);
  }
  return { text, count: table.count, ends: table.ends, cumulative: table.cumulative };
}

/** Start offset of piece `index`. */
export function pieceStart(table: PieceTable, index: number): number {
  return index === 0 ? 0 : (table.ends[index - 1] ?? 0);
}

/** Index of the piece containing `offset` (the last piece for offsets at or past the end). */
export function pieceAt(table: PieceTable, offset: number): number {
  let low = 0;
  let high = table.count - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((table.ends[mid] ?? 0) <= offset) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Exact tokens of `text.slice(start, end)`. Starting on a piece boundary, the full pieces are
 * counted from the table and only a partial last piece is re-encoded; otherwise the slice is encoded.
 * Chunk ends never fall on trailing whitespace, where the split pattern's look-ahead could differ.
 */
export function countRange(table: PieceTable, start: number, end: number): number {
  if (end <= start) return 0;
  const first = pieceAt(table, start);
  const firstStart = pieceStart(table, first);
  if (firstStart !== start) {
    // A chunk may start one space into a piece (" word" → "word"): only that piece is re-encoded.
    const firstEnd = table.ends[first] ?? end;
    const afterSpace = start === firstStart + 1 && table.text.charCodeAt(firstStart) === 32;
    if (!afterSpace || end <= firstEnd) return countTextTokens(table.text.slice(start, end));
    return countPartialPiece(table.text.slice(start, firstEnd)) + countRange(table, firstEnd, end);
  }
  const last = pieceAt(table, end - 1);
  const lastEnd = table.ends[last] ?? end;
  if (lastEnd === end) return (table.cumulative[last + 1] ?? 0) - (table.cumulative[first] ?? 0);
  const full = (table.cumulative[last] ?? 0) - (table.cumulative[first] ?? 0);
  return full + countPartialPiece(table.text.slice(pieceStart(table, last), end));
}

/** Tokens of the whole pieces touching `[start, end)`: an estimate within a few tokens of {@link countRange}. */
export function estimateRange(table: PieceTable, start: number, end: number): number {
  if (end <= start) return 0;
  return (
    (table.cumulative[pieceAt(table, end - 1) + 1] ?? 0) - (table.cumulative[pieceAt(table, start)] ?? 0)
  );
}
