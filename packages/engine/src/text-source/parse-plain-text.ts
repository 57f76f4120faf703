import type { List, RootContent } from 'mdast';
import type { ExtractedDocument } from '@transmute/plugin-sdk';

const UNDERLINE = /^(=+|-+)\s*$/;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

function isAllCapsHeading(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return (
    line.length <= 80 &&
    letters.length >= 3 &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase() &&
    !/[.!?,;:]$/.test(line)
  );
}

function toBlock(lines: string[]): RootContent {
  const first = lines[0] ?? '';
  const second = lines[1] ?? '';
  if (lines.length === 2 && UNDERLINE.test(second) && first.trim() !== '') {
    return {
      type: 'heading',
      depth: second.trim().startsWith('=') ? 1 : 2,
      children: [{ type: 'text', value: first.trim() }],
    };
  }
  if (lines.length === 1 && isAllCapsHeading(first.trim())) {
    return { type: 'heading', depth: 2, children: [{ type: 'text', value: first.trim() }] };
  }
  if (lines.length > 1 && lines.every((line) => BULLET.test(line))) {
    const ordered = /^\s*\d/.test(first);
    const list: List = { type: 'list', ordered, spread: false, children: [] };
    for (const line of lines) {
      list.children.push({
        type: 'listItem',
        spread: false,
        children: [{ type: 'paragraph', children: [{ type: 'text', value: line.replace(BULLET, '') }] }],
      });
    }
    return list;
  }
  return { type: 'paragraph', children: [{ type: 'text', value: lines.join('\n') }] };
}

/** One block of consecutive non-blank lines, with its source offsets. */
interface LineBlock {
  start: number;
  end: number;
  lines: string[];
}

/**
 * Groups lines into blocks separated by blank lines, scanning once with indexOf: a regex with
 * nested whitespace quantifiers (or `/\s+$/`) backtracks quadratically on long whitespace runs,
 * which a 2 MB input can be.
 */
function toLineBlocks(content: string): LineBlock[] {
  const blocks: LineBlock[] = [];
  let current: LineBlock | undefined;
  let lineStart = 0;
  while (lineStart <= content.length) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? content.length : newline;
    const line = content.slice(lineStart, lineEnd).trimEnd();
    if (line.trim() === '') {
      current = undefined;
    } else {
      if (current === undefined) {
        current = { start: lineStart, end: lineEnd, lines: [] };
        blocks.push(current);
      }
      current.lines.push(line);
      current.end = lineEnd;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return blocks;
}

/**
 * Reads plain text: blank lines separate paragraphs; underlined and short ALL-CAPS lines become
 * headings; runs of bullet lines become lists. Each block keeps its source offsets.
 */
export function parsePlainText(content: string): ExtractedDocument {
  const children: RootContent[] = toLineBlocks(content).map(({ start, end, lines }) => {
    const block = toBlock(lines);
    block.data = { ...block.data, provenance: { startOffset: start, endOffset: end } };
    return block;
  });
  return { root: { type: 'root', children }, metadata: {} };
}
