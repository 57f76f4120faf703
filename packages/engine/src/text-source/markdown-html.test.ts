import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../profiles/internal/markdown.js';
import { parseMarkdown } from './parse-markdown.js';

const ctx = { signal: new AbortController().signal, warn: () => undefined };
const read = async (markdown: string) => (await parseMarkdown(markdown, ctx)).root;

describe('raw HTML in markdown', () => {
  it('reads a README’s HTML blocks as the headings, images and tables they show', async () => {
    const markdown = [
      '<p align="center">\n  <img src="logo.png" alt="Bees logo" width="200">\n</p>',
      '<h1 align="center">Bees</h1>',
      '<table>\n<tr><th>Name</th><th>Role</th></tr>\n<tr><td>Ann</td><td>Queen</td></tr>\n</table>',
      '<div align="center">',
      '</div>',
      '<!-- kept for the normalization to drop -->',
      '<script>document.title = "x";</script>',
    ].join('\n\n');
    const root = await read(markdown);
    expect(root.children.map((node) => node.type)).toEqual(['paragraph', 'heading', 'table', 'html', 'html']);
    expect(toMarkdown(root)).toBe(
      '![Bees logo](logo.png)\n\n# Bees\n\n| Name | Role |\n| --- | --- |\n| Ann | Queen |\n\n<!-- kept for the normalization to drop -->\n\n<script>document.title = "x";</script>\n',
    );
    const heading = '<h1 align="center">Bees</h1>';
    const at = markdown.indexOf(heading);
    expect(root.children[1]?.data).toEqual({
      provenance: { startOffset: at, endOffset: at + heading.length },
    });
  });

  it('pairs inline tags into marks, code, links, breaks and images, dropping tags it cannot pair', async () => {
    const root = await read(
      '<a href="https://ci.example.com"><img src="badge.svg" alt="build"></a> Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.<br>\n' +
        'H<sub>2</sub>O, <span class="x">red <b>bold</b></span> and <i>slanted</i>, <unclosed> here.',
    );
    expect(toMarkdown(root)).toBe(
      '[![build](badge.svg)](https://ci.example.com) Press `Ctrl`+`C`.\\\nH2O, red **bold** and *slanted*, here.\n',
    );
  });

  it('leaves HTML inside code as written', async () => {
    const root = await read('Use `<b>` here.\n\n```html\n<h1>x</h1>\n```\n');
    expect(toMarkdown(root)).toBe('Use `<b>` here.\n\n```html\n<h1>x</h1>\n```\n');
  });

  it('reads tag soup in one pass and nests no deeper than its bound', async () => {
    const soup = `x ${'<b>a '.repeat(20_000)}${'</b>'.repeat(20_000)} ${'<span>b '.repeat(20_000)}end`;
    const [paragraph] = (await read(soup)).children;
    let depth = 0;
    for (
      let node = paragraph?.type === 'paragraph' ? paragraph.children[1] : undefined;
      node?.type === 'strong';
    ) {
      depth += 1;
      node = node.children[1];
    }
    expect(depth).toBe(32);
    expect(toMarkdown(paragraph ?? { type: 'root', children: [] })).toMatch(/b b end\n$/);
  });
});
