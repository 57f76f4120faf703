import type { PageBlock, TextBlock } from './layout-types.js';
import { edgeSide, sameLine } from './page-bands.js';
import { PAGE_NUMBER } from './page-number.js';
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

/** A block at a page's edge, and the blocks lying between it and that edge (indexes into the page). */
interface EdgeBlock {
  index: number;
  outer: number[];
}

/**
 * The blocks at a page's edges, each with the blocks lying between it and its edge. Where places
 * are known these are the blocks wholly in the top or bottom band, whatever their place in reading
 * order (a page counter read before the table rows above it is still at the foot); else (OCR'd
 * pages) the outer {@link EDGE_BLOCKS} blocks of each end of the reading order.
 */
function edgeBlocks(page: SourcePage): EdgeBlock[] {
  const { blocks, frame } = page;
  if (frame !== undefined && blocks.some((block) => block.box !== undefined)) {
    const sides = blocks.map((block) => edgeSide(block, frame));
    const beyond = (index: number, other: number): boolean => {
      const a = blocks[index]?.box;
      const b = blocks[other]?.box;
      if (a === undefined || b === undefined || other === index || sides[other] !== sides[index])
        return false;
      return sides[index] === 'top' ? b.bottom <= a.top : b.top >= a.bottom;
    };
    return sides.flatMap((side, index) =>
      side === undefined
        ? []
        : [{ index, outer: blocks.flatMap((_, other) => (beyond(index, other) ? [other] : [])) }],
    );
  }
  // Peeled from each end inwards; a block seen from both ends keeps the nearer end's view.
  const edges = new Map<number, number[]>();
  for (let offset = 0; offset < Math.min(EDGE_BLOCKS, blocks.length); offset += 1) {
    const last = blocks.length - 1 - offset;
    if (!edges.has(offset)) edges.set(offset, offset === 0 ? [] : [offset - 1]);
    if (!edges.has(last)) edges.set(last, offset === 0 ? [] : [last + 1]);
  }
  return [...edges].map(([index, outer]) => ({ index, outer }));
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

/**
 * A running line: the largest size a repeat of it may have, the first page it is on, and whether it
 * is the same text word for word on every page (not only once its numbers are masked).
 */
interface RunningLine {
  maximumSize: number;
  firstPage: number;
  verbatim: boolean;
}

/** One sighting of a line at a page's edge: its page, size and where it stands. */
interface Sighting {
  page: number;
  text: string;
  size: number;
  place: string | undefined;
  top: number | undefined;
}

/**
 * The pages on which a line stands at the same place: the band it is seen in most, at the median
 * height of its sightings there, give or take its size (odd and even pages may put a head left or
 * right, never higher or lower). Sightings without a place (OCR'd pages) all count.
 */
function pagesAtOnePlace(sightings: Sighting[]): Set<number> {
  const placed = sightings.filter((sighting) => sighting.top !== undefined);
  const unplaced = sightings
    .filter((sighting) => sighting.top === undefined)
    .map((sighting) => sighting.page);
  const byPlace = new Map<string, Sighting[]>();
  for (const sighting of placed)
    byPlace.set(sighting.place ?? '', [...(byPlace.get(sighting.place ?? '') ?? []), sighting]);
  let best = new Set<number>();
  for (const group of byPlace.values()) {
    const middle = median(group.map((sighting) => sighting.top ?? 0));
    const pages = group
      .filter((sighting) => Math.abs((sighting.top ?? 0) - middle) <= Math.max(2, sighting.size))
      .map((sighting) => sighting.page);
    if (new Set(pages).size > best.size) best = new Set(pages);
  }
  return new Set([...best, ...unplaced]);
}

/** Running lines: keys at the same place at a page edge on enough pages. */
function findRunningLines(pages: SourcePage[], edges: EdgeBlock[][]): Map<string, RunningLine> {
  const seen = new Map<string, Sighting[]>();
  for (const [at, page] of pages.entries()) {
    for (const { index } of edges[at] ?? []) {
      const block = page.blocks[index];
      if (block === undefined || !isTextBlock(block)) continue;
      const key = toKey(block);
      if (key === undefined) continue;
      const place = edgeSide(block, page.frame);
      const top = place === undefined ? undefined : block.box?.top;
      const sighting = { page: page.page, text: block.text, size: block.size, place, top };
      const sightings = seen.get(key);
      if (sightings === undefined) seen.set(key, [sighting]);
      else sightings.push(sighting);
    }
  }
  const running = new Map<string, RunningLine>();
  for (const [key, sightings] of seen) {
    const pagesThere = pagesAtOnePlace(sightings);
    if (pagesThere.size >= Math.max(MIN_PAGES, MIN_PAGE_SHARE * pages.length))
      running.set(key, {
        maximumSize: median(sightings.map((sighting) => sighting.size)) * TITLE_SIZE_RATIO,
        firstPage: Math.min(...pagesThere),
        verbatim: new Set(sightings.map((sighting) => sighting.text)).size === 1,
      });
  }
  return running;
}

/**
 * Which blocks of a page are furniture. Only blocks at an edge are looked at, and a block is
 * furniture only when every block between it and its edge is. A block qualifies when it is a
 * running line or a page number standing alone and takes no more than
 * {@link MAX_PAGE_WORD_SHARE} of the page's words, so content that repeats (value lines, a closing
 * sentence on a short page) stays. A running line set larger than its page's body text is kept (a
 * numbered heading opening each page, "Test case 3") unless it is the same words on every page:
 * then only on the first page it runs on (a title that later pages repeat as their head).
 */
function furnitureIndexes(
  page: SourcePage,
  pageEdges: EdgeBlock[],
  running: Map<string, RunningLine>,
): Set<number> {
  const { blocks } = page;
  const pageWords = blocks.reduce((sum, block) => sum + blockWords(block), 0);
  const headingSize = bodySize(blocks) * HEADING_SIZE_RATIO;
  const isFurniture = (block: PageBlock | undefined): block is TextBlock => {
    if (block === undefined || !isTextBlock(block)) return false;
    if (blockWords(block) > MAX_PAGE_WORD_SHARE * pageWords) return false;
    if (block.kind === 'paragraph' && PAGE_NUMBER.test(block.text.trim())) return true;
    const key = toKey(block);
    const line = key === undefined ? undefined : running.get(key);
    if (line === undefined || block.size > line.maximumSize) return false;
    return block.size <= headingSize || (line.verbatim && page.page !== line.firstPage);
  };
  const edges = pageEdges.filter(({ index }) => isFurniture(blocks[index]));
  const candidates = new Set(edges.map(({ index }) => index));
  // A number sharing its line with content is a value in a row, not a page's number.
  const alone = (index: number): boolean =>
    blocks.every((other, at) => candidates.has(at) || !sameLine(blocks[index], other));
  return new Set(
    edges
      .filter(({ index, outer }) => outer.every((at) => candidates.has(at)) && alone(index))
      .map(({ index }) => index),
  );
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
  const edges = pages.map(edgeBlocks);
  const running = findRunningLines(pages, edges);
  let removed = 0;
  const lines = new Set<string>();
  const result = pages.map((page, at) => {
    const furniture = furnitureIndexes(page, edges[at] ?? [], running);
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
