import type { Element, ElementContent, Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { withOrphanRowsInTables } from './orphan-rows.js';
import { prepareHast } from './prepare-hast.js';

/** The text under a hast node. */
const toString = (node: Root | RootContent): string =>
  node.type === 'text'
    ? node.value
    : 'children' in node
      ? (node.children as RootContent[]).map(toString).join(' ')
      : '';
const element = (tagName: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
const links = (...names: string[]) =>
  element(
    'ul',
    names.map((name) => element('li', [element('a', [text(name)])])),
  );

// What Readability leaves when it picks a layout table as the article's container: the table
// became a <div> (its tag set to DIV), its rows are the div's children.
const readabilityDiv = () =>
  element('div', [
    element('tr', [
      element('td', [
        element('p', [text('See also what is at your library.')]),
        element('b', [text('Narrower terms:')]),
        links('Hinges -- Catalogs', 'Saws -- Catalogs'),
      ]),
      element('td', [
        element('b', [text('Filed under: Hardware')]),
        links('Wholesale hardware (Detroit, 1918)'),
      ]),
    ]),
    text('\n'),
  ]);

describe('withOrphanRowsInTables', () => {
  it('puts rows that stand in a div back into one table, blank text with them', () => {
    const children = withOrphanRowsInTables(readabilityDiv());
    expect(children).toHaveLength(1);
    const [table] = children;
    expect(table?.type === 'element' && table.tagName).toBe('table');
    expect(table?.type === 'element' && table.children.map((child) => child.type)).toEqual([
      'element',
      'text',
    ]);
  });

  it('leaves the rows of a table and a parent without rows as they are', () => {
    const rows = [element('tr', [element('td', [text('1')])])];
    const tbody = element('tbody', rows);
    expect(withOrphanRowsInTables(tbody)).toBe(tbody.children);
    const div = element('div', [element('p', [text('x')])]);
    expect(withOrphanRowsInTables(div)).toBe(div.children);
  });

  it("keeps a layout table's lists when Readability turned the table into a div", () => {
    const tree: Root = { type: 'root', children: [readabilityDiv()] };
    prepareHast(tree, { baseUrl: undefined, dropInteractive: false });
    const kept = toString(tree);
    expect(kept).toContain('Hinges -- Catalogs');
    expect(kept).toContain('Wholesale hardware (Detroit, 1918)');
    // Unwrapped as a layout (its cells hold a paragraph and a list), not a one-row data table.
    expect(JSON.stringify(tree)).not.toContain('"tagName":"td"');
  });
});
