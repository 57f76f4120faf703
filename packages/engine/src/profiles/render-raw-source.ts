import type { Nodes } from 'mdast';
import type { TableCellData, TableData } from '@transmute/plugin-sdk';
import { toString } from 'mdast-util-to-string';
import { joinBlocks, toMarkdown, toMarkdownWithSpans } from './internal/markdown.js';
import { toJsonLines, type ProfileContext, type ProfileParts } from './internal/profile-context.js';
import { locate, toProvenanceFields, type MarkdownSpan } from './internal/provenance-fields.js';

/**
 * `raw_source`: the extracted content, faithful, as CommonMark + GFM tables; one JSONL record per
 * top-level block (`type`, plain `text`, `heading_path`, `title: true` on the heading that is the
 * document's own title, `caption` (`table` or `figure`) and `caption_of` (the captioned table's
 * block index, null for a figure) on a caption, and the provenance fields, whose offsets
 * span the block's markdown in content.md; a table's `columns`, `rows` and, when its source lays it
 * out, `cells` with spans and boxes); zip: content.md, blocks.jsonl.
 */
export function renderRawSource(ctx: ProfileContext): ProfileParts {
  const { markdown, spans } =
    ctx.analysis.blocks.length === 0 ? { markdown: '', spans: [] } : faithfulMarkdown(ctx);
  const records = ctx.analysis.blocks.map((block, position) => {
    const table = tableOf(block.node);
    const record: Record<string, unknown> = {
      index: block.index,
      type: table === undefined ? block.node.type : 'table',
      text:
        block.span === undefined
          ? plainText(block.node)
          : ctx.document.text.slice(block.span.startOffset, block.span.endOffset),
      heading_path: block.headingPath,
      ...toProvenanceFields(ctx.document, [block.provenance], spans[position] ?? null),
    };
    if (block.node.type === 'heading') record.depth = block.node.depth;
    if (block.node.type === 'heading' && block.node.data?.title === true) record.title = true;
    if (block.node.type === 'code') record.lang = block.node.lang ?? null;
    const caption = block.node.type === 'paragraph' ? block.node.data?.caption : undefined;
    if (caption !== undefined) {
      // A table's caption stands right before its table; a figure is no block of its own.
      const next = ctx.analysis.blocks[position + 1];
      record.caption = caption;
      record.caption_of =
        caption === 'table' && next !== undefined && tableOf(next.node) !== undefined ? next.index : null;
    }
    if (table !== undefined) {
      record.columns = table.columns;
      record.rows = table.rows;
      if (table.cells !== undefined) record.cells = table.cells.map(toCellRecord);
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

/** The table data of a block that is a table: a GFM table, or a laid-out table written as HTML. */
function tableOf(node: Nodes): TableData | undefined {
  const data = node.type === 'table' || node.type === 'html' ? node.data?.table : undefined;
  // A laid-out table (with its cells) whose spans are written as HTML is still a table.
  return node.type === 'html' && data?.cells === undefined ? undefined : data;
}

/** A table cell as blocks.jsonl writes it (CONTRACT §13: snake_case, bbox as `{page, box}`). */
function toCellRecord(cell: TableCellData): Record<string, unknown> {
  return {
    row: cell.row,
    col: cell.col,
    row_span: cell.rowSpan,
    col_span: cell.colSpan,
    text: cell.text,
    bbox: cell.bbox ?? null,
  };
}

/**
 * Where each block's markdown sits in content.md when the serializer could not say: blocks are
 * written in order, each as it is serialized alone (a list after a list with the other bullet), so
 * they are found in turn.
 */
function blockSpans(ctx: ProfileContext, markdown: string): (MarkdownSpan | null)[] {
  let cursor = 0;
  return ctx.analysis.blocks.map((block, position) => {
    const previous = ctx.analysis.blocks[position - 1]?.node;
    const afterList =
      block.node.type === 'list' && previous?.type === 'list' && previous.ordered === block.node.ordered;
    const span =
      locate(markdown, written(block.node, afterList), cursor) ??
      (block.node.type === 'list' ? locate(markdown, written(block.node, !afterList), cursor) : null);
    cursor = span?.end ?? cursor;
    return span;
  });
}

/** A block's markdown as the whole tree writes it, or its plain text when it cannot be written. */
function written(node: Nodes, afterList: boolean): string {
  try {
    return toMarkdown(node, afterList).replace(/\n+$/, '');
  } catch {
    return plainText(node);
  }
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
 * The whole tree as CommonMark + GFM, and where each block's markdown sits in it. A node the
 * serializer does not know (a plugin's custom type) must not sink the output: then each block is
 * serialized alone, unknown ones as plain text.
 */
function faithfulMarkdown(ctx: ProfileContext): { markdown: string; spans: (MarkdownSpan | null)[] } {
  let markdown: string;
  try {
    const whole = toMarkdownWithSpans(ctx.document.root);
    if (whole.spans !== undefined) return { markdown: whole.markdown, spans: whole.spans };
    markdown = whole.markdown;
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
    markdown = joinBlocks(parts);
  }
  return { markdown, spans: blockSpans(ctx, markdown) };
}
