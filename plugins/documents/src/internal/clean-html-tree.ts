import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';

type Parent = HastRoot | Element;

function elementChildren(node: Parent): Element[] {
  const found: Element[] = [];
  for (const child of node.children) if (child.type === 'element') found.push(child);
  return found;
}

function descendantsOf(node: Parent, tagNames: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  for (const child of elementChildren(node)) {
    if (tagNames.has(child.tagName)) found.push(child);
    found.push(...descendantsOf(child, tagNames));
  }
  return found;
}

const CELL = new Set(['td', 'th']);
const TABLE = new Set(['table']);

/** Rows of this table, not of tables nested in its cells. */
function ownRows(table: Element): Element[] {
  const rows: Element[] = [];
  collectRows(table, rows);
  return rows;
}

function collectRows(node: Element, rows: Element[]): void {
  for (const child of elementChildren(node)) {
    if (child.tagName === 'tr') rows.push(child);
    else if (child.tagName !== 'table') collectRows(child, rows);
  }
}

/** The cells of a row (a nested table's cells are its own). */
const cellsOf = (row: Element): Element[] => elementChildren(row).filter((cell) => CELL.has(cell.tagName));

/**
 * A table used for layout, as HTML e-mail and older pages are built: `role="presentation"`, tables
 * nested in it (unless its first row is a header of `th` cells), or one cell per row. Its content is text to read, not data: as a table it would
 * become one markdown cell holding the whole message.
 */
function isLayoutTable(table: Element): boolean {
  const role = table.properties.role;
  if (role === 'presentation' || role === 'none') return true;
  const rows = ownRows(table);
  // A header row of `th` cells marks data, even with a table nested in a cell (kept as its lines).
  const headed = (rows[0] === undefined ? [] : cellsOf(rows[0])).some((cell) => cell.tagName === 'th');
  if (!headed && descendantsOf(table, TABLE).length > 0) return true;
  return rows.length > 0 && rows.every((row) => cellsOf(row).length <= 1);
}

/** Hidden content (e-mail preheaders, `hidden`, `display:none`) is never seen by a reader. */
function isHidden(element: Element): boolean {
  if (element.properties.hidden !== undefined && element.properties.hidden !== false) return true;
  const style = element.properties.style;
  return typeof style === 'string' && /display\s*:\s*none/i.test(style);
}

/** A layout table's cells, in reading order, each as a `div` (so their blocks stay blocks). */
function unwrapTable(table: Element): ElementContent[] {
  return ownRows(table).flatMap((row) =>
    cellsOf(row).map((cell): Element => ({
      type: 'element',
      tagName: 'div',
      properties: {},
      children: cell.children,
    })),
  );
}

/**
 * Prepares parsed HTML for conversion: comments dropped (parse5 also turns an XHTML file's XML
 * declaration into one; hast-util-to-mdast would keep them as raw HTML), hidden elements dropped and
 * layout tables unwrapped into their cells' content. Data tables are left as they are. Source
 * positions are dropped: nothing reads them, and hast-util-to-mdast clones the whole tree
 * (`structuredClone`) before converting it, where they were most of the objects it copied.
 */
export function cleanHtmlTree(node: Parent): void {
  delete node.position;
  const cleaned: (HastContent & ElementContent)[] = [];
  for (const child of node.children as (HastContent & ElementContent)[]) {
    if (child.type === 'comment') continue;
    delete child.position;
    if (child.type !== 'element') {
      cleaned.push(child);
      continue;
    }
    if (isHidden(child)) continue;
    if (child.tagName === 'table' && isLayoutTable(child)) {
      const wrapper: Element = {
        type: 'element',
        tagName: 'div',
        properties: {},
        children: unwrapTable(child),
      };
      cleanHtmlTree(wrapper);
      cleaned.push(wrapper);
      continue;
    }
    cleanHtmlTree(child);
    cleaned.push(child);
  }
  node.children = cleaned;
}
