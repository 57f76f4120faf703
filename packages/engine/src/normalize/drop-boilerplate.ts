import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';

const MAX_LENGTH = 120;
const MIN_REPEATS = 3;

function toKey(text: string): string {
  return text.length <= 40 ? text.toLowerCase().replace(/\d+/g, '#') : text.toLowerCase();
}

interface Occurrences {
  count: number;
  pages: Set<number>;
}

/**
 * Drops boilerplate: short top-level paragraphs (with words, not bare numbers or labels like
 * "1)") repeated at least three times, e.g. page headers and footers and "Page 3 of 12" lines.
 * When blocks carry page numbers, a repeat must appear on at least three different pages.
 * Returns how many blocks were dropped.
 */
export function dropBoilerplate(root: Root): number {
  const seen = new Map<string, Occurrences>();
  const keys: (string | null)[] = root.children.map((node) => {
    if (node.type !== 'paragraph') return null;
    const text = toString(node).trim();
    if (text.length > MAX_LENGTH || (text.match(/\p{L}/gu)?.length ?? 0) < 3) return null;
    const key = toKey(text);
    const entry = seen.get(key) ?? { count: 0, pages: new Set<number>() };
    entry.count++;
    const page = node.data?.provenance?.page;
    if (page !== undefined) entry.pages.add(page);
    seen.set(key, entry);
    return key;
  });
  const isBoilerplate = (entry: Occurrences | undefined): boolean =>
    entry !== undefined &&
    entry.count >= MIN_REPEATS &&
    (entry.pages.size === 0 || entry.pages.size >= MIN_REPEATS);
  let dropped = 0;
  root.children = root.children.filter((_, index) => {
    const key = keys[index];
    const repeated = key !== null && key !== undefined && isBoilerplate(seen.get(key));
    if (repeated) dropped++;
    return !repeated;
  });
  return dropped;
}
