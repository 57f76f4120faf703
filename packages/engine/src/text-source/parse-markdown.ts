import type { Nodes, RootContent } from 'mdast';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { checkAborted } from '../internal/abort.js';
import { findMarkdownSegments } from './find-markdown-segments.js';
import type { TextSourceContext } from './text-source-context.js';

const processor = unified().use(remarkParse).use(remarkGfm).freeze();
const DEFINITION_LINE = /^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm;

/** Removes `position` from every node (memory), returning the node for chaining. */
function stripPositions(node: Nodes): void {
  delete node.position;
  if ('children' in node) for (const child of node.children) stripPositions(child);
}

/**
 * Reads markdown (CommonMark + GFM) into mdast as is. Large documents are parsed in segments cut
 * before top-level headings (outside code fences), which keeps micromark's memory bounded; link
 * reference definitions are appended to every segment so references still resolve.
 */
export function parseMarkdown(content: string, ctx: TextSourceContext): ExtractedDocument {
  const segments = findMarkdownSegments(content);
  const definitions = segments.length > 1 ? (content.match(DEFINITION_LINE) ?? []).join('\n') : '';
  const children: RootContent[] = [];
  for (const [start, end] of segments) {
    checkAborted(ctx.signal);
    const segment = content.slice(start, end);
    const tree = processor.parse(definitions ? `${segment}\n\n${definitions}\n` : segment);
    for (const node of tree.children) {
      const from = node.position?.start.offset ?? 0;
      const to = node.position?.end.offset ?? from;
      if (from >= segment.length) continue; // an appended definition
      stripPositions(node);
      node.data = {
        ...node.data,
        provenance: { startOffset: start + from, endOffset: start + Math.min(to, segment.length) },
      };
      children.push(node);
    }
  }
  return { root: { type: 'root', children }, metadata: {} };
}
