import { countTokens } from 'gpt-tokenizer';
import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Chunk, DocumentMetadata, NormalizedDocument, Root } from '@transmute/plugin-sdk';

/** Plain text of a block, as a normalizer would write it. */
function blockText(node: Nodes): string {
  if (node.type === 'list') return node.children.map((item) => blockText(item)).join('\n');
  if (node.type === 'listItem' || node.type === 'blockquote')
    return node.children.map((child) => blockText(child)).join('\n');
  if (node.type === 'table')
    return node.children.map((row) => row.children.map((c) => toString(c)).join('\t')).join('\n');
  if (node.type === 'code') return node.value;
  return toString(node);
}

/**
 * A hand-made NormalizedDocument from markdown (a stand-in for the engine's normalizer in unit
 * tests): text = blocks joined by blank lines, one chunk per `blocksPerChunk` blocks.
 */
export function makeDocument(
  markdown: string,
  metadata: DocumentMetadata = {},
  blocksPerChunk = 3,
): NormalizedDocument {
  const root = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  return fromRoot(root, metadata, blocksPerChunk);
}

/** The same from an mdast root (to attach data.table and provenance by hand). */
export function fromRoot(
  root: Root,
  metadata: DocumentMetadata = {},
  blocksPerChunk = 3,
): NormalizedDocument {
  const parts: string[] = [];
  const spans: { start: number; end: number; path: string[] }[] = [];
  const path: { depth: number; text: string }[] = [];
  let offset = 0;
  for (const node of root.children) {
    if (node.type === 'heading') {
      const text = toString(node);
      while (path.length > 0 && (path.at(-1)?.depth ?? 0) >= node.depth) path.pop();
      path.push({ depth: node.depth, text });
    }
    const text = blockText(node);
    node.data = {
      ...node.data,
      provenance: { ...node.data?.provenance, startOffset: offset, endOffset: offset + text.length },
    };
    parts.push(text);
    spans.push({ start: offset, end: offset + text.length, path: path.map((entry) => entry.text) });
    offset += text.length + 2;
  }
  const text = parts.join('\n\n');
  const chunks: Chunk[] = [];
  for (let index = 0; index < spans.length; index += blocksPerChunk) {
    const group = spans.slice(index, index + blocksPerChunk);
    const first = group[0];
    const last = group.at(-1);
    if (first === undefined || last === undefined) continue;
    const chunkText = text.slice(first.start, last.end);
    chunks.push({
      id: `chunk_${chunks.length}`,
      index: chunks.length,
      text: chunkText,
      tokens: countTokens(chunkText),
      headingPath: first.path,
      startOffset: first.start,
      endOffset: last.end,
      provenance: { startOffset: first.start, endOffset: last.end },
    });
  }
  return { root, metadata, text, chunks, warnings: [] };
}
