import type { PageBlock, PageFrame } from './layout-types.js';

/**
 * The share of a page's height, from its top or bottom edge, where running heads, mastheads and
 * page feet sit (page-furniture.ts, page-masthead.ts).
 */
export const EDGE_BAND = 0.12;

/** Which edge band of its page a block lies wholly in, when the page's frame and the block's box are known. */
export function edgeSide(block: PageBlock, frame: PageFrame | undefined): 'top' | 'bottom' | undefined {
  if (frame === undefined || block.box === undefined) return undefined;
  const band = EDGE_BAND * (frame.bottom - frame.top);
  if (block.box.bottom <= frame.top + band) return 'top';
  if (block.box.top >= frame.bottom - band) return 'bottom';
  return undefined;
}

/** Whether two placed blocks share a line (their vertical extents overlap by half the smaller one). */
export function sameLine(a: PageBlock | undefined, b: PageBlock): boolean {
  if (a?.box === undefined || b.box === undefined || a === b) return false;
  const overlap = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
  return overlap > 0.5 * Math.min(a.box.bottom - a.box.top, b.box.bottom - b.box.top);
}
