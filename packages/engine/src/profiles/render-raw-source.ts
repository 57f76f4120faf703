import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { joinBlocks, toMarkdown } from './internal/markdown.js';
import {
  pageOf,
  timeOf,
  toJsonLines,
  type ProfileContext,
  type ProfileParts,
} from './internal/profile-context.js';

/**
 * `raw_source`: the extracted content, faithful, as CommonMark + GFM tables; one JSONL record per
 * top-level block (`type`, `text`, `page`, `time`, `heading_path`); zip: content.md, blocks.jsonl.
 */
export function renderRawSource(ctx: ProfileContext): ProfileParts {
  const markdown = ctx.analysis.blocks.length === 0 ? '' : faithfulMarkdown(ctx);
  const records = ctx.analysis.blocks.map((block) => {
    const record: Record<string, unknown> = {
      index: block.index,
      type: block.node.type,
      text:
        block.span === undefined
          ? plainText(block.node)
          : ctx.document.text.slice(block.span.startOffset, block.span.endOffset),
      heading_path: block.headingPath,
      start_offset: block.span?.startOffset ?? null,
      end_offset: block.span?.endOffset ?? null,
      page: pageOf(block.provenance),
      time: timeOf(block.provenance),
    };
    if (block.node.type === 'heading') record.depth = block.node.depth;
    if (block.node.type === 'code') record.lang = block.node.lang ?? null;
    if (block.node.type === 'table' && block.node.data?.table !== undefined) {
      record.columns = block.node.data.table.columns;
      record.rows = block.node.data.table.rows;
    }
    return record;
  });
  return {
    markdown,
    records,
    files: [
      { name: 'content.md', mediaType: 'text/markdown', content: markdown },
      { name: 'blocks.jsonl', mediaType: 'application/x-ndjson', content: toJsonLines(records) },
    ],
  };
}

/** Plain text of a block: list items and table rows on their own lines, cells split by tabs. */
export function plainText(node: Nodes): string {
  if (node.type === 'list') return node.children.map((item) => plainText(item)).join('\n');
  if (node.type === 'listItem' || node.type === 'blockquote') {
    return node.children.map((child) => plainText(child)).join('\n');
  }
  if (node.type === 'table') {
    return node.children.map((row) => row.children.map((c) => toString(c)).join('\t')).join('\n');
  }
  if (node.type === 'code') return node.value;
  return toString(node);
}

/**
 * The whole tree as CommonMark + GFM. A node the serializer does not know (a plugin's custom
 * type) must not sink the output: then each block is serialized alone, unknown ones as plain text.
 */
function faithfulMarkdown(ctx: ProfileContext): string {
  try {
    return toMarkdown(ctx.document.root);
  } catch {
    ctx.warn(
      'markdown_fallback',
      'Some blocks could not be written as markdown and are shown as plain text.',
    );
    const parts = ctx.analysis.blocks.map((block) => {
      try {
        return toMarkdown(block.node);
      } catch {
        return plainText(block.node);
      }
    });
    return joinBlocks(parts);
  }
}
