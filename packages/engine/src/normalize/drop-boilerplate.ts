import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';

const MAX_LENGTH = 120;
const MIN_REPEATS = 3;
/** A repeated line whose copies hold more than this share of the document's words is content. */
const MAX_WORD_SHARE = 0.1;

/** What {@link dropBoilerplate} took out: how many blocks, and the distinct lines (numbers as #). */
export interface DroppedBoilerplate {
  dropped: number;
  lines: string[];
}

function toKey(text: string): string {
  return text.length <= 40 ? text.replace(/\d+/g, '#') : text;
}

function wordCount(text: string): number {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '').length;
}

interface Occurrences {
  count: number;
  words: number;
}

/** The boilerplate key of a block, or null when it cannot be boilerplate. */
function candidateKey(node: RootContent): string | null {
  // A paged source (PDF, a Word file with page breaks) removes its own page furniture, where it
  // knows the edges of a page; repeats found here would be content (value lines, table labels).
  if (node.type !== 'paragraph' || node.data?.provenance?.page !== undefined) return null;
  const text = toString(node).trim();
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\p{N}/gu)?.length ?? 0;
  if (text.length > MAX_LENGTH || letters < 3 || digits > letters) return null;
  return toKey(text);
}

/**
 * Drops boilerplate from a document without pages: short top-level paragraphs (with words, more
 * letters than digits) repeated word for word apart from their numbers at least three times, e.g.
 * "Northwind - Internal - Page 3" lines of a plain-text report. A repeat whose copies together hold
 * more than a tenth of the document's words is kept (it is the content), and blocks that carry a
 * page are left to their source. Returns how many blocks went and which lines.
 */
export function dropBoilerplate(root: Root): DroppedBoilerplate {
  const seen = new Map<string, Occurrences>();
  let totalWords = 0;
  const keys: (string | null)[] = root.children.map((node) => {
    const words = wordCount(toString(node));
    totalWords += words;
    const key = candidateKey(node);
    if (key === null) return null;
    const entry = seen.get(key) ?? { count: 0, words: 0 };
    entry.count++;
    entry.words += words;
    seen.set(key, entry);
    return key;
  });
  const isBoilerplate = (entry: Occurrences | undefined): boolean =>
    entry !== undefined && entry.count >= MIN_REPEATS && entry.words <= MAX_WORD_SHARE * totalWords;
  let dropped = 0;
  const lines = new Set<string>();
  root.children = root.children.filter((_, index) => {
    const key = keys[index];
    const repeated = key !== null && key !== undefined && isBoilerplate(seen.get(key));
    if (repeated) {
      dropped++;
      lines.add(key);
    }
    return !repeated;
  });
  return { dropped, lines: [...lines] };
}
