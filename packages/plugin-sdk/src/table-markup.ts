import type { Html, PhrasingContent, Table, TableCell, TableRow } from 'mdast';

/**
 * One cell of an HTML table: its text line by line and how far it spans. A row holds only the
 * cells that start in it (cells covered by a merge are left out, as in HTML).
 */
export interface HtmlCell {
  /**
   * The cell's text, line by line: each escaped, joined with `<br>`; a line given as `{ html }`
   * (a table nested in the cell) is markup written as it is.
   */
  lines: (string | { html: string })[];
  colSpan: number;
  rowSpan: number;
}

/** One cell of a table as its reader laid it out (word-processing, slide or PDF table): what a GFM cell holds, and its HTML form. */
export interface LaidOutCell extends HtmlCell {
  /** The GFM cell's content. */
  content: PhrasingContent[];
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** GFM holds a table whose every row has `width` cells and no cell spans. */
function fitsGfm(rows: readonly LaidOutCell[][], width: number): boolean {
  return rows.every(
    (row) => row.length === width && row.every((cell) => cell.colSpan === 1 && cell.rowSpan === 1),
  );
}

/** A GFM table of these cells' contents, the first row its header. */
export function gfmTable(rows: readonly PhrasingContent[][][]): Table {
  const children: TableRow[] = rows.map((row) => ({
    type: 'tableRow',
    children: row.map((content): TableCell => ({ type: 'tableCell', children: content })),
  }));
  return { type: 'table', children };
}

/** An HTML `<table>` (the first row `th`) keeping colspan and rowspan. */
export function htmlTable(rows: readonly HtmlCell[][]): Html {
  const lines = ['<table>'];
  rows.forEach((row, index) => {
    const tag = index === 0 ? 'th' : 'td';
    const cells = row.map((cell) => {
      const spans =
        (cell.colSpan > 1 ? ` colspan="${String(cell.colSpan)}"` : '') +
        (cell.rowSpan > 1 ? ` rowspan="${String(cell.rowSpan)}"` : '');
      const content = cell.lines.map((line) => (typeof line === 'string' ? escapeHtml(line) : line.html));
      return `<${tag}${spans}>${content.join('<br>')}</${tag}>`;
    });
    lines.push(`<tr>${cells.join('')}</tr>`);
  });
  lines.push('</table>');
  return { type: 'html', value: lines.join('\n') };
}

/**
 * A table in markdown: a GFM table (the first row its header) when every row has `width` cells and
 * none is merged, else an HTML `<table>` keeping colspan and rowspan. The node carries no `data`:
 * each reader adds its provenance and typed `data.table`. (A sheet, which knows from its merges
 * which it needs, calls {@link gfmTable} or {@link htmlTable} itself.)
 */
export function tableMarkup(rows: readonly LaidOutCell[][], width: number): Table | Html {
  return fitsGfm(rows, width)
    ? gfmTable(rows.map((row) => row.map((cell) => cell.content)))
    : htmlTable(rows);
}
