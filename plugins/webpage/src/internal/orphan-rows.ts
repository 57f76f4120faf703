import type { Element, ElementContent } from 'hast';

/** Elements whose `<tr>` children are in their place. */
const ROW_PARENTS = new Set(['table', 'thead', 'tbody', 'tfoot']);

/**
 * The children of `parent` with each run of table rows that stands outside a table put back into
 * one. Readability turns a table it picks as the article's container into a `<div>` and keeps its
 * rows: rows in a `<div>` are no table to the converter, so a layout table's cells (a listing's
 * columns of links and entries) were neither unwrapped nor kept, and their lists were lost. White
 * space and comments between rows stay in the run; anything else ends it.
 */
export function withOrphanRowsInTables(parent: Element): ElementContent[] {
  const children = parent.children;
  if (ROW_PARENTS.has(parent.tagName) || !children.some(isRow)) return children;
  const regrouped: ElementContent[] = [];
  let table: Element | null = null;
  for (const child of children) {
    if (isRow(child)) {
      if (table === null) {
        table = { type: 'element', tagName: 'table', properties: {}, children: [] };
        regrouped.push(table);
      }
      table.children.push(child);
    } else if (table !== null && isBlank(child)) {
      table.children.push(child);
    } else {
      table = null;
      regrouped.push(child);
    }
  }
  return regrouped;
}

function isRow(node: ElementContent): node is Element {
  return node.type === 'element' && node.tagName === 'tr';
}

function isBlank(node: ElementContent): boolean {
  return node.type === 'comment' || (node.type === 'text' && node.value.trim() === '');
}
