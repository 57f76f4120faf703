import type { PageBlock, TextBlock } from './layout-types.js';

/** Largest share of the body size a footnote's font may have. */
const SMALL_SHARE = 0.9;
/** How far down the page's text a footnote starts, at least (share of the text's height). */
const LOWER_SHARE = 0.6;
/** A footnote's opening: a number, a symbol mark or a superscript digit, then words. */
const FOOTNOTE_MARK = /^(?:\d{1,2}|[*∗†‡§¶#]{1,3}|[\u00B9\u00B2\u00B3\u2070-\u2079]{1,2})\s*\p{L}/u;

/**
 * Puts a page's footnotes after the rest of its text: a block in a smaller font than the body that
 * opens with a footnote mark in the lower part of the page, with the small blocks read after it,
 * when no body-size block stands below it in its column. On a two-column page the notes at the
 * foot of the left column would otherwise cut the text that runs on into the right column.
 */
export function withFootnotesLast(blocks: PageBlock[]): PageBlock[] {
  const texts = blocks.filter((block): block is TextBlock => block.kind !== 'table');
  const weights = new Map<number, number>();
  for (const block of texts) weights.set(block.size, (weights.get(block.size) ?? 0) + block.text.length);
  const bodySize = [...weights].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [0, -1])[0];
  const boxes = blocks.flatMap((block) => (block.box === undefined ? [] : [block.box]));
  if (bodySize === 0 || boxes.length === 0) return blocks;
  const top = Math.min(...boxes.map((box) => box.top));
  const lower = top + LOWER_SHARE * (Math.max(...boxes.map((box) => box.bottom)) - top);
  const small = (block: PageBlock | undefined): block is TextBlock =>
    block !== undefined && block.kind !== 'table' && block.size <= SMALL_SHARE * bodySize;
  const notes = new Set<PageBlock>();
  blocks.forEach((block, index) => {
    const box = block.box;
    if (notes.has(block) || !small(block) || box === undefined || box.top < lower) return;
    if (!FOOTNOTE_MARK.test(block.text)) return;
    const run: TextBlock[] = [block];
    for (let next = blocks[index + 1]; small(next); next = blocks[index + run.length + 1]) run.push(next);
    const bodyBelow = blocks.some(
      (other) =>
        !small(other) &&
        other.box !== undefined &&
        other.box.top >= box.bottom &&
        other.box.x0 < box.x1 &&
        other.box.x1 > box.x0,
    );
    if (!bodyBelow) for (const note of run) notes.add(note);
  });
  if (notes.size === 0) return blocks;
  return [...blocks.filter((block) => !notes.has(block)), ...blocks.filter((block) => notes.has(block))];
}
