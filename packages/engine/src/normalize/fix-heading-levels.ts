import type { Root } from 'mdast';

/**
 * Makes top-level heading levels consistent: the shallowest becomes level 1 and no heading goes
 * more than one level deeper than the one before it.
 */
export function fixHeadingLevels(root: Root): void {
  let shallowest = 7;
  for (const node of root.children)
    if (node.type === 'heading') shallowest = Math.min(shallowest, node.depth);
  if (shallowest === 7) return;
  let previous = 0;
  for (const node of root.children) {
    if (node.type !== 'heading') continue;
    const shifted = node.depth - shallowest + 1;
    const depth = Math.min(shifted, previous + 1);
    node.depth = Math.max(1, Math.min(6, depth)) as 1 | 2 | 3 | 4 | 5 | 6;
    previous = node.depth;
  }
}
