import type { Heading, Root } from 'mdast';

/**
 * Makes top-level heading levels consistent: the shallowest of the document's own headings becomes
 * level 1 and no heading goes more than one level deeper than the one before it. A heading marked
 * `addendum` (a comments section the reader adds) is not the document's own: it is left out of the
 * shallowest and never lifted to level 1, so it cannot become the document's title.
 */
export function fixHeadingLevels(root: Root): void {
  const headings = root.children.filter((node): node is Heading => node.type === 'heading');
  if (headings.length === 0) return;
  let shallowest = 7;
  for (const heading of headings)
    if (heading.data?.addendum !== true) shallowest = Math.min(shallowest, heading.depth);
  if (shallowest === 7) shallowest = 1;
  let previous = 0;
  for (const heading of headings) {
    const shifted = heading.depth - shallowest + 1;
    const depth = Math.min(shifted, previous + 1);
    const lowest = heading.data?.addendum === true ? 2 : 1;
    heading.depth = Math.max(lowest, Math.min(6, depth)) as Heading['depth'];
    previous = heading.depth;
  }
}
