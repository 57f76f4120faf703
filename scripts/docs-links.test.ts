/**
 * The workspace docs point into the code (docs/ARCHITECTURE.md traces one `createJob` file by file):
 * every relative link must reach a file or folder that exists, and where a link to a source file is
 * followed by a `name` (the hop's function), that file must still define or mention the name. A
 * renamed file or function then fails here instead of leaving the docs quietly wrong.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Relative link targets of a markdown text (no URLs, no in-page anchors). */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

/** `[…](path.ts) \`name\`` pairs: a source file and the function the text names in it. */
function namedHops(text: string): { target: string; name: string }[] {
  return [...text.matchAll(/\]\(([^)\s]+\.ts)\)\s+`([A-Za-z_$][\w$.]*)`/g)].map((match) => ({
    target: match[1] ?? '',
    name: (match[2] ?? '').split('.').pop() ?? '',
  }));
}

describe.each(docs)('%s', (doc) => {
  const text = readFileSync(join(root, doc), 'utf8');
  const base = dirname(join(root, doc));

  it('links only to files and folders that exist', () => {
    const missing = relativeLinks(text).filter((target) => !existsSync(join(base, target)));
    expect(missing).toEqual([]);
  });

  it('names functions that the linked source files still have', () => {
    const stale = namedHops(text)
      .filter(({ target }) => existsSync(join(base, target)))
      .filter(
        ({ target, name }) => !new RegExp(`\\b${name}\\b`).test(readFileSync(join(base, target), 'utf8')),
      )
      .map(({ target, name }) => `${relative(root, join(base, target))}: ${name}`);
    expect(stale).toEqual([]);
  });
});
