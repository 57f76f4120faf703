import type { Provenance } from '@transmute/plugin-sdk';
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** Options of {@link finishTree}. */
export interface FinishTreeOptions {
  title: string | undefined;
  fileId: string | undefined;
}

/**
 * Last touches on the converted tree: the page title becomes the first heading when the content
 * does not already open with it, blocks without text or media are dropped, and every block gets
 * its provenance (file id and character offsets into the blocks' text joined by blank lines).
 */
export function finishTree(root: Root, options: FinishTreeOptions): void {
  root.children = root.children.filter(hasContent);
  const title = options.title?.trim();
  if (title && !opensWith(root, title)) {
    const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
    root.children.unshift(heading);
  }
  let offset = 0;
  for (const block of root.children) {
    const length = toString(block).length;
    const provenance: Provenance = { startOffset: offset, endOffset: offset + length };
    if (options.fileId !== undefined) provenance.fileId = options.fileId;
    block.data = { ...block.data, provenance };
    offset += length + 2;
  }
}

function hasContent(node: RootContent): boolean {
  if (node.type === 'thematicBreak' || node.type === 'image' || node.type === 'html') return true;
  if (toString(node).trim() !== '') return true;
  return (
    'children' in node &&
    (node.children as RootContent[]).some((child) => child.type === 'image' || hasContent(child))
  );
}

function opensWith(root: Root, title: string): boolean {
  const first = root.children.slice(0, 3).find((node) => node.type === 'heading');
  if (first === undefined) return false;
  const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const heading = normalize(toString(first));
  return heading !== '' && (normalize(title).includes(heading) || heading.includes(normalize(title)));
}
