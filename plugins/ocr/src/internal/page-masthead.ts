import type { PageLayout, TextBlock } from './layout-types.js';
import { edgeSide } from './page-bands.js';

/**
 * The masthead over a document's title: the text blocks on the title's page that lie in the top
 * band of the page (where running heads sit), wholly above the title, and set smaller than it — a
 * journal's or series' name ("Working Papers on Information Systems"), a form's number ("Notice
 * 1036"), the issuer, a report's running head on a one-page extract ("ASSAM"). The title is the
 * document's first heading, so nothing above it is a heading; on a one-page file, where a running
 * head cannot be told by its repeating, this is what tells it. None when the page's frame or the
 * blocks' places are unknown (a page read by OCR without positions).
 */
export function findMasthead(pages: readonly PageLayout[], title: TextBlock): Set<TextBlock> {
  const masthead = new Set<TextBlock>();
  const page = pages.find((candidate) => candidate.blocks.includes(title));
  const frame = page?.frame;
  if (page === undefined || frame === undefined || title.box === undefined) return masthead;
  for (const block of page.blocks) {
    if (block.kind === 'table' || block === title || block.box === undefined) continue;
    const above = edgeSide(block, frame) === 'top' && block.box.bottom <= title.box.top;
    if (above && block.size < title.size) masthead.add(block);
  }
  return masthead;
}
