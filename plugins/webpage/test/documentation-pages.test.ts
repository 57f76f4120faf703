import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMarkdown } from './golden.js';

const PROSE =
  'The grid layout places items into rows and columns that you define on the container, and each item ' +
  'may span several tracks. Use it for two-dimensional layouts; flexbox remains the tool for one axis. ';

describe('documentation pages', () => {
  it("keeps the page's text and code, not its revision stamp", async () => {
    // A reference page laid out as MDN and Google's developer sites print it: the stamp closes the
    // article, inside it.
    const html = `<!DOCTYPE html><html lang="en"><head><title>Grid layout - Guides</title></head><body>
<nav><a href="/docs">Docs</a> <a href="/docs/css">CSS</a></nav>
<main><article><h1>Grid layout</h1><p>${PROSE.repeat(2)}</p>
<h2>Defining a grid</h2><p>${PROSE}</p><pre><code>.wrapper {\n  display: grid;\n  grid-template-columns: 1fr 1fr 1fr;\n}</code></pre>
<p>${PROSE}</p>
<p>This page was last modified on Dec 19, 2025 by <a href="/contributors">MDN contributors</a>.</p>
<p class="updated">Last updated 2025-12-18 UTC.</p>
</article></main></body></html>`;
    const { root } = await convertHtml(html, { url: 'https://docs.example/css/grid' });
    const markdown = toMarkdown(root);
    expect(markdown).toContain('grid-template-columns: 1fr 1fr 1fr;');
    expect(markdown).toContain('## Defining a grid');
    expect(markdown).not.toContain('last modified');
    expect(markdown).not.toContain('MDN contributors');
    expect(markdown).not.toContain('Last updated');
  });
});
