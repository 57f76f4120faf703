import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/** Where the webpage fixtures live: fixtures/webpage/<case>/{input.html, case.json, expected.md, expected.json}. */
export const FIXTURES_DIR = new URL('../../../fixtures/webpage/', import.meta.url).pathname;

/** Settings of one fixture case. */
export interface FixtureCase {
  name: string;
  dir: string;
  input: string;
  /** The page's URL (base for relative links), when it has one. */
  url?: string;
  /** Media type of the input (text/html unless said). */
  mediaType: string;
}

/** Lists the fixture cases. */
export async function listFixtures(): Promise<FixtureCase[]> {
  const names = (await readdir(FIXTURES_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const cases: FixtureCase[] = [];
  for (const name of names.sort()) {
    const dir = join(FIXTURES_DIR, name);
    const settings = JSON.parse(await readFile(join(dir, 'case.json'), 'utf8')) as {
      url?: string;
      input?: string;
      mediaType?: string;
    };
    const fixture: FixtureCase = {
      name,
      dir,
      input: join(dir, settings.input ?? 'input.html'),
      mediaType: settings.mediaType ?? 'text/html',
    };
    if (settings.url !== undefined) fixture.url = settings.url;
    cases.push(fixture);
  }
  return cases;
}

const stringifier = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', rule: '-' })
  .freeze();

/** The markdown a golden file holds: the document stringified as CommonMark + GFM. */
export function toMarkdown(root: Root): string {
  return stringifier.stringify(root);
}

/** Markup as an article reaches the markdown step: the element holding it, in a linkedom document. */
export function articleElement(html: string): Element {
  const { document } = parseHTML(`<!DOCTYPE html><html><body><div>${html}</div></body></html>`);
  return document.body.firstElementChild as Element;
}
