import type { Box, PageBlock, TableBlock, TextBlock } from './layout-types.js';

/**
 * A caption's opening: "Figure 3:", "Fig. 2.", "Table 2-1.", "TABLE 6 :", "Table IV", "Table: 5". The mark after
 * the number tells a caption from a sentence that names a table ("Table 2-1 takes the analysis").
 */
const CAPTION =
  /^(?:fig(?:ure|\.)?|table|tab\.|exhibit|chart)\s*:?\s*(?:\d{1,3}(?:[.-]\d{1,3})?|[IVXLC]{1,6}|[A-Z])\s*(?:[.:–—|]|$)/i;
/** Farthest a caption stands from its table (in the caption's line heights). */
const CAPTION_GAP_LINES = 2.5;

/** Whether a block's text opens as a figure's or table's caption does. */
export function isCaption(block: PageBlock): block is TextBlock {
  return block.kind !== 'table' && CAPTION.test(block.text);
}

/** What a caption's opening word names: a table, or a figure (a chart, an exhibit). */
function captionKind(text: string): 'table' | 'figure' {
  return /^tab/i.test(text) ? 'table' : 'figure';
}

/**
 * Marks every caption block with what it captions and puts each table's caption right before the
 * table: a caption block just above or below a table and beside it (they overlap horizontally) is
 * read before that table, wherever reading order put it (one set below a table is read after it
 * otherwise, and one beside a column break may land among the body text of another column). A
 * figure's caption stays where the figure is, as a paragraph of its own.
 */
export function withCaptionsBeforeTables(blocks: PageBlock[]): PageBlock[] {
  const marked: PageBlock[] = blocks.map((block) =>
    isCaption(block) ? { ...block, caption: captionKind(block.text) } : block,
  );
  const tables = marked.filter((block): block is TableBlock => block.kind === 'table');
  if (tables.length === 0) return marked;
  // Each table takes its nearest caption, nearest pairs first.
  const pairs: { caption: TextBlock; table: TableBlock; gap: number }[] = [];
  for (const caption of marked.filter(isCaption)) {
    const box = caption.box;
    for (const table of tables) {
      const other = table.box;
      if (box === undefined || other === undefined) continue;
      const gap = Math.max(other.top - box.bottom, box.top - other.bottom, 0);
      if (gap <= CAPTION_GAP_LINES * caption.size && box.x0 < other.x1 && box.x1 > other.x0)
        pairs.push({ caption, table, gap });
    }
  }
  const captionOf = new Map<TableBlock, TextBlock>();
  const taken = new Set<TextBlock>();
  for (const { caption, table } of pairs.sort((a, b) => a.gap - b.gap)) {
    if (captionOf.has(table) || taken.has(caption)) continue;
    const rest = restOfLine(caption, table, marked).filter((block) => !taken.has(block));
    // Whatever its opening word, a caption set against a table is that table's.
    const line =
      caption.box === undefined || rest.length === 0 ? caption : joinLine(caption, caption.box, rest);
    captionOf.set(table, { ...line, caption: 'table' });
    for (const block of [caption, ...rest]) taken.add(block);
  }
  if (captionOf.size === 0) return marked;
  return marked.flatMap((block) => {
    if (taken.has(block as TextBlock)) return [];
    const caption = block.kind === 'table' ? captionOf.get(block) : undefined;
    return caption === undefined ? [block] : [caption, block];
  });
}

/**
 * The pieces of a caption's line set apart from it over its table ("Table: 5", then a centred
 * title, then "(Rs. in 000)" at the right): one-line blocks on the caption's baseline, right of it,
 * in its size, within the table's width, left to right. Read alone, the title would be a heading.
 */
function restOfLine(caption: TextBlock, table: TableBlock, blocks: PageBlock[]): TextBlock[] {
  const box = caption.box;
  const width = table.box;
  if (box === undefined || width === undefined || caption.lineCount !== 1) return [];
  return blocks
    .filter(
      (block): block is TextBlock =>
        block !== caption &&
        block.kind !== 'table' &&
        block.lineCount === 1 &&
        block.size === caption.size &&
        block.box !== undefined &&
        Math.abs(block.box.bottom - box.bottom) <= 0.2 * caption.size &&
        block.box.x0 >= box.x1 &&
        block.box.x0 >= width.x0 &&
        block.box.x1 <= width.x1 + caption.size,
    )
    .sort((a, b) => (a.box?.x0 ?? 0) - (b.box?.x0 ?? 0));
}

/** A caption with the rest of its line: their texts left to right, the box around them all. */
function joinLine(caption: TextBlock, box: Box, rest: TextBlock[]): TextBlock {
  const boxes = [box, ...rest.flatMap((block) => (block.box === undefined ? [] : [block.box]))];
  return {
    ...caption,
    text: [caption, ...rest].map((block) => block.text).join(' '),
    box: {
      x0: Math.min(...boxes.map((each) => each.x0)),
      x1: Math.max(...boxes.map((each) => each.x1)),
      top: Math.min(...boxes.map((each) => each.top)),
      bottom: Math.max(...boxes.map((each) => each.bottom)),
    },
  };
}

/** Most blocks a figure or table with its caption may take between two halves of a sentence. */
const MAX_FLOAT_BLOCKS = 8;

/**
 * Puts a figure or table with its caption after the paragraph it interrupts: when a paragraph ends
 * mid-sentence and, after a few blocks holding a caption or a table, a paragraph in the same font
 * goes on in lower case (the sentence carried on at the top of the next column, under a figure),
 * that paragraph is read first, so the float no longer cuts the sentence in two.
 */
export function withFloatsAfterSentences(blocks: PageBlock[]): PageBlock[] {
  const order = [...blocks];
  for (let index = 0; index < order.length; index += 1) {
    const cut = order[index];
    if (cut === undefined || cut.kind !== 'paragraph' || /[.!?:;]["”)]?$/.test(cut.text)) continue;
    const end = order.findIndex(
      (block, at) =>
        at > index + 1 &&
        block.kind === 'paragraph' &&
        block.font === cut.font &&
        block.size === cut.size &&
        /^\p{Ll}/u.test(block.text),
    );
    const floats = order.slice(index + 1, end);
    if (end < 0 || floats.length > MAX_FLOAT_BLOCKS) continue;
    if (!floats.some((block) => block.kind === 'table' || isCaption(block))) continue;
    const rest = order[end];
    if (rest === undefined) continue;
    order.splice(index + 1, floats.length + 1, rest, ...floats);
  }
  return order;
}
