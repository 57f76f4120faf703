import type { Element, Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { cellBreakHandler, flattenTableCells, toCellLines } from './html-cell-lines.js';

const parser = unified().use(rehypeParse, { fragment: true }).freeze();
const writer = unified().use(rehypeStringify).freeze();

/** The first cell of `<table><tr><td>{cellHtml}</td></tr></table>` after toCellLines, as HTML. */
function cellAfter(cellHtml: string): string {
  const tree = parser.parse(`<table><tr><td>${cellHtml}</td></tr></table>`);
  const cell = firstCell(tree);
  toCellLines(cell);
  return writer.stringify({ type: 'root', children: cell.children });
}

function firstCell(node: Root | Element): Element {
  const cell = findCell(node);
  if (!cell) throw new Error('no cell in the parsed table');
  return cell;
}

function findCell(node: Root | Element): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'td' || child.tagName === 'th') return child;
    const found = findCell(child);
    if (found) return found;
  }
  return undefined;
}

const BR = '<br data-cell-break>';

describe('toCellLines', () => {
  it('puts each paragraph on a line of its own', () => {
    expect(cellAfter('<p>Monday</p>\n<p>morning</p>')).toBe(`Monday${BR}morning`);
  });

  it('writes list items behind their markers, numbered for an ordered list', () => {
    expect(cellAfter('<ul><li>Check the queen</li><li>Add a super</li></ul>')).toBe(
      `- Check the queen${BR}- Add a super`,
    );
    expect(cellAfter('<ol><li>Open</li><li></li><li><p>Close</p><p>gently</p></li></ol>')).toBe(
      `1. Open${BR}3. Close gently`,
    );
  });

  it('writes a nested table one row a line, its cells joined by " · "', () => {
    expect(
      cellAfter(
        '<p>Weigh:</p><table><tr><td>North</td><td><b>14</b> kg</td></tr><tr><td>South</td><td>26 kg</td></tr></table>',
      ),
    ).toBe(`Weigh:${BR}North · <b>14</b> kg${BR}South · 26 kg`);
  });

  it('ends a line at a <br> of the cell', () => {
    expect(cellAfter('East<br>Annex<p>Ground floor</p>')).toBe(`East${BR}Annex${BR}Ground floor`);
  });

  it('finds a block hidden inside an inline element', () => {
    expect(cellAfter('<a href="/x"><div>Card</div><div>Teaser</div></a>')).toBe(`Card${BR}Teaser`);
  });

  it('leaves a cell of phrasing content as it is', () => {
    expect(cellAfter('East<br>Annex <a href="/x">map</a>')).toBe('East<br>Annex <a href="/x">map</a>');
  });

  it('drops lines left empty and markers of empty items', () => {
    expect(cellAfter('<p> </p><ul><li> </li></ul><p>Only</p>')).toBe('Only');
  });
});

describe('flattenTableCells', () => {
  it('rewrites every cell holding blocks in a tree and leaves the rest', () => {
    const tree = parser.parse(
      '<p>a<br>b</p><table><tr><td><p>One</p><p>Two</p></td><td>Three<br>Four</td></tr></table>',
    );
    flattenTableCells(tree);
    expect(writer.stringify(tree)).toBe(
      `<p>a<br>b</p><table><tbody><tr><td>One${BR}Two</td><td>Three<br>Four</td></tr></tbody></table>`,
    );
  });
});

describe('cellBreakHandler', () => {
  it('writes a marked break as <br> and any other as a hard break', () => {
    const tree = parser.parse('<table><tr><td><p>One</p><p>Two</p></td></tr></table>');
    const cell = firstCell(tree);
    toCellLines(cell);
    const marked = cell.children.find((node) => node.type === 'element' && node.tagName === 'br');
    expect(marked).toBeDefined();
    expect(cellBreakHandler(undefined, marked as Element)).toEqual({ type: 'html', value: '<br>' });
    const plain: Element = { type: 'element', tagName: 'br', properties: {}, children: [] };
    expect(cellBreakHandler(undefined, plain)).toEqual({ type: 'break' });
  });
});
