import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMarkdown } from './golden.js';

describe('pages linkedom misreads', () => {
  it('reads a page whose body linkedom hides behind an unclosed <![CDATA[ (a forum template)', async () => {
    const post =
      'The first post of the thread says the card runs hot under load and asks which brand to buy ' +
      'for games at 1440p without upscaling, and what a fair price for it is this month. ';
    const html = `<!DOCTYPE html><html lang="en"><head><title>Which card to buy | Forum</title></head><body>
<div class="wrap"><![CDATA[
<div class="post"><p>${post.repeat(3)}</p></div><div class="post"><p>${post.repeat(2)}</p></div></div></body></html>`;
    const result = await convertHtml(html, { url: 'https://forum.example/t/1' });
    expect(toMarkdown(result.root)).toContain('asks which brand to buy');
    expect(result.mainContentFound).toBe(true);
  });
});
