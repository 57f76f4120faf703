import type { Element, ElementContent, Parent } from 'hast';
import type { Break, Html } from 'mdast';

/** Elements that open a line of their own inside a table cell. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'address',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dl',
  'dt',
  'dd',
  'hr',
]);
const LISTS = new Set(['ul', 'ol']);

/** A line break inside a cell, marked so that `cellBreakHandler` writes it as `<br>`. */
const BREAK: Element = { type: 'element', tagName: 'br', properties: { dataCellBreak: true }, children: [] };
const text = (value: string): ElementContent => ({ type: 'text', value });

function plainText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(plainText).join(node.tagName === 'br' ? ' ' : '');
}

const elementsNamed = (parent: Element, names: ReadonlySet<string>): Element[] =>
  parent.children.flatMap((child) => {
    if (child.type !== 'element') return [];
    if (names.has(child.tagName)) return [child];
    // tbody, thead, tfoot hold the rows.
    return child.tagName === 'tbody' || child.tagName === 'thead' || child.tagName === 'tfoot'
      ? elementsNamed(child, names)
      : [];
  });

/** A cell's content as lines of inline content: each block, list item and nested table row its own. */
function linesOf(container: Element): ElementContent[][] {
  const lines: ElementContent[][] = [];
  let line: ElementContent[] = [];
  const flush = () => {
    if (
      line.some(
        (node) => plainText(node).trim() !== '' || (node.type === 'element' && node.tagName === 'img'),
      )
    )
      lines.push(line);
    line = [];
  };
  for (const child of container.children) {
    if (child.type !== 'element') {
      if (child.type === 'text') line.push(child);
      continue;
    }
    if (child.tagName === 'br') flush();
    else if (BLOCKS.has(child.tagName)) {
      flush();
      lines.push(...linesOf(child));
    } else if (LISTS.has(child.tagName)) {
      flush();
      elementsNamed(child, new Set(['li'])).forEach((item, index) => {
        const marker = child.tagName === 'ol' ? `${String(index + 1)}. ` : '- ';
        const inner = linesOf(item);
        lines.push([text(marker), ...inner.flatMap((part, at) => (at === 0 ? part : [text(' '), ...part]))]);
      });
    } else if (child.tagName === 'table') {
      flush();
      for (const row of elementsNamed(child, new Set(['tr']))) {
        const cells = elementsNamed(row, new Set(['td', 'th'])).map((cell) =>
          plainText(cell).replace(/\s+/g, ' ').trim(),
        );
        if (cells.some((cell) => cell !== '')) lines.push([text(cells.join(' · '))]);
      }
    } else line.push(child);
  }
  flush();
  return lines;
}

/**
 * Table cells holding blocks (paragraphs, lists, a nested table) rewritten as lines joined by
 * `<br>`: a GFM cell is one line, and hast-util-to-mdast would otherwise run the paragraphs
 * together ("OneTwo") or put a list's line breaks inside the row, breaking the table. A list item
 * keeps its marker (`- `, `1. `), a nested table one line a row, its cells joined by ` · `.
 */
export function flattenCellBlocks(node: Parent): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const isCell = child.tagName === 'td' || child.tagName === 'th';
    const holdsBlocks =
      isCell &&
      child.children.some(
        (inner) =>
          inner.type === 'element' &&
          (BLOCKS.has(inner.tagName) || LISTS.has(inner.tagName) || inner.tagName === 'table'),
      );
    if (holdsBlocks) {
      child.children = linesOf(child).flatMap((line, index) =>
        index === 0 ? line : [{ ...BREAK }, ...line],
      );
    } else flattenCellBlocks(child);
  }
}

/** rehype-remark's `br` handler: `<br>` for a line break made by flattenCellBlocks (GFM cells show it), else a hard break. */
export function cellBreakHandler(_state: unknown, element: Element): Break | Html {
  return element.properties['dataCellBreak'] === true ? { type: 'html', value: '<br>' } : { type: 'break' };
}
