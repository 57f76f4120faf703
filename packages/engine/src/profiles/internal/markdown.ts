import type { Nodes, Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown as stringify, type Options } from 'mdast-util-to-markdown';
import { compactTable } from './compact-table.js';
import { minimalEscapesText } from './minimal-escapes.js';

// mdast-util-to-markdown with the GFM extension is what remark-stringify with remark-gfm runs; called
// directly, a conversion does not load micromark's parser (remark-gfm's syntax half) just to write.
const extensions = [gfmToMarkdown()];
const handlers = { text: minimalEscapesText, table: compactTable };
const options: Options = { bullet: '-', fences: true, handlers, rule: '-', extensions };
// A list right after another list is written with the other bullet, or the two would read as one.
const otherBullets: Options = { ...options, bullet: '*', bulletOrdered: ')' };

/**
 * CommonMark + GFM for a tree or one node; `afterList` writes a list as it reads after a sibling
 * list in a whole tree (the other bullet).
 */
export function toMarkdown(node: Root | Nodes, afterList = false): string {
  const root: Root = node.type === 'root' ? node : { type: 'root', children: [node] };
  return stringify(root, afterList ? otherBullets : options);
}

/** Text on one line (for headings, list items and table cells). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text as a markdown table cell. */
export function cell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A fenced code block that no backtick run inside `text` can close early. */
export function fenced(text: string, info = ''): string {
  const longest = (text.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

/** Inline code that survives backticks in the value. */
export function code(text: string): string {
  const longest = (text.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
  const ticks = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${ticks}${padded}${ticks}`;
}

/** Joins markdown blocks with one blank line and ends with a single newline. */
export function joinBlocks(blocks: string[]): string {
  return `${blocks
    .map((block) => block.replace(/\n+$/, ''))
    .filter((block) => block !== '')
    .join('\n\n')}\n`;
}

/** A byte count for people: 1.2 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? 'GB'}`;
}

/** Seconds as h:mm:ss or m:ss. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
