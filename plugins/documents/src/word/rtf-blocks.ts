import type { List, ListItem, Paragraph, PhrasingContent, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { CODE_STYLE, depthOfOutlineLevel, depthOfStyleName } from './docx-styles.js';
import { headingPhrasing, toPhrasing } from './phrasing.js';
import type { RtfCell, RtfItem, RtfParagraph } from './rtf-body.js';
import { isNumberMarker, listLevelOf, type RtfDefinitions } from './rtf-definitions.js';
import { toCellContent, type CellContent } from './cell-content.js';
import { toTableNode, type GridCell } from './table-node.js';

/** A block with the page it starts on. */
export interface PagedBlock {
  block: RootContent;
  page: number;
}

type Row = Extract<RtfItem, { kind: 'row' }>;

/**
 * A paragraph's heading depth: its own `\outlinelevelN`, else its style's outline level or
 * `heading N` / `Title` name, else the same of the style it is based on (`\sbasedonN`, as Word
 * inherits a custom heading style's outline level from the built-in heading it derives from).
 */
function headingDepth(paragraph: RtfParagraph, definitions: RtfDefinitions): number | undefined {
  const own = paragraph.props.outlineLevel;
  if (own !== undefined) return depthOfOutlineLevel(String(own));
  const seen = new Set<number>();
  for (let number: number | undefined = paragraph.props.style; number !== undefined && !seen.has(number);) {
    seen.add(number);
    const style = definitions.styles.get(number);
    if (style === undefined) return undefined;
    if (style.outlineLevel !== undefined) return depthOfOutlineLevel(String(style.outlineLevel));
    const named = depthOfStyleName(style.name);
    if (named !== undefined) return named;
    number = style.basedOn;
  }
  return undefined;
}

/** Where a paragraph sits in a list (level, numbered or not, start), if it is a list item. */
function listPosition(
  paragraph: RtfParagraph,
  definitions: RtfDefinitions,
): { level: number; ordered: boolean; start: number } | undefined {
  const { list, level, numbering } = paragraph.props;
  const marker = paragraph.marker;
  if (list !== undefined && list > 0) {
    const defined = listLevelOf(definitions, list, level);
    const ordered =
      defined?.ordered ?? numbering?.ordered ?? (marker !== undefined && isNumberMarker(marker));
    return { level, ordered, start: defined?.start ?? 1 };
  }
  if (numbering !== undefined || marker !== undefined) {
    const ordered = numbering?.ordered ?? (marker !== undefined && isNumberMarker(marker));
    return { level: numbering?.level ?? level, ordered, start: 1 };
  }
  return undefined;
}

/** Spaces at a paragraph's edges (after a footnote mark, before `\par`) are not content. */
function trimEdges(content: PhrasingContent[]): PhrasingContent[] {
  const first = content[0];
  if (first?.type === 'text') first.value = first.value.trimStart();
  const last = content.at(-1);
  if (last?.type === 'text') last.value = last.value.trimEnd();
  return content.filter((node) => node.type !== 'text' || node.value !== '');
}

function hasContent(content: PhrasingContent[]): boolean {
  return (
    toString({ type: 'paragraph', children: content }).trim() !== '' ||
    content.some((node) => node.type === 'image' || node.type === 'footnoteReference')
  );
}

/** A cell's paragraphs, each kept apart (see toCellContent). */
function cellContent(cell: RtfCell): CellContent {
  const paragraphs: Paragraph[] = [];
  for (const paragraph of cell.paragraphs) {
    const content = trimEdges(toPhrasing(paragraph.segments));
    if (hasContent(content)) paragraphs.push({ type: 'paragraph', children: content });
  }
  return toCellContent(paragraphs);
}

/** The table's column edges (`\cellxN`), when every cell defines one: merged widths become spans. */
function columnEdges(rows: Row[]): number[] | undefined {
  const edges = new Set<number>();
  for (const row of rows)
    for (const cell of row.cells) {
      if (cell.definition.right === undefined) return undefined;
      edges.add(cell.definition.right);
    }
  return [...edges].sort((a, b) => a - b);
}

/**
 * Rows → grid cells: a cell as wide as several columns of other rows spans them, `\clmrg` joins
 * the cell before it, `\clvmrg` the cell above (`\clvmgf` opens such a merge).
 */
function gridOf(rows: Row[]): GridCell[][] {
  const edges = columnEdges(rows);
  const openMerges = new Map<number, GridCell>();
  return rows.map((row) => {
    const cells: GridCell[] = [];
    let column = 0;
    for (const cell of row.cells) {
      const right = cell.definition.right;
      const end = edges === undefined || right === undefined ? column + 1 : edges.indexOf(right) + 1;
      const span = Math.max(1, end - column);
      const last = cells.at(-1);
      if (cell.definition.horizontal === 'merged' && last !== undefined) {
        last.colSpan += span;
        column += span;
        continue;
      }
      const above = openMerges.get(column);
      if (cell.definition.vertical === 'merged' && above !== undefined) {
        above.rowSpan += 1;
        column += span;
        continue;
      }
      const gridCell: GridCell = { ...cellContent(cell), colSpan: span, rowSpan: 1 };
      cells.push(gridCell);
      if (cell.definition.vertical === 'first') openMerges.set(column, gridCell);
      else openMerges.delete(column);
      column += span;
    }
    return cells;
  });
}

/**
 * Turns a body's paragraphs and rows into mdast blocks: headings (`\outlinelevelN`, or a style
 * named `heading N` / `Title`), nested lists (ordered from the list table's `\levelnfc`, else the
 * old-style `\pn` numbering, else the marker text the writer put before the item), code blocks
 * from paragraphs in a code style (`Source Code`, `Preformatted Text`, …), tables through
 * the Word family's table builder, paragraphs; each block with the page it starts on.
 */
export function toBlocks(items: RtfItem[], definitions: RtfDefinitions): PagedBlock[] {
  const blocks: PagedBlock[] = [];
  let stack: { level: number; list: List }[] = [];
  let rows: Row[] = [];
  let code: { lines: string[]; page: number } | undefined;
  const flushCode = (): void => {
    if (code !== undefined)
      blocks.push({ block: { type: 'code', value: code.lines.join('\n') }, page: code.page });
    code = undefined;
  };
  const flushTable = (): void => {
    if (rows.length === 0) return;
    const node = toTableNode(gridOf(rows), 'rtf');
    if (node !== undefined) blocks.push({ block: node, page: rows[0]?.page ?? 1 });
    rows = [];
  };
  for (const item of items) {
    if (item.kind === 'row') {
      stack = [];
      flushCode();
      rows.push(item);
      continue;
    }
    flushTable();
    const paragraph = item.paragraph;
    const style = definitions.styles.get(paragraph.props.style);
    if (style !== undefined && CODE_STYLE.test(style.name)) {
      stack = [];
      code ??= { lines: [], page: paragraph.page };
      code.lines.push(toString({ type: 'paragraph', children: toPhrasing(paragraph.segments) }));
      continue;
    }
    flushCode();
    const content = trimEdges(toPhrasing(paragraph.segments));
    if (!hasContent(content)) continue;
    const depth = headingDepth(paragraph, definitions);
    if (depth !== undefined) {
      stack = [];
      blocks.push({
        block: { type: 'heading', depth: depth as 1, children: headingPhrasing(content) },
        page: paragraph.page,
      });
      continue;
    }
    const position = listPosition(paragraph, definitions);
    if (position === undefined) {
      stack = [];
      blocks.push({ block: { type: 'paragraph', children: content }, page: paragraph.page });
      continue;
    }
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) > position.level) stack.pop();
    let top = stack.at(-1);
    if (top !== undefined && top.level === position.level && top.list.ordered !== position.ordered) {
      stack.pop();
      top = stack.at(-1);
    }
    const listItem: ListItem = {
      type: 'listItem',
      spread: false,
      children: [{ type: 'paragraph', children: content }],
    };
    if (top !== undefined && top.level === position.level) {
      top.list.children.push(listItem);
      continue;
    }
    const list: List = { type: 'list', ordered: position.ordered, spread: false, children: [listItem] };
    if (position.ordered) list.start = position.start;
    const parentItem = top?.list.children.at(-1);
    if (parentItem !== undefined) parentItem.children.push(list);
    else blocks.push({ block: list, page: paragraph.page });
    stack.push({ level: position.level, list });
  }
  flushTable();
  flushCode();
  return blocks;
}
