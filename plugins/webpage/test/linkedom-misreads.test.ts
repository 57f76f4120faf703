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

  it('never reads a <template>: its content is inert (linkedom keeps it among the children)', async () => {
    const row =
      '<template id="row"><p>Sign in to save this recipe to your own list of dinners for the week.</p></template>';
    const story = 'Bees gather nectar from the meadow in the morning and bring it back to the hive by noon. ';
    for (const body of [
      `${row}<p>Hi.</p>`,
      `<article><h1>Bees</h1><p>${story.repeat(4)}</p>${row}</article>`,
    ]) {
      const result = await convertHtml(`<html><head><title>Bees</title></head><body>${body}</body></html>`);
      const markdown = toMarkdown(result.root);
      expect(markdown).not.toContain('Sign in');
      expect(markdown).toMatch(/Hi\.|Bees gather nectar/);
    }
  });
});
