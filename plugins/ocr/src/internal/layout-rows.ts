import type { Segment, TextRun } from './layout-types.js';

/** Gap (in ems) past which two runs on one baseline belong to different columns or cells. */
const COLUMN_GAP_EM = 1.2;
/** Gap (in ems) past which a space is inserted between two runs of one segment. */
const SPACE_GAP_EM = 0.15;

/** A row of segments sharing one baseline, left to right. */
export interface Row {
  y: number;
  segments: Segment[];
}

/**
 * Groups runs into rows (shared baselines) and splits each row into segments at wide gaps, so that
 * two columns or two table cells never merge into one line.
 */
export function toRows(runs: TextRun[]): Row[] {
  const sorted = withoutOverprint(runs.filter((run) => run.str.length > 0)).sort(
    (a, b) => a.y - b.y || a.x - b.x,
  );
  const rows: TextRun[][] = [];
  let current: TextRun[] = [];
  let baseline = Number.NaN;
  for (const run of sorted) {
    const tolerance = Math.max(1, run.size * 0.4);
    if (current.length > 0 && Math.abs(run.y - baseline) <= tolerance) {
      current.push(run);
      continue;
    }
    if (current.length > 0) rows.push(current);
    current = [run];
    baseline = run.y;
  }
  if (current.length > 0) rows.push(current);
  return withRaisedMarks(rows)
    .map(toRow)
    .filter((row) => row.segments.length > 0);
}

/** Size ratio under which a run is a raised mark (a footnote number) of a larger line. */
const RAISED_SIZE = 0.8;

/**
 * Puts rows of small raised marks (footnote numbers set as superscripts, "breastfed⁹") into the
 * line they are raised from: the row just below, within half its line height, in a larger size.
 * Left alone they would be rows of their own, cutting a table or a paragraph in two.
 */
function withRaisedMarks(rows: TextRun[][]): TextRun[][] {
  const kept: TextRun[][] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] ?? [];
    const next = rows[index + 1];
    const size = Math.max(...row.map((run) => run.size));
    const nextSize = next === undefined ? 0 : Math.min(...next.map((run) => run.size));
    const rise = next === undefined ? 0 : (next[0]?.y ?? 0) - (row[0]?.y ?? 0);
    const marks = row.every((run) => run.str.trim().length <= 3);
    if (next !== undefined && marks && size < RAISED_SIZE * nextSize && rise > 0 && rise <= 0.6 * nextSize) {
      next.push(...row);
      continue;
    }
    kept.push(row);
  }
  return kept;
}

/**
 * Drops runs that repeat the same text at almost the same place: "fake bold" draws a string two or
 * three times with a small offset, which would otherwise triple every word.
 */
function withoutOverprint(runs: TextRun[]): TextRun[] {
  const seen = new Map<string, TextRun[]>();
  return runs.filter((run) => {
    if (run.str.trim() === '') return true;
    const twins = seen.get(run.str) ?? [];
    const near = Math.max(1, run.size * 0.25);
    if (twins.some((twin) => Math.abs(twin.x - run.x) < near && Math.abs(twin.y - run.y) < near))
      return false;
    twins.push(run);
    seen.set(run.str, twins);
    return true;
  });
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u; // Korean separates words with spaces

/** Whether a space belongs between two runs (never between two CJK characters). */
function needsSpace(text: string, next: string): boolean {
  if (text === '' || /\s$/.test(text) || /^\s/.test(next)) return false;
  return !(CJK.test(text.slice(-1)) && CJK.test(next.charAt(0)));
}

function toRow(runs: TextRun[]): Row {
  const ordered = [...runs].sort((a, b) => a.x - b.x);
  const segments: Segment[] = [];
  let parts: TextRun[] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const run of ordered) {
    const size = Math.max(run.size, 1);
    if (parts.length > 0 && run.x - right > COLUMN_GAP_EM * size && run.str.trim() !== '') {
      pushSegment(segments, parts);
      parts = [];
    }
    parts.push(run);
    // A wide space run must not bridge a column gutter.
    if (run.str.trim() !== '') right = Math.max(right, run.x + run.width);
  }
  pushSegment(segments, parts);
  // Raised marks taken into the row do not move its baseline.
  const largest = Math.max(...runs.map((run) => run.size));
  const level = runs.filter((run) => run.size >= RAISED_SIZE * largest);
  const y = level.reduce((sum, run) => sum + run.y, 0) / Math.max(1, level.length);
  return { y, segments };
}

function pushSegment(segments: Segment[], parts: TextRun[]): void {
  let text = '';
  const pieces: string[] = [];
  let right = Number.NEGATIVE_INFINITY;
  const weights = new Map<string, number>();
  let sizeSum = 0;
  let count = 0;
  for (const run of parts) {
    const gap = run.x - right;
    if (gap > SPACE_GAP_EM * run.size && needsSpace(text, run.str)) {
      text += ' ';
      pieces.push(' ');
    }
    text += run.str;
    pieces.push(run.str);
    if (run.str.trim() !== '') right = Math.max(right, run.x + run.width);
    const chars = run.str.trim().length;
    if (chars > 0) {
      weights.set(run.font, (weights.get(run.font) ?? 0) + chars);
      sizeSum += run.size * chars;
      count += chars;
    }
  }
  const clean = (isRightToLeft(text) ? toLogicalOrder(pieces).join('') : text).replace(/\s+/g, ' ').trim();
  const first = parts[0];
  if (clean === '' || first === undefined) return;
  segments.push({
    text: clean,
    x0: Math.min(...parts.map((run) => run.x)),
    x1: right,
    y: first.y,
    size: count > 0 ? sizeSum / count : first.size,
    font: dominant(weights) ?? first.font,
    runs: parts,
  });
}

/** The key with the largest weight. */
export function dominant(weights: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (const [key, weight] of weights) {
    if (weight > bestWeight) {
      best = key;
      bestWeight = weight;
    }
  }
  return best;
}

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/gu;
const HAS_RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;
const LTR_STRONG = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;

/** Whether most of a line's letters are of a right-to-left script (Arabic, Hebrew…). */
function isRightToLeft(text: string): boolean {
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  if (rtl === 0) return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return rtl * 2 > letters;
}

/**
 * Puts the pieces of a right-to-left line, given left to right as they stand on the page, in
 * reading order. pdf.js hands each text item over in logical order already, but the items of a
 * line stand left to right: the line reads from its rightmost item, except that a stretch of
 * left-to-right items inside it (a Latin name, a number) keeps its own order.
 */
function toLogicalOrder(pieces: string[]): string[] {
  const reversed = [...pieces].reverse();
  const ordered: string[] = [];
  let stretch: string[] = [];
  let pending: string[] = [];
  const flush = (): void => {
    ordered.push(...stretch.reverse(), ...pending);
    stretch = [];
    pending = [];
  };
  for (const piece of reversed) {
    const strongLtr = LTR_STRONG.test(piece) && !isRightToLeft(piece);
    if (strongLtr) {
      // Neutral pieces between two left-to-right pieces belong to the left-to-right stretch.
      stretch.push(...pending, piece);
      pending = [];
    } else if (stretch.length > 0 && !HAS_RTL_LETTER.test(piece)) {
      pending.push(piece);
    } else {
      flush();
      ordered.push(piece);
    }
  }
  flush();
  return ordered;
}
