import type { Root } from 'mdast';
import type { DocumentBlock } from '@transmute/plugin-sdk';
import { toBlockText, toInlineText } from './block-text.js';

/** The document's plain text and where each block sits in it. */
export interface DocumentText {
  text: string;
  blocks: DocumentBlock[];
}

/** Joins the text of the top-level blocks with blank lines, recording offsets and heading paths. */
export function buildDocumentText(root: Root): DocumentText {
  const parts: string[] = [];
  const blocks: DocumentBlock[] = [];
  const headings: string[] = [];
  let offset = 0;
  root.children.forEach((node, index) => {
    if (node.type === 'heading') {
      headings.length = Math.min(headings.length, node.depth - 1);
      while (headings.length < node.depth - 1) headings.push('');
      headings.push(toInlineText(node.children).trim());
    }
    const text = toBlockText(node);
    if (text === '') return;
    if (parts.length > 0) offset += 2;
    parts.push(text);
    blocks.push({
      index,
      type: node.type,
      startOffset: offset,
      endOffset: offset + text.length,
      headingPath: headings.filter((heading) => heading !== ''),
      provenance: { ...(node.data?.provenance ?? {}) },
    });
    offset += text.length;
  });
  return { text: parts.join('\n\n'), blocks };
}
