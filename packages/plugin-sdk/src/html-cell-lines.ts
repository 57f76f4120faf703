import type { Element, ElementContent, Parent, Text } from 'hast';
import type { Break, Html } from 'mdast';

/**
 * Elements that start a line of their own inside a table cell. A GFM cell holds one line of
 * phrasing content, so an HTML cell that holds blocks (paragraphs, a list, a nested table) is
 * written as lines separated by `<br>` instead of running its blocks together ("OneTwo") or
 * putting a list's line ends inside the row, which breaks the table.
 */
const LINE_BLOCKS = new Set([
  ...['p', 'div', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'main', 'address'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'figure', 'figcaption', 'hr'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'caption'],
  ...['details', 'summary', 'fieldset', 'center'],
]);

/** The hast property that marks a `<br>` made here, read by {@link cellBreakHandler}. */
const CELL_BREAK = 'dataCellBreak';

type Line = ElementContent[];

const isCell = (node: ElementContent): node is Element =>
  node.type === 'element' && (node.tagName === 'td' || node.tagName === 'th');

/** True when the nodes hold a block element anywhere (not only as a direct child). */
function holdsBlock(nodes: readonly ElementContent[]): boolean {
  return nodes.some(
    (node) => node.type === 'element' && (LINE_BLOCKS.has(node.tagName) || holdsBlock(node.children)),
  );
}

/**
 * Rewrites a table cell that holds blocks into its lines of phrasing content separated by `<br>`
 * (marked for {@link cellBreakHandler}): each paragraph or block its own line; each list item one
 * line starting `- ` (`1. ` when numbered), the blocks inside the item joined by a space; each row
 * of a nested table one line, its cells joined by ` · `. A block hidden inside an inline element
 * (`<a><div>…</div></a>`) counts too. A cell of phrasing content only is left as it is.
 */
export function toCellLines(cell: Element): void {
  if (!holdsBlock(cell.children)) return;
  cell.children = new CellLineWriter()
    .linesOf(cell.children)
    .flatMap((line, index) => (index === 0 ? line : [cellBreak(), ...line]));
}

/** {@link toCellLines} for every table cell under `node` (nested tables are flattened with their cell). */
export function flattenTableCells(node: Parent): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (isCell(child) && holdsBlock(child.children)) toCellLines(child);
    else flattenTableCells(child);
  }
}

/**
 * rehype-remark's `br` handler for a tree whose cells went through {@link toCellLines}: `<br>` (GFM
 * renderers show it as a line break within the cell) for a break it made, else a hard break.
 */
export function cellBreakHandler(_state: unknown, element: Element): Break | Html {
  return element.properties[CELL_BREAK] === true ? { type: 'html', value: '<br>' } : { type: 'break' };
}

function cellBreak(): Element {
  return { type: 'element', tagName: 'br', properties: { [CELL_BREAK]: true }, children: [] };
}

/** Splits a cell's content into lines; remembers the markers and separators it adds. */
class CellLineWriter {
  private readonly added = new WeakSet<Text>();

  linesOf(nodes: readonly ElementContent[]): Line[] {
    const lines: Line[] = [];
    let line: Line = [];
    const endLine = () => {
      if (line.some((node) => this.hasContent(node))) lines.push(line);
      line = [];
    };
    const walk = (children: readonly ElementContent[]) => {
      for (const node of children) {
        if (node.type === 'text') line.push(node);
        if (node.type !== 'element') continue;
        if (node.tagName === 'br') endLine();
        else if (!LINE_BLOCKS.has(node.tagName)) {
          // Inline content: kept whole unless a block hides inside it.
          if (holdsBlock(node.children)) walk(node.children);
          else line.push(node);
        } else {
          endLine();
          if (node.tagName === 'tr') line.push(...this.rowLine(node));
          else if (node.tagName === 'ol' || node.tagName === 'ul') lines.push(...this.itemLines(node));
          else walk(node.children);
          endLine();
        }
      }
    };
    walk(nodes);
    endLine();
    return lines;
  }

  /** A list's items, each one line behind its marker. */
  private itemLines(list: Element): Line[] {
    const lines: Line[] = [];
    for (const item of list.children) {
      if (item.type !== 'element' || item.tagName !== 'li') continue;
      const marker = list.tagName === 'ol' ? `${String(lines.length + 1)}. ` : '- ';
      const content = this.joined(this.linesOf(item.children), ' ');
      // An empty item keeps its number, so that the next item is numbered as the list shows it.
      lines.push([this.addedText(marker), ...content]);
    }
    return lines.filter((line) => line.some((node) => this.hasContent(node)));
  }

  /** A nested table's row as one line, its cells joined by ` · `. */
  private rowLine(row: Element): Line {
    const cells = row.children.filter(isCell).map((cell) => this.joined(this.linesOf(cell.children), ' '));
    return cells.flatMap((cell, index) => (index === 0 ? cell : [this.addedText(' · '), ...cell]));
  }

  private joined(lines: Line[], separator: string): Line {
    return lines.flatMap((line, index) => (index === 0 ? line : [this.addedText(separator), ...line]));
  }

  private addedText(value: string): Text {
    const node: Text = { type: 'text', value };
    this.added.add(node);
    return node;
  }

  /** Text or an image of the cell's own, not a marker or separator added here. */
  private hasContent(node: ElementContent): boolean {
    if (node.type === 'text') return !this.added.has(node) && node.value.trim() !== '';
    if (node.type !== 'element') return false;
    return node.tagName === 'img' || node.children.some((child) => this.hasContent(child));
  }
}
