import type { Provenance } from '@transmute/plugin-sdk';
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** Options of {@link finishTree}. */
export interface FinishTreeOptions {
  title: string | undefined;
  fileId: string | undefined;
}

/**
 * Last touches on the converted tree: blocks without text or media are dropped, a heading among the
 * first blocks that repeats the page title is dropped (the title is metadata, not body: the
 * `raw_source` markdown is the content as the page prints it, and profiles that show a title render
 * it from the metadata), and every block gets its provenance (file id and character offsets into
 * the blocks' text joined by blank lines).
 */
export function finishTree(root: Root, options: FinishTreeOptions): void {
  root.children = root.children.filter(hasContent);
  const title = options.title?.trim();
  if (title) dropTitleHeading(root, title);
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

/** Title separators before a site name (`Story | Site`, `Story - Site`, `Site :: Story`). */
const TITLE_PARTS = /\s+[|\-–—:·»]{1,2}\s+/;

function dropTitleHeading(root: Root, title: string): void {
  const index = root.children.slice(0, 3).findIndex((node) => node.type === 'heading');
  const heading = root.children[index];
  if (heading === undefined) return;
  const text = normalize(toString(heading));
  const names = [title, ...title.split(TITLE_PARTS)].map(normalize).filter((part) => part.length >= 8);
  if (text !== '' && names.includes(text)) root.children.splice(index, 1);
}

function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
