import { describe, expect, it } from 'vitest';
import { readFrontMatter } from './front-matter.js';

describe('readFrontMatter', () => {
  it('reads a YAML block’s top-level fields: quoted, flow and block lists, block scalars; skips a map', () => {
    const content =
      '---\ntitle: "Bees: a guide"\nauthor: Ana Lima # the editor\ntags: [bees, "honey"]\ncategories:\n  - hives\n  - wax\n' +
      'description: >\n  A short\n  guide.\nextra:\n  nested: 1\n---\n# Bees\n';
    const frontMatter = readFrontMatter(content);
    expect(Object.fromEntries(frontMatter?.fields ?? [])).toEqual({
      title: 'Bees: a guide',
      author: 'Ana Lima',
      tags: 'bees, honey',
      categories: 'hives, wax',
      description: 'A short guide.',
    });
    expect(content.slice(frontMatter?.end)).toBe('# Bees\n');
  });

  it('reads TOML (+++) and a YAML block closed by `...`, with CRLF line ends', () => {
    expect(readFrontMatter('+++\r\ntitle = "Hives"\r\ndraft = false\r\n+++\r\nText')?.fields).toEqual(
      new Map([
        ['title', 'Hives'],
        ['draft', 'false'],
      ]),
    );
    expect(readFrontMatter('---\ntitle: Wax\n...\nText')?.fields.get('title')).toBe('Wax');
  });

  it('finds none where the file does not open with a closed block', () => {
    expect(readFrontMatter('# Bees\n---\ntitle: x\n---\n')).toBeUndefined();
    expect(readFrontMatter('---\n\nA rule, then text that never closes a block.\n')).toBeUndefined();
    expect(readFrontMatter('--- not a fence\ntitle: x\n---\n')).toBeUndefined();
  });
});
