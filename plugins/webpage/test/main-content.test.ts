import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMarkdown } from './golden.js';

/** A paragraph long enough for Readability to take the page as an article. */
const BODY =
  'The harbour authority approved the plan on Tuesday after two years of public hearings. ' +
  'Work on the old docks starts in spring, and the first section of the park opens next year. ';

/** A page whose article holds `inner` between two body paragraphs. */
function page(inner: string, head = '<title>Docks become a park</title>'): string {
  return `<!DOCTYPE html><html lang="en"><head>${head}</head><body><main><article>
<h1>Docks become a park</h1><p>${BODY.repeat(3)}</p>${inner}<p>${BODY.repeat(2)}</p>
</article></main></body></html>`;
}

async function markdownOf(html: string): Promise<string> {
  const { root } = await convertHtml(html, { url: 'https://news.example/docks' });
  return toMarkdown(root);
}

describe('main content: reading the page', () => {
  it('falls back to jsdom when linkedom reads the markup as text (an unknown <tmp> element)', async () => {
    const sentence = `<b>Bangalore</b>: Phone maker <a href="/topic/apple">Apple</a> saw sales fall. `;
    const html = `<!DOCTYPE html><html><head><title>Sales fall</title></head><body>
<div class="Normal"><tmp>${`${sentence.repeat(4)}<br><br>`.repeat(6)}</tmp></div></body></html>`;
    const result = await convertHtml(html, { url: 'https://news.example/sales' });
    const markdown = toMarkdown(result.root);
    expect(markdown).not.toMatch(/<\/?(a|b|br)\b/);
    expect(markdown).toContain('Phone maker [Apple](https://news.example/topic/apple) saw sales fall.');
    expect(result.dom).toBe('jsdom');
  });
});

describe('main content: what the article body is not', () => {
  it('keeps the title in metadata only, not as a heading of the body', async () => {
    const result = await convertHtml(page(''), { url: 'https://news.example/docks' });
    expect(result.metadata.title).toBe('Docks become a park');
    expect(toMarkdown(result.root)).not.toContain('Docks become a park');
    expect(toMarkdown(result.root)).toContain('The harbour authority approved');
  });

  it('drops a heading that repeats the title without the site name', async () => {
    const html = page('', '<title>Docks become a park | The Harbour Gazette</title>').replace(
      '<h1>Docks become a park</h1>',
      '<h2>Docks become a park</h2>',
    );
    expect(await markdownOf(html)).not.toContain('Docks become a park');
  });
});
