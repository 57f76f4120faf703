import type { Html, List, PhrasingContent, RootContent, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { htmlTable, type HtmlCell } from '@transmute/plugin-sdk';

/** A word-processing table cell's blocks, in the forms a table can be written in. */
export interface CellContent {
  /** The GFM cell: the paragraphs' runs, one `<br>` between paragraphs. */
  content: PhrasingContent[];
  /** The HTML cell: one line a paragraph or list item, a nested table as its markup. */
  lines: HtmlCell['lines'];
  /** The cell as plain text (its lines joined with a space), for the typed table. */
  text: string;
  /** Whether a table is nested in the cell: then only an HTML table holds it. */
  nested: boolean;
}

const BREAK: Html = { type: 'html', value: '<br>' };

/** A table read inside a cell, as one line of HTML (a GFM table written as HTML). */
function nestedTableHtml(block: Table | Html): string {
  if (block.type === 'html') return block.value.replaceAll('\n', '');
  const rows = block.children.map((row) =>
    row.children.map((cell): HtmlCell => ({ lines: [toString(cell)], colSpan: 1, rowSpan: 1 })),
  );
  return htmlTable(rows).value.replaceAll('\n', '');
}

const plainOfHtml = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();

function listLines(list: List): string[] {
  return list.children.map((item, index) => {
    const marker = list.ordered === true ? `${String((list.start ?? 1) + index)}.` : '-';
    return `${marker} ${toString(item)}`;
  });
}

/**
 * A cell's blocks (as the body reader read them) for a table: each paragraph kept apart (`<br>` in
 * GFM, a line in HTML) rather than run together, lists one item a line, and a nested table kept as
 * a table (which makes the outer table HTML).
 */
export function toCellContent(blocks: readonly RootContent[]): CellContent {
  const content: PhrasingContent[] = [];
  const lines: HtmlCell['lines'] = [];
  const texts: string[] = [];
  let nested = false;
  const addLine = (phrasing: PhrasingContent[], line: string) => {
    if (content.length > 0) content.push(BREAK);
    content.push(...phrasing);
    lines.push(line);
    texts.push(line);
  };
  for (const block of blocks) {
    if (block.type === 'table' || (block.type === 'html' && block.value.startsWith('<table'))) {
      nested = true;
      const html = nestedTableHtml(block);
      lines.push({ html });
      texts.push(plainOfHtml(html));
    } else if (block.type === 'paragraph' || block.type === 'heading') {
      const line = toString(block);
      if (line.trim() !== '') addLine(block.children, line);
    } else if (block.type === 'list') {
      for (const line of listLines(block)) addLine([{ type: 'text', value: line }], line);
    } else if (block.type !== 'footnoteDefinition') {
      const line = toString(block);
      if (line.trim() !== '') addLine([{ type: 'text', value: line }], line);
    }
  }
  return { content, lines, text: texts.join(' '), nested };
}
