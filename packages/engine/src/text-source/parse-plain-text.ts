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

/**
 * Reads plain text: blank lines separate paragraphs; underlined and short ALL-CAPS lines become
 * headings; runs of bullet lines become lists. Each block keeps its source offsets.
 */
export function parsePlainText(content: string): ExtractedDocument {
  const children: RootContent[] = [];
  const pattern = /[^\S\n]*\n(?:[^\S\n]*\n)+|$/g;
  let start = 0;
  while (start < content.length) {
    pattern.lastIndex = start;
    const match = pattern.exec(content);
    const end = match ? match.index : content.length;
    const raw = content.slice(start, end);
    const lines = raw.split('\n').map((line) => line.replace(/\s+$/, ''));
    if (lines.some((line) => line.trim() !== '')) {
      const block = toBlock(lines.filter((line) => line.trim() !== ''));
      block.data = { ...block.data, provenance: { startOffset: start, endOffset: end } };
      children.push(block);
    }
    const next = match ? match.index + match[0].length : content.length;
    start = next > start ? next : content.length;
  }
  return { root: { type: 'root', children }, metadata: {} };
}
