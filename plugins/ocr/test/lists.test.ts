import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { List, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrSource } from '../src/index.js';
import { readPdfNodes, repoRoot } from './helpers.js';

const corpora = resolve(repoRoot, '../shared/corpora');
const paper = join(corpora, 'pdf/tracemonkey.pdf');
const report = join(corpora, 'tables/foo.pdf');
const source = createOcrSource({ ocr: false, pageTimeoutMs: 30_000 });
afterAll(async () => {
  await source.close?.();
});

const read = (path: string): Promise<RootContent[]> => readPdfNodes(source, path);

const lists = (nodes: RootContent[]): List[] => nodes.filter((node): node is List => node.type === 'list');
const items = (nodes: RootContent[]): string[] =>
  lists(nodes).flatMap((list) => list.children.map((item) => toString(item)));

describe.runIf(existsSync(paper))('lists of a real two-column paper (tracemonkey.pdf)', () => {
  it('reads a bullet glyph set lower than its line as the marker of that item, hyphenated compounds kept', async () => {
    const nodes = await read(paper);
    const found = items(nodes);
    // Page 11: the bullet of "Some programs…" sits a point above its line in a smaller font.
    expect(found.some((item) => item.startsWith('Some programs trace very well'))).toBe(true);
    expect(nodes.some((node) => node.type === 'paragraph' && toString(node).startsWith('•'))).toBe(false);
    // A hyphen ending a line inside a compound ("3d-" / "raytrace", "date-format-" / "tofte") stays.
    const recursion = found.find((item) =>
      item.startsWith('The implementation does not currently trace recursion'),
    );
    expect(recursion).toContain('3d-cube, 3d-raytrace, access-binary-trees');
    const evals = found.find((item) => item.startsWith('The implementation does not currently trace eval'));
    expect(evals).toContain('date-format-tofte and date-format-xparb');
    // A numbered section is a heading, not an item of a numbered list.
    expect(lists(nodes).every((list) => list.ordered !== true)).toBe(true);
    expect(nodes.some((node) => node.type === 'heading' && toString(node) === '6. Implementation')).toBe(
      true,
    );
  });
});

describe.runIf(existsSync(report))('numbered lists of a real report page (foo.pdf)', () => {
  it('reads numbered steps with a hanging number as one ordered list of five items', async () => {
    const nodes = await read(report);
    const [steps, ...others] = lists(nodes);
    expect(others).toHaveLength(0);
    expect(steps?.ordered).toBe(true);
    expect(steps?.children.map((item) => toString(item))).toEqual([
      'Calculate the trip distance of each sample trip.',
      'Eliminate stop-and-go and idling within each trip.',
      'Set the acceleration rate to 3 mph/s.',
      'Set the cruising speed to 40 mph.',
      'Continue cruising at 40 mph until the trip distance is reached.',
    ]);
  });
});

const rules = join(corpora, 'tables/diesel_engines.pdf');

describe.runIf(existsSync(rules))('nested lists of a real two-column rule book (diesel_engines.pdf)', () => {
  it('nests bullets under the lettered item they stand indented under, its follow-on paragraph kept in it (page 7)', async () => {
    const nodes = (await read(rules)).filter((node) => node.data?.provenance?.page === 7);
    const parents = lists(nodes).flatMap((list) => list.children);
    const valves = parents.find((item) =>
      toString(item.children[0] ?? item).startsWith('Crankcase explosion relief valves'),
    );
    expect(valves?.children.map((child) => child.type)).toEqual(['paragraph', 'paragraph', 'list']);
    expect(toString(valves?.children[1] ?? { type: 'text', value: '' })).toBe(
      'The manual is to contain the following information:',
    );
    const nested = valves?.children[2];
    expect(nested?.type === 'list' ? nested.children.map((item) => toString(item)) : []).toEqual([
      'description of valve with details of function and design limits',
      'copy of type test certification',
      'installation instructions',
      'maintenance in service instructions to include testing and renewal of any sealing arrangements',
      'actions required after a crankcase explosion.',
    ]);
    // The next lettered item (l) is back at the top level.
    expect(
      parents.some((item) => toString(item).startsWith('A copy of the installation and maintenance manual')),
    ).toBe(true);
  });

  it('keeps a paragraph set under an item after its nested bullets in that item, a note back at the margin out of it (page 7)', async () => {
    const nodes = await read(rules);
    // 2.3.5 a): two nested bullets, then a paragraph under the item's text, then "Note 1:" at the margin.
    const item = lists(nodes)
      .flatMap((list) => list.children)
      .find((one) => toString(one).startsWith('Oil mist detection arrangements (or engine bearing'));
    const text = toString(item ?? { type: 'text', value: '' });
    expect(text).toContain('Oil mist detection arrangements are to be of a type approved');
    expect(text).not.toContain('Note 1');
  });
});

const listing = join(corpora, 'tables/column_separators.pdf');

describe.runIf(existsSync(listing))('phone numbers of a real licence listing (column_separators.pdf)', () => {
  it('keeps an area code in parentheses as text, not as the marker of a numbered item', async () => {
    const nodes = await read(listing);
    const text = nodes.map((node) => toString(node)).join('\n');
    // Two rows outside the ruled table start with their phone numbers; "(405)" was read as item 405.
    expect(text).toContain('(405) 680-3701');
    expect(text).toContain('(859) 767-3747');
    expect(items(nodes).some((item) => /^\d{3}-\d{4}/.test(item))).toBe(false);
  });
});
