import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';

const MAX_LENGTH = 120;
const MIN_REPEATS = 3;

function toKey(text: string): string {
  return text.length <= 40 ? text.toLowerCase().replace(/\d+/g, '#') : text.toLowerCase();
}

/**
 * Drops boilerplate: short top-level paragraphs repeated at least three times (page headers and
 * footers, "Page 3 of 12" lines). Returns how many blocks were dropped.
 */
export function dropBoilerplate(root: Root): number {
  const counts = new Map<string, number>();
  const keys: (string | null)[] = root.children.map((node) => {
    if (node.type !== 'paragraph') return null;
    const text = toString(node).trim();
    if (text === '' || text.length > MAX_LENGTH) return null;
    const key = toKey(text);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return key;
  });
  let dropped = 0;
  root.children = root.children.filter((_, index) => {
    const key = keys[index];
    const repeated = key !== null && key !== undefined && (counts.get(key) ?? 0) >= MIN_REPEATS;
    if (repeated) dropped++;
    return !repeated;
  });
  return dropped;
}
