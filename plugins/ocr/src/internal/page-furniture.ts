import type { PageBlock, PageFrame, TextBlock } from './layout-types.js';
import { EDGE_BAND } from './page-bands.js';
import type { SourcePage } from './to-document-tree.js';

/** Blocks at each end of a page (in reading order) that may be a running header or footer. */
const EDGE_BLOCKS = 2;
/** Longer text is content, not a running line. */
const MAX_LINE_CHARACTERS = 120;
/** A line counts as running when it is at an edge of at least this share of the pages… */
const MIN_PAGE_SHARE = 0.4;
/** …and of at least this many pages. */
const MIN_PAGES = 3;
/** A repeat set this much larger than the running line's usual size is kept (a title on page 1). */
const TITLE_SIZE_RATIO = 1.15;
/** A block holding more than this share of its page's words is content, however it repeats. */
const MAX_PAGE_WORD_SHARE = 0.1;
/** A line set this much larger than its page's body text is a heading, not a running line. */
const HEADING_SIZE_RATIO = 1.15;

/** A page number alone: "12", "- 12 -", "Page 3", "3 of 10", "iv" (a well-formed roman numeral). */
const PAGE_NUMBER =
  /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/** Page furniture taken out of a document: how many blocks, and the distinct lines (numbers masked). */
export interface RemovedFurniture {
  pages: SourcePage[];
  removed: number;
  lines: string[];
}

/** The text of a line with its numbers masked, so "Page 3 of 9" and "Page 4 of 9" are one line. */
function toKey(block: TextBlock): string | undefined {
  if (block.lineCount > 2 || block.text.length > MAX_LINE_CHARACTERS) return undefined;
  // A line of values ("A, B, C = 0.75, 0.00, 0.00") is data, however often its shape repeats.
  const letters = block.text.match(/\p{L}/gu)?.length ?? 0;
  const digits = block.text.match(/\p{N}/gu)?.length ?? 0;
  if (letters < 3 || digits > letters) return undefined;
  const key = block.text.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return key === '' ? undefined : key;
}

function isTextBlock(block: PageBlock): block is TextBlock {
  return block.kind !== 'table';
}

function wordCount(text: string): number {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '').length;
}

function blockWords(block: PageBlock): number {
  return isTextBlock(block)
    ? wordCount(block.text)
    : block.rows.flat().reduce((sum, cell) => sum + wordCount(cell), 0);
}

/** Indexes of the blocks at the top and bottom edges of a page. */
function edgeIndexes(blocks: PageBlock[]): number[] {
  const indexes = new Set<number>();
  for (let offset = 0; offset < Math.min(EDGE_BLOCKS, blocks.length); offset += 1) {
    indexes.add(offset);
    indexes.add(blocks.length - 1 - offset);
  }
  return [...indexes];
}

/**
 * Whether a block lies in the top or bottom band of its page. Blocks without a position (OCR'd
 * pages) are judged by their place in reading order alone.
 */
function inEdgeBand(block: TextBlock, frame: PageFrame | undefined): boolean {
  if (frame === undefined || block.box === undefined) return true;
  const band = EDGE_BAND * (frame.bottom - frame.top);
  return block.box.bottom <= frame.top + band || block.box.top >= frame.bottom - band;
}

/** The font size most of a page's text is set in. */
function bodySize(blocks: PageBlock[]): number {
  const weights = new Map<number, number>();
  for (const block of blocks)
    if (isTextBlock(block)) weights.set(block.size, (weights.get(block.size) ?? 0) + block.text.length);
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights)
    if (weight > bestWeight) {
      best = size;
      bestWeight = weight;
    }
  return best;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Running lines: keys at a page edge on enough pages, with the largest size a repeat may have. */
function findRunningLines(pages: SourcePage[]): Map<string, number> {
  const seen = new Map<string, { pages: Set<number>; sizes: number[] }>();
  for (const page of pages) {
    for (const index of edgeIndexes(page.blocks)) {
      const block = page.blocks[index];
      const key = block !== undefined && isTextBlock(block) ? toKey(block) : undefined;
      if (block === undefined || key === undefined || !isTextBlock(block)) continue;
      const entry = seen.get(key) ?? { pages: new Set<number>(), sizes: [] };
      entry.pages.add(page.page);
      entry.sizes.push(block.size);
      seen.set(key, entry);
    }
  }
  const running = new Map<string, number>();
  for (const [key, entry] of seen) {
    if (entry.pages.size >= Math.max(MIN_PAGES, MIN_PAGE_SHARE * pages.length))
      running.set(key, median(entry.sizes) * TITLE_SIZE_RATIO);
  }
  return running;
}

/**
 * Which blocks of a page are furniture. Only the outer blocks are looked at, peeled from each
 * edge inwards: the second block from an edge is furniture only when the first one is. A block
 * qualifies when it is a running line (or a page number standing alone), lies in the top or
 * bottom band of the page (where its position is known), is set no larger than the page's body
 * text (else it is a heading) and takes no more than {@link MAX_PAGE_WORD_SHARE} of the page's
 * words, so content that repeats (value lines, a closing sentence on a short page) stays.
 */
function furnitureIndexes(page: SourcePage, running: Map<string, number>): Set<number> {
  const { blocks, frame } = page;
  const pageWords = blocks.reduce((sum, block) => sum + blockWords(block), 0);
  const headingSize = bodySize(blocks) * HEADING_SIZE_RATIO;
  const isFurniture = (block: PageBlock | undefined): block is TextBlock => {
    if (block === undefined || !isTextBlock(block) || !inEdgeBand(block, frame)) return false;
    if (blockWords(block) > MAX_PAGE_WORD_SHARE * pageWords) return false;
    if (block.size > headingSize) return false;
    const key = toKey(block);
    const maximumSize = key === undefined ? undefined : running.get(key);
    return (
      (maximumSize !== undefined && block.size <= maximumSize) ||
      (block.kind === 'paragraph' && PAGE_NUMBER.test(block.text.trim()))
    );
  };
  const found = new Set<number>();
  for (
    let offset = 0;
    offset < Math.min(EDGE_BLOCKS, blocks.length) && isFurniture(blocks[offset]);
    offset += 1
  )
    found.add(offset);
  for (let offset = 0; offset < Math.min(EDGE_BLOCKS, blocks.length); offset += 1) {
    const index = blocks.length - 1 - offset;
    if (!isFurniture(blocks[index])) break;
    found.add(index);
  }
  return found;
}

/**
 * Drops page furniture: running headers and footers (a short line at the top or bottom of at least
 * 40 % of the pages, and of 3 or more, repeating word for word apart from its numbers, so "Page 3
 * of 9" repeats) and page numbers standing alone at a page's edge. They would otherwise interrupt
 * the text between every two pages and repeat in every chunk. A repeat set clearly larger than the
 * running line (the title on page 1 that later pages carry as their header) stays, and so does any
 * block that would take more than a tenth of its page's words. Returns the pages, how many blocks
 * went and the distinct lines that went (numbers shown as #), for the document's warning.
 */
export function withoutPageFurniture(pages: SourcePage[]): RemovedFurniture {
  if (pages.length < 2) return { pages, removed: 0, lines: [] };
  const running = findRunningLines(pages);
  let removed = 0;
  const lines = new Set<string>();
  const result = pages.map((page) => {
    const furniture = furnitureIndexes(page, running);
    if (furniture.size === 0) return page;
    for (const index of furniture) {
      const block = page.blocks[index];
      if (block !== undefined && isTextBlock(block)) lines.add(toKey(block) ?? block.text);
    }
    removed += furniture.size;
    return { ...page, blocks: page.blocks.filter((_, index) => !furniture.has(index)) };
  });
  return { pages: result, removed, lines: [...lines] };
}
