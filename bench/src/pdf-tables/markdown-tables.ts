import type { Html, Nodes, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Grid } from './cell-adjacency.js';

/**
 * The tables of a markdown text as grids: GFM pipe tables, and HTML `<table>`s with their
 * colspan and rowspan laid out (a spanned cell's text in its top-left slot).
 */
export function tablesOfMarkdown(markdown: string): Grid[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const grids: Grid[] = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'table') grids.push(gfmGrid(node));
    else if (node.type === 'html') grids.push(...htmlGrids(node));
    else if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return grids;
}

function gfmGrid(table: Table): Grid {
  return table.children.map((row) => row.children.map((cell) => toString(cell)));
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };

function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_, name: string) => entities[name] ?? '');
}

/** HTML tables of a block (also those of an HTML block holding several). */
export function htmlGrids(node: Html): Grid[] {
  const tables = node.value.match(/<table[\s\S]*?<\/table>/gi) ?? [];
  return tables.map((table) => {
    const grid: string[][] = [];
    const rows = table.match(/<tr[\s\S]*?<\/tr>/gi) ?? [];
    rows.forEach((row, rowIndex) => {
      grid[rowIndex] ??= [];
      let column = 0;
      for (const match of row.matchAll(/<t([hd])([^>]*)>([\s\S]*?)<\/t\1>/gi)) {
        const attributes = match[2] ?? '';
        const colSpan = Number(/colspan="?(\d+)/i.exec(attributes)?.[1] ?? 1);
        const rowSpan = Number(/rowspan="?(\d+)/i.exec(attributes)?.[1] ?? 1);
        const current = grid[rowIndex] ?? [];
        while (current[column] !== undefined) column += 1;
        for (let r = 0; r < rowSpan; r += 1) {
          const target = (grid[rowIndex + r] ??= []);
          for (let c = 0; c < colSpan; c += 1)
            target[column + c] = r === 0 && c === 0 ? htmlText(match[3] ?? '') : '';
        }
        column += colSpan;
      }
    });
    return grid.map((row) => Array.from(row, (cell) => cell ?? ''));
  });
}
