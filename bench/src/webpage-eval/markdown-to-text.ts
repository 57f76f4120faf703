import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm);

/** Nodes whose children are blocks: each child starts on a line of its own (a table row's cells share one). */
const BLOCK_CONTAINERS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'footnoteDefinition']);

/**
 * Markdown as the plain text a reader sees: markdown syntax removed (markers, link targets, emphasis,
 * table pipes, code fences), every block on a line of its own, image alt text kept (it is part of
 * what a markdown output carries), raw HTML tags dropped and their text kept. Used for our output so
 * it is scored as text, the same way as the labels and Readability's `textContent`.
 */
export function markdownToPlainText(markdown: string): string {
  const root = parser.parse(markdown);
  return textOf(root)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function textOf(node: Nodes | Root): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'code') return `${node.value}\n`;
  if (node.type === 'html') return node.value.replace(/<[^>]*>/g, ' ');
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (node.type === 'break') return '\n';
  if (node.type === 'tableCell') return `${node.children.map(textOf).join('')} `;
  if (!('children' in node)) return '';
  if (BLOCK_CONTAINERS.has(node.type)) return node.children.map(textOf).join('\n');
  return node.children.map(textOf).join('') + (isBlock(node) ? '\n' : '');
}

function isBlock(node: Nodes): boolean {
  return node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableRow';
}
