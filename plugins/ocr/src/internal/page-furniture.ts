import type { PageBlock, TextBlock } from './layout-types.js';
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

/** A page number alone: "12", "- 12 -", "Page 3", "3 of 10", "iv" (a well-formed roman numeral). */
const PAGE_NUMBER =
  /^(?:page\s*)?[-–—(]?\s*(?:\d{1,4}|(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

/** The text of a line with its numbers masked, so "Page 3 of 9" and "Page 4 of 9" are one line. */
function toKey(block: TextBlock): string | undefined {
  if (block.lineCount > 2 || block.text.length > MAX_LINE_CHARACTERS) return undefined;
  const key = block.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return key === '' ? undefined : key;
}

function isTextBlock(block: PageBlock): block is TextBlock {
  return block.kind !== 'table';
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Drops page furniture: running headers and footers (a short line at the top or bottom of at least
 * 40 % of the pages, and of 3 or more, numbers masked so "Page 3 of 9" repeats) and page numbers
 * standing alone at a page's edge. They would otherwise interrupt the text between every two pages
 * and repeat in every chunk. A repeat set clearly larger than the running line (the title on page
 * 1 that later pages carry as their header) stays. Returns the pages and how many blocks went.
 */
export function withoutPageFurniture(pages: SourcePage[]): { pages: SourcePage[]; removed: number } {
  if (pages.length < 2) return { pages, removed: 0 };
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
  let removed = 0;
  const result = pages.map((page) => {
    const edges = new Set(edgeIndexes(page.blocks));
    const blocks = page.blocks.filter((block, index) => {
      if (!edges.has(index) || !isTextBlock(block)) return true;
      const key = toKey(block);
      const maximumSize = key === undefined ? undefined : running.get(key);
      const furniture =
        (maximumSize !== undefined && block.size <= maximumSize) ||
        (block.kind === 'paragraph' && PAGE_NUMBER.test(block.text.trim()));
      if (furniture) removed += 1;
      return !furniture;
    });
    return blocks.length === page.blocks.length ? page : { ...page, blocks };
  });
  return { pages: result, removed };
}
