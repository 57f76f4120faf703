import type { Nodes, Root, RootContent } from 'mdast';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { checkAborted } from '../internal/abort.js';
import { findMarkdownSegments } from './find-markdown-segments.js';
import { hasHtml } from './has-html.js';
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
 * reference definitions are appended to every segment so references still resolve. The event
 * loop runs between segments. Raw HTML in it is read as the markdown it stands for (see
 * `markdown-html.ts`).
 */
export async function parseMarkdown(content: string, ctx: TextSourceContext): Promise<ExtractedDocument> {
  const segments = findMarkdownSegments(content);
  const definitions = segments.length > 1 ? (content.match(DEFINITION_LINE) ?? []).join('\n') : '';
  const children: RootContent[] = [];
  for (const [index, [start, end]] of segments.entries()) {
    if (index > 0) {
      // Let the event loop run between segments: a long parse must not stall an API server.
      await new Promise((resolve) => setImmediate(resolve));
      ctx.progress?.((index / segments.length) * 100, `segment ${index + 1} of ${segments.length}`);
    }
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
  const root: Root = { type: 'root', children };
  if (children.some(hasHtml)) {
    // hast's parser (parse5) is loaded only for the markdown that holds HTML.
    const { readHtmlInMarkdown } = await import('./markdown-html.js');
    readHtmlInMarkdown(root);
  }
  return { root, metadata: {} };
}
