import { describe, expect, it } from 'vitest';
import { convertHtml } from '../convert-html.js';
import { parseWithLinkedom } from './load-dom.js';
import { visibleTextOf } from './visible-text.js';

const DESCRIPTION =
  'This shake delivers 40g of protein, up to 11g of fiber, no artificial sweeteners, and all 27 essential vitamins and minerals. ';

// Laid out as a Next.js shop streams its product page (huel.com): the shell with a loading
// fallback in a boundary, the product sent after it as hidden segments, nested (the product's
// segment S:0 holds the boundary of its questions, B:1), each moved into place by a script.
const page =
  '<!DOCTYPE html><html><head><title>Black Edition</title></head><body>' +
  '<header><nav><a href="/">Shop</a></nav></header>' +
  '<!--$?--><template id="B:0"></template><div role="status" class="animate-pulse">Loading product</div><!--/$-->' +
  '<footer>Plant-based nutrition</footer>' +
  '<div hidden id="S:0"><main><h1>Black Edition</h1><p>From $2.65 per meal</p>' +
  `<p>${DESCRIPTION.repeat(3)}</p>` +
  '<!--$?--><template id="B:1"></template><p>Loading questions</p><!--/$--></main></div>' +
  '<script>$RC("B:0","S:0")</script>' +
  '<div hidden id="S:1"><section><h2>Frequently Asked Questions</h2>' +
  '<p>Is Black Edition a meal replacement? It is a complete food with every vitamin you need.</p></section></div>' +
  '<script>$RC("B:1","S:1")</script>' +
  '<!--$?--><template id="P:a"></template><!--/$--><div hidden id="S:a"><p>Ships in two days.</p></div>' +
  '</body></html>';

describe('placeStreamedSegments (through parseWithLinkedom)', () => {
  it("puts each segment where the page's scripts would, in place of its fallback", () => {
    const body = parseWithLinkedom(page).body;
    const text = visibleTextOf(body);
    expect(body.querySelector('[hidden]')).toBeNull();
    expect(body.querySelector('template')).toBeNull();
    expect(text).not.toContain('Loading');
    expect(text.indexOf('Black Edition')).toBeLessThan(text.indexOf('Frequently Asked Questions'));
    expect(text.indexOf('Frequently Asked Questions')).toBeLessThan(text.indexOf('Plant-based nutrition'));
    expect(text).toContain('Ships in two days.');
  });

  it("replaces only the template when its boundary's closing comment is not beside it, keeping what follows", () => {
    const body = parseWithLinkedom(
      '<!DOCTYPE html><html><body><div><template id="B:3"></template><ul><li>First launch</li>' +
        '<li>Second launch</li></ul></div><div hidden id="S:3"><p>Top products today</p></div>' +
        '<script>$RC("B:3","S:3")</script></body></html>',
    ).body;
    const text = visibleTextOf(body);
    expect(body.querySelector('template')).toBeNull();
    expect(text.indexOf('Top products today')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Top products today')).toBeLessThan(text.indexOf('First launch'));
    expect(text).toContain('Second launch');
  });

  it('leaves a hidden block alone when no boundary or placeholder waits for it', () => {
    const body = parseWithLinkedom(
      '<!DOCTYPE html><html><body><p>Shown</p><div hidden id="S:2"><p>Kept hidden</p></div></body></html>',
    ).body;
    expect(body.querySelector('div[hidden]')?.textContent).toBe('Kept hidden');
  });
});

describe('a streamed product page', () => {
  it("converts the product's description and questions, not the loading fallbacks", async () => {
    const { root } = await convertHtml(page, { url: 'https://shop.example/products/black-edition' });
    const text = JSON.stringify(root);
    expect(text).toContain('40g of protein');
    expect(text).toContain('meal replacement');
    expect(text).not.toContain('Loading');
  });
});
