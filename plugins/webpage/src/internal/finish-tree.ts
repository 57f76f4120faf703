import type { Provenance } from '@transmute/plugin-sdk';
import type { Heading, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';

/** Options of {@link finishTree}. */
export interface FinishTreeOptions {
  /** The page's title (metadata). */
  title: string | undefined;
  /** The page's own heading of its content ({@link PageFacts.headline}), preferred as the title heading. */
  headline: string | undefined;
  fileId: string | undefined;
}

/**
 * Last touches on the converted tree: blocks without text or media are dropped; the page's title
 * becomes the document's first heading (CONTRACT §13), marked `data.title` so `blocks.jsonl` can
 * say so: a heading among the first blocks that repeats the headline or the title is that heading
 * (level 1), else the headline (or the title without its site name) is put first as a level-1
 * heading; and every block
 * gets its provenance (file id and character offsets into the blocks' text joined by blank lines).
 */
export function finishTree(root: Root, options: FinishTreeOptions): void {
  root.children = root.children.filter(hasContent);
  markTitleHeading(root, options.headline?.trim(), options.title?.trim());
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

/** How many blocks from the top a heading that repeats the title may stand (after a kicker, a date). */
const TITLE_HEADING_WITHIN = 3;

function markTitleHeading(root: Root, headline: string | undefined, title: string | undefined): void {
  const shown = headline || (title && withoutSiteName(title));
  if (!shown) return;
  const parts = (title?.split(TITLE_PARTS) ?? []).map(normalize).filter((part) => part.length >= 8);
  const names = new Set([normalize(headline ?? ''), normalize(title ?? ''), ...parts]);
  names.delete('');
  const index = root.children.slice(0, TITLE_HEADING_WITHIN).findIndex((node) => node.type === 'heading');
  const heading = root.children[index];
  // A heading may say more than a title cut at its colon, as Readability cuts one: "ECMAScript:
  // ES.next versus ES 6" for "ES.next versus ES 6".
  const said = heading?.type === 'heading' ? toString(heading) : '';
  const afterColon = said.slice(said.indexOf(':') + 1);
  if (heading?.type === 'heading' && (names.has(normalize(said)) || names.has(normalize(afterColon)))) {
    heading.depth = 1;
    heading.data = { ...heading.data, title: true };
    return;
  }
  const titleHeading: Heading = {
    type: 'heading',
    depth: 1,
    children: [{ type: 'text', value: shown }],
    data: { title: true },
  };
  root.children.unshift(titleHeading);
}

/** The story part of `Story | Site` (the longest part; the first of equally long ones). */
function withoutSiteName(title: string): string {
  const parts = title.split(TITLE_PARTS).filter((part) => part.trim() !== '');
  return parts.reduce((longest, part) => (part.length > longest.length ? part : longest), parts[0] ?? title);
}

function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
