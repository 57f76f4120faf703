import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '@transmute/engine';
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebpageSource } from '../src/index.js';
import { failureCode } from './support/failure-code.js';

// A real news article (Fox News, 2013) of the shared corpus, read in place as corpus.test.ts reads it:
// its <title> ends in "| Fox News", its <h1> inside the story is the article's own title.
const CORPUS_DIR = new URL('../../../../shared/corpora/html/', import.meta.url).pathname;
const FOX_ARTICLE = '176f3005704bdc918e9a46ffecc2d225ec3fa723a66da18d53a77264b92e05ac.html';
const FOX_TITLE = 'Medical breakthrough for multiple sclerosis sufferers';
// A real blog post (2ality, Blogger, 2011) written mostly as a glossary list, under the blog's own
// <h1><a href="http://www.2ality.com/">, with a sidebar and readers' comments around it.
const LIST_POST = 'a9c82dad0fecf2e55874b18b7d81b9c7bee25805a99d22a5cc7464eee285d383.html';
const LIST_POST_TITLE = 'ECMAScript: ES.next versus ES 6 versus ES Harmony';

let engine: Engine;
let workDir: string;

beforeAll(async () => {
  engine = createEngine({ plugins: [createWebpageSource({ maxThreads: 1 })] });
  workDir = await mkdtemp(join(tmpdir(), 'webpage-title-'));
});

afterAll(async () => {
  await engine.close();
  await rm(workDir, { recursive: true, force: true });
});

interface Converted {
  markdown: string;
  /** The document's top-level blocks, as blocks.jsonl lists them. */
  blocks: RootContent[];
  warnings: string[];
}

/** Converts an HTML file through the engine: the document's blocks and its `raw_source` markdown. */
async function convertFile(path: string): Promise<Converted> {
  const file = { name: 'page.html', mediaType: 'text/html', sizeBytes: (await stat(path)).size, path };
  const { document } = await engine.prepare({ type: 'files', files: [file] });
  const output = {
    profile: 'raw_source',
    format: 'markdown',
    language: 'en',
    includeRawSource: false,
  } as const;
  const { artifacts } = await engine.render(document, output, { workDir });
  const markdown = await readFile(artifacts[0]?.path ?? '', 'utf8');
  return {
    markdown,
    blocks: document.root.children,
    warnings: document.warnings.map((warning) => String(warning).split(':')[0] ?? ''),
  };
}

/** The blocks marked as the document's title (`data.title`: blocks.jsonl's `"title": true`). */
function titleBlocks(blocks: readonly RootContent[]): string[] {
  return blocks.filter((block) => block.data?.title === true).map((block) => toString(block));
}

let written = 0;
async function convertHtml(html: string): Promise<Converted> {
  written += 1;
  const path = join(workDir, `page-${String(written)}.html`);
  await writeFile(path, html);
  return convertFile(path);
}

describe('the page title is the first heading (CONTRACT §13)', () => {
  it('starts a real article with its <h1> as a level-1 heading marked as the title in blocks.jsonl', async () => {
    const { markdown, blocks } = await convertFile(join(CORPUS_DIR, FOX_ARTICLE));
    expect(markdown.startsWith(`# ${FOX_TITLE}\n`)).toBe(true);
    expect(blocks[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(titleBlocks(blocks)).toEqual([FOX_TITLE]);
    expect(blocks.indexOf(blocks.find((block) => block.data?.title === true) as RootContent)).toBe(0);
    // The title is written once, not repeated by the article body.
    expect(markdown.split(FOX_TITLE).length - 1).toBe(1);
  });

  it("titles a blog post by its own heading, not by the blog's name linked to its home page", async () => {
    const { markdown, blocks } = await convertFile(join(CORPUS_DIR, LIST_POST));
    expect(markdown.startsWith(`# ${LIST_POST_TITLE}\n`)).toBe(true);
    expect(titleBlocks(blocks)).toEqual([LIST_POST_TITLE]);
    expect(markdown).not.toContain('JavaScript and more');
  });

  it('reads a post written as a list of explained terms as an article, without the page around it', async () => {
    const { markdown } = await convertFile(join(CORPUS_DIR, LIST_POST));
    expect(markdown).toContain('**ECMAScript:** Sun (now Oracle) had a trademark on the name');
    // The blog's page links and Blogger's share bar were read with it when the page's main region
    // stood in for a post taken for no article (its sentences stand in <li>s, not <p>s).
    expect(markdown).not.toContain('[About](http://www.2ality.com/p/about.html)');
    expect(markdown).not.toContain('Share to Twitter');
  });

  it('puts the page title first when the main content has no heading of its own', async () => {
    const body = 'Sleeper trains between the capitals returned this winter with new carriages. '.repeat(8);
    const { markdown, blocks } = await convertHtml(
      `<html><head><title>Night trains return</title></head><body><article><p>${body}</p></article></body></html>`,
    );
    expect(markdown.startsWith('# Night trains return\n\nSleeper trains')).toBe(true);
    expect(blocks[0]).toMatchObject({ type: 'heading', depth: 1, data: { title: true } });
    expect(titleBlocks(blocks)).toEqual(['Night trains return']);
  });
});

describe('a page with readable text is never refused', () => {
  it('converts a small valid document (a heading and a paragraph) with a warning', async () => {
    const { markdown, warnings } = await convertHtml('<h1>Hours</h1><p>Closed Mondays.</p>');
    expect(markdown).toBe('# Hours\n\nClosed Mondays.\n');
    expect(warnings).toContain('quality_below_threshold');
  });

  it('converts a page drawn wholly by scripts from its description, with a warning', async () => {
    const { markdown, warnings } = await convertHtml(`<html><head><title>Deck joints creak after rain</title>
      <meta name="description" content="My new deck creaks at every joint after it rains. Is the timber still drying out, or were the screws set too tight?">
      </head><body><div id="app"></div><script>window.preloaded = {"posts": []}; boot();</script></body></html>`);
    expect(markdown).toBe(
      '# Deck joints creak after rain\n\nMy new deck creaks at every joint after it rains. Is the timber still drying out, or were the screws set too tight?\n',
    );
    expect(warnings).toContain('content_from_description');
  });

  it("converts such a page from its longest description (a forum's Open Graph card holds more of the post)", async () => {
    const { markdown } = await convertHtml(`<html><head><title>Deck joints creak after rain</title>
      <meta name="description" content="My new deck creaks at every joint after it rains. Is the timber &hellip;">
      <meta property="og:description" content="My new deck creaks at every joint after it rains. Is the timber still drying out, or were the screws set too tight? I used stainless screws.">
      </head><body><div id="app"></div><script>boot();</script></body></html>`);
    expect(markdown).toContain('or were the screws set too tight? I used stainless screws.');
  });

  it('fails a page without any text with empty_content', async () => {
    const code = await failureCode(
      convertHtml('<html><head><title></title></head><body><div><img src="a.png"></div> · </body></html>'),
    );
    expect(code).toBe('empty_content');
  });
});

describe('HTML structure', () => {
  it('keeps the heading levels the page marks (h2 stays ##, no gap closed)', async () => {
    const text = 'The committee met on Tuesday and agreed the budget for the coming year in full. ';
    const { markdown } = await convertHtml(
      `<body><h2>Budget</h2><p>${text.repeat(3)}</p><h4>Details</h4><p>${text.repeat(3)}</p></body>`,
    );
    expect(markdown).toMatch(/^## Budget\n/);
    expect(markdown).toContain('\n#### Details\n');
  });

  it('writes the blocks of a data table cell as <br>-separated lines, not run together', async () => {
    const { markdown } = await convertHtml(`<html><head><title>Opening times</title></head><body>
      <h1>Opening times</h1><p>The library opens at these times through the year, holidays apart.</p>
      <table><tr><th>Branch</th><th>Hours</th></tr>
      <tr><td><p>Central</p><p>North wing</p></td><td><ul><li>Mon 9–17</li><li>Sat 10–14</li></ul></td></tr>
      <tr><td>East<br>Annex</td><td><table><tr><td>Tue</td><td>9–12</td></tr><tr><td>Thu</td><td>13–18</td></tr></table></td></tr>
      </table></body></html>`);
    expect(markdown).toContain('| Central<br>North wing | - Mon 9–17<br>- Sat 10–14 |');
    expect(markdown).toMatch(/\| East<br>Annex +\| Tue · 9–12<br>Thu · 13–18 \|/);
  });
});
