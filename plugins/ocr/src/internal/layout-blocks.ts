import { dominant } from './layout-rows.js';
import type { Box, Segment, TextBlock } from './layout-types.js';

/** Lines of one region of text (a column's paragraph run), with their bounding box. */
export interface LineGroup {
  box: Box;
  lines: Segment[];
}

/**
 * After an enumerator, a phone number's tail: "(405) 680-3701" starts with an area code, and read
 * as a marker it was dropped and the line renumbered "1.". Checked before the spaces are taken, so
 * that doubled spaces cannot give one back to the check.
 */
const PHONE_TAIL = String.raw`(?!\s+\d{3}[-.\s]\d{4}\b)`;
/** A list item's marker: a glyph or dash, or an enumerator that opens no phone number. */
const BULLET = new RegExp(
  String.raw`^(?:[•◦▪▫●○■□‣⁃∙·*–-]\s+|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlc]{1,5})[.)]${PHONE_TAIL}\s+)`,
);
/** A bullet glyph: unlike a number or a dash, it opens a list item wherever it stands. */
const GLYPH = /^[•◦▪▫●○■□‣⁃∙]\s+/;
/** The opening of a numbered section's title ("4 Type tests", "3.1.3 Special requirements"). */
const NUMBERED_TITLE = /^\d{1,2}(?:\.\d{1,2}){0,4}\.?\s+\p{Lu}/u;
/** A numbered item: markdown numbers it (a lettered item is written as a bullet, its letter dropped). */
const ORDERED = new RegExp(String.raw`^\(?\d{1,3}[.)]${PHONE_TAIL}\s+`);

/**
 * Groups line segments into regions: a segment continues the region whose last line sits just
 * above it (within 1.6 line heights), overlaps it horizontally and has a similar font size.
 */
export function toLineGroups(segments: Segment[]): LineGroup[] {
  const groups: LineGroup[] = [];
  // Groups whose last line is still near enough to be continued (keeps dense pages linear).
  let open: LineGroup[] = [];
  const sorted = [...segments].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  for (const segment of sorted) {
    let best: LineGroup | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    open = open.filter((group) => segment.y - (group.lines.at(-1)?.y ?? 0) <= 2 * Math.max(segment.size, 12));
    for (const group of open) {
      const last = group.lines.at(-1);
      if (last === undefined) continue;
      const distance = segment.y - last.y;
      const sizeRatio = Math.max(segment.size, last.size) / Math.max(1, Math.min(segment.size, last.size));
      const overlaps = segment.x0 < group.box.x1 && segment.x1 > group.box.x0;
      if (
        distance > 0.1 &&
        distance <= 1.6 * Math.max(segment.size, last.size) &&
        overlaps &&
        sizeRatio < 1.2
      ) {
        if (distance < bestDistance) {
          best = group;
          bestDistance = distance;
        }
      }
    }
    if (best === undefined) {
      const group = {
        box: { x0: segment.x0, x1: segment.x1, top: segment.y - segment.size, bottom: segment.y },
        lines: [segment],
      };
      groups.push(group);
      open.push(group);
    } else {
      best.lines.push(segment);
      best.box = {
        x0: Math.min(best.box.x0, segment.x0),
        x1: Math.max(best.box.x1, segment.x1),
        top: best.box.top,
        bottom: segment.y,
      };
    }
  }
  return groups;
}

/** Splits a region into paragraphs and list items: at bullets, indents, and short closing lines. */
export function toTextBlocks(group: LineGroup): TextBlock[] {
  const blocks: TextBlock[] = [];
  let lines: Segment[] = [];
  let listItem = false;
  const flush = (): void => {
    if (lines.length > 0) blocks.push(toBlock(lines, listItem));
    lines = [];
  };
  for (const line of group.lines) {
    const previous = lines.at(-1);
    const heading = isHeadingLine(lines, line, group.box);
    // A bullet glyph opens an item anywhere; a number or a dash only after a sentence or a heading.
    const bullet: boolean =
      BULLET.test(line.text) &&
      (GLYPH.test(line.text) || previous === undefined || listItem || heading || endsSentence(previous.text));
    // A first-line indent reaches the right margin; a centered short line does not. Under the
    // first line of a numbered title left open, it is the title's second line hanging under its text.
    const indented =
      previous !== undefined &&
      line.x0 > group.box.x0 + 0.9 * line.size &&
      previous.x0 <= group.box.x0 + 0.5 * line.size &&
      line.x1 >= group.box.x1 - 2 * line.size &&
      !(lines.length === 1 && NUMBERED_TITLE.test(previous.text) && !endsSentence(previous.text));
    const shortBefore =
      previous !== undefined && previous.x1 < group.box.x1 - 4 * line.size && endsSentence(previous.text);
    // A list item's lines hang under its text; a line back at its marker's edge ends the item.
    const [, hanging] = lines;
    const outdented = listItem && !bullet && hanging !== undefined && line.x0 < hanging.x0 - 0.5 * line.size;
    // A paragraph indented as a whole (under a list item), its lines flush on one edge, ends where
    // the text goes back to the margin (centered lines start each at its own x).
    const [start] = lines;
    const backOut =
      start !== undefined &&
      lines.length >= 2 &&
      start.x0 > line.x0 + 0.9 * line.size &&
      lines.every((one) => Math.abs(one.x0 - start.x0) <= 0.3 * line.size);
    if (bullet || outdented || backOut || (indented && !listItem) || shortBefore || heading) {
      flush();
      listItem = bullet;
    }
    lines.push(line);
  }
  flush();
  return blocks;
}

/** Words a line standing above its paragraph may have to be taken as that paragraph's heading. */
const MAX_HEADING_WORDS = 12;
/** Lines a heading may take (a long numbered title wraps under itself). */
const MAX_HEADING_LINES = 3;
/** A line this much larger than the line after it stands apart from it, whatever its font. */
const LARGER = 1.1;

/**
 * Whether the block so far is a heading above the line that follows: one short line, or up to
 * {@link MAX_HEADING_LINES} lines of one font and size, set in another font or larger than that
 * line ("3.1 Traces" in bold above its paragraph, "What’s New" above a run-in bold lead), kept
 * apart so it can be told as one.
 */
function isHeadingLine(lines: Segment[], line: Segment, box: Box): boolean {
  const [first] = lines;
  const last = lines.at(-1);
  if (first === undefined || last === undefined || lines.length > MAX_HEADING_LINES) return false;
  if (lines.some((one) => one.font !== first.font || Math.abs(one.size - first.size) > 0.1 * first.size))
    return false;
  if (first.font === line.font && first.size < LARGER * line.size) return false;
  const words = lines.reduce((sum, one) => sum + one.text.split(/\s+/).length, 0);
  const short = lines.length > 1 || first.x1 < box.x1 - 4 * line.size;
  return (
    words <= MAX_HEADING_WORDS * lines.length &&
    short &&
    /^[\p{Lu}\p{N}]/u.test(first.text) &&
    !/[,;]$/.test(last.text)
  );
}

function endsSentence(text: string): boolean {
  return /[.!?:;)"”]$/.test(text);
}

function toBlock(lines: Segment[], listItem: boolean): TextBlock {
  let text = '';
  const weights = new Map<string, number>();
  const sizes = new Map<string, number>();
  for (const line of lines) text = joinLine(text, line.text);
  for (const line of lines) {
    weights.set(line.font, (weights.get(line.font) ?? 0) + line.text.length);
    const key = line.size.toFixed(1);
    sizes.set(key, (sizes.get(key) ?? 0) + line.text.length);
  }
  const first = lines[0];
  const block: TextBlock = {
    kind: listItem ? 'list_item' : 'paragraph',
    text,
    size: Number(dominant(sizes) ?? first?.size ?? 10),
    font: dominant(weights) ?? first?.font ?? '',
    lineCount: lines.length,
  };
  if (first !== undefined) block.box = linesBox(lines);
  if (listItem) {
    block.ordered = ORDERED.test(text);
    block.marker = (BULLET.exec(text)?.[0] ?? '').trim();
    block.text = text.replace(BULLET, '');
  }
  return block;
}

/** The box around lines: from the first line's cap height to below the last line's descenders. */
function linesBox(lines: Segment[]): Box {
  return {
    x0: Math.min(...lines.map((line) => line.x0)),
    x1: Math.max(...lines.map((line) => line.x1)),
    top: Math.min(...lines.map((line) => line.y - line.size)),
    bottom: Math.max(...lines.map((line) => line.y + DESCENT_EM * line.size)),
  };
}

/** How far below the baseline descenders reach, in ems. */
const DESCENT_EM = 0.25;

/**
 * Appends a line to a paragraph, rejoining words hyphenated across the break: a soft hyphen and a
 * hyphen that breaks a plain word ("imple-" "mentation") go; a compound keeps its hyphen ("3d-"
 * "raytrace", "date-format-" "tofte", "JavaScript-" "Based").
 */
export function joinLine(text: string, line: string): string {
  if (text === '') return line;
  if (/\p{L}\u00AD$/u.test(text)) return text.slice(0, -1) + line;
  if (!/\p{L}-$/u.test(text) || /^\s/.test(line)) return `${text} ${line}`;
  const word = text.slice(text.lastIndexOf(' ') + 1, -1);
  if (/^\p{Ll}/u.test(line) && !/[\p{N}-]/u.test(word)) return text.slice(0, -1) + line;
  return /^[\p{L}\p{N}]/u.test(line) ? text + line : `${text} ${line}`;
}
