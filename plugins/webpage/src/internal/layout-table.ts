import type { Element, ElementContent } from 'hast';
import { wordsIn } from './word-characters.js';

/** Blocks a data table's cell does not hold: a cell holding one lays the page out. */
const LAYOUT_BLOCKS = new Set([
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'article',
  'section',
]);
/** Paragraph-like blocks: a cell holding several of them (or this many words) is a column of the page. */
const PARAGRAPH_BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'figure']);
const LAYOUT_PARAGRAPHS = 2;
const LAYOUT_CELL_WORDS = 80;

/** Blocks that make even a table with a header row a layout: a cell holding one is a page's column. */
const SECTION_BLOCKS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'article', 'section']);

/**
 * True when a table lays out the page rather than holding data (an old template that puts the
 * whole article in one cell, next to a column of links): one of its cells holds a heading, a
 * table, a quote or code, several paragraphs, or more text than a data cell. A table with a
 * header row (`<thead>`, or `<th>` cells in its first row) says it holds data: only a heading or
 * section in a cell, or more text than a data cell, makes it a layout; its cells' paragraphs,
 * lists and nested tables are the data's (written as lines of the cell). GFM has no layout
 * table: converted as one, the article would become a single row of run-on text.
 */
export function isLayoutTable(table: Element): boolean {
  const headed = hasHeaderRow(table);
  return cellsOf(table).some((cell) => {
    let paragraphs = 0;
    for (const child of cell.children) {
      if (child.type !== 'element') continue;
      if ((headed ? SECTION_BLOCKS : LAYOUT_BLOCKS).has(child.tagName)) return true;
      if (PARAGRAPH_BLOCKS.has(child.tagName)) paragraphs += 1;
    }
    return (!headed && paragraphs >= LAYOUT_PARAGRAPHS) || wordsIn([cell]) > LAYOUT_CELL_WORDS;
  });
}

/** True when the table has a `<thead>` or its first row is made of `<th>` cells. */
function hasHeaderRow(table: Element): boolean {
  const rows: Element[] = [];
  const collect = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element' || node.tagName === 'table') continue;
      if (node.tagName === 'thead') return true;
      if (node.tagName === 'tr') rows.push(node);
      else if (collect(node.children)) return true;
      if (rows.length > 0) return false;
    }
    return false;
  };
  if (collect(table.children)) return true;
  const cells = rows[0]?.children.filter(
    (cell): cell is Element => cell.type === 'element' && (cell.tagName === 'td' || cell.tagName === 'th'),
  );
  return cells !== undefined && cells.length > 0 && cells.every((cell) => cell.tagName === 'th');
}

/** The cells of a layout table as blocks in reading order (row by row), each cell a `<div>`. */
export function unwrapLayoutTable(table: Element): Element {
  const cells = cellsOf(table).map((cell): Element => ({
    type: 'element',
    tagName: 'div',
    properties: {},
    children: cell.children,
  }));
  return { type: 'element', tagName: 'div', properties: {}, children: cells };
}

/** The table's own cells (not those of a table nested in one), in document order. */
function cellsOf(table: Element): Element[] {
  const cells: Element[] = [];
  const visit = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'td' || node.tagName === 'th') cells.push(node);
      else if (node.tagName !== 'table') visit(node.children);
    }
  };
  visit(table.children);
  return cells;
}
