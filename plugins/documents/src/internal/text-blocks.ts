import type { PhrasingContent, RootContent } from 'mdast';

/**
 * Plain text as paragraphs: a paragraph at each blank line, each line of it kept with a hard break
 * (signatures, addresses, quoted lines, an event's agenda).
 */
export function textBlocks(text: string): RootContent[] {
  const blocks: RootContent[] = [];
  for (const part of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const lines = part.split('\n').map((line) => line.trimEnd());
    while (lines.length > 0 && lines[0]?.trim() === '') lines.shift();
    while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
    if (lines.length === 0) continue;
    const children: PhrasingContent[] = [];
    for (const line of lines) {
      if (children.length > 0) children.push({ type: 'break' });
      children.push({ type: 'text', value: line });
    }
    blocks.push({ type: 'paragraph', children });
  }
  return blocks;
}
