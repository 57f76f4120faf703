import type { Nodes, Root } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown as stringify, type Handle, type Options } from 'mdast-util-to-markdown';
import { compactTable } from './compact-table.js';
import { minimalEscapesText } from './minimal-escapes.js';
import type { MarkdownSpan } from './provenance-fields.js';

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

/** Block types the serializer writes as flow, one after another with separators between (no phrasing). */
const FLOW = new Set([
  'heading',
  'paragraph',
  'list',
  'table',
  'code',
  'blockquote',
  'html',
  'thematicBreak',
  'math',
]);

/**
 * CommonMark + GFM for a whole tree, and where each of the root's children was written in it
 * (trailing line endings left out), recorded as the serializer writes them: no block is written twice.
 * Undefined spans when the root holds other children (phrasing, a plugin's own types) or a block is
 * not found as written: the caller finds them otherwise.
 */
export function toMarkdownWithSpans(root: Root): { markdown: string; spans: MarkdownSpan[] | undefined } {
  if (!root.children.every((child) => FLOW.has(child.type)))
    return { markdown: toMarkdown(root), spans: undefined };
  const written: string[] = [];
  const recordingRoot: Handle = (node: Root, _parent, state, info) => {
    const handle = state.handle;
    const recording: Handle = (child, parent, ...rest) => {
      const value = handle.call(state, child, parent, ...rest);
      if (parent === node) written.push(value);
      return value;
    };
    // The serializer looks handlers up on `state.handle.handlers` (a zwitch) to write phrasing.
    state.handle = Object.assign(recording, { handlers: (handle as { handlers?: unknown }).handlers });
    try {
      return state.containerFlow(node, info);
    } finally {
      state.handle = handle;
    }
  };
  const markdown = stringify(root, { ...options, handlers: { ...handlers, root: recordingRoot } });
  // Each child's markdown stands in order, only separators between: found in turn from the last one's end.
  let cursor = 0;
  const spans: MarkdownSpan[] = [];
  for (const value of written) {
    const text = value.replace(/\n+$/, '');
    const start = markdown.indexOf(text, cursor);
    if (start < 0) return { markdown, spans: undefined };
    cursor = start + text.length;
    spans.push({ start, end: cursor });
  }
  return { markdown, spans: spans.length === root.children.length ? spans : undefined };
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
