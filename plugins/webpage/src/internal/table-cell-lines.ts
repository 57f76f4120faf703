import type { Element, ElementContent } from 'hast';

/**
 * Elements that start a line of their own inside a table cell. A GFM cell holds one line of
 * phrasing content, so a data table's cell that holds blocks (paragraphs, a list, a nested table)
 * is written as lines separated by `<br>` instead of running its blocks together ("Tab1Tab2").
 */
const LINE_BLOCKS = new Set([
  ...['p', 'div', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'main', 'address'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'figure', 'figcaption', 'hr'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'caption'],
  ...['details', 'summary', 'fieldset', 'center'],
]);

/** The marker put between a cell's lines: `<br>`, written as `<br>` in the markdown table. */
function lineBreak(): Element {
  return { type: 'element', tagName: 'br', properties: {}, children: [] };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

/** True when a cell holds a block element anywhere (not only as a direct child). */
function holdsBlock(nodes: readonly ElementContent[]): boolean {
  return nodes.some(
    (node) => node.type === 'element' && (LINE_BLOCKS.has(node.tagName) || holdsBlock(node.children)),
  );
}

/**
 * Rewrites a data table's cell that holds blocks into its lines of phrasing content separated by
 * `<br>`: each paragraph or block its own line, each list item a line starting `- ` (`1. ` when
 * numbered), each row of a nested table a line with its cells separated by ` · `. A cell of
 * phrasing content only is left as it is.
 */
export function toCellLines(cell: Element): void {
  if (!holdsBlock(cell.children)) return;
  const lines: ElementContent[][] = [[]];
  const current = (): ElementContent[] => lines[lines.length - 1] as ElementContent[];
  const endLine = () => {
    if (current().length > 0) lines.push([]);
  };
  const walk = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') {
        current().push(node);
        continue;
      }
      if (node.tagName === 'br') {
        endLine();
        continue;
      }
      if (!LINE_BLOCKS.has(node.tagName)) {
        // Inline content: kept whole unless a block hides inside it (`<a><div>…</div></a>`).
        if (holdsBlock(node.children)) walk(node.children);
        else current().push(node);
        continue;
      }
      endLine();
      if (node.tagName === 'tr') walkRow(node);
      else if (node.tagName === 'ol' || node.tagName === 'ul') walkList(node);
      else walk(node.children);
      endLine();
    }
  };
  const walkList = (list: Element) => {
    let number = 0;
    for (const item of list.children) {
      if (item.type !== 'element' || item.tagName !== 'li') continue;
      number += 1;
      endLine();
      current().push(text(list.tagName === 'ol' ? `${String(number)}. ` : '- '));
      walk(item.children);
      endLine();
    }
  };
  const walkRow = (row: Element) => {
    let first = true;
    for (const cell of row.children) {
      if (cell.type !== 'element' || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue;
      if (!first) current().push(text(' · '));
      first = false;
      walk(cell.children);
      // A block inside the nested cell ended the line: the next cell goes on the line after it.
    }
  };
  walk(cell.children);
  const kept = lines.filter((line) => line.some(hasText));
  cell.children = kept.flatMap((line, index) => (index === 0 ? line : [lineBreak(), ...line]));
}

function hasText(node: ElementContent): boolean {
  if (node.type === 'text') return node.value.trim() !== '' && !/^(?:- |\d+\. | · )$/.test(node.value);
  if (node.type !== 'element') return false;
  return node.tagName === 'img' || node.children.some(hasText);
}
