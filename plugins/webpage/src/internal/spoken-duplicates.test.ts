import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { dropSpokenDuplicates } from './spoken-duplicates.js';
import { visibleTextOf } from './visible-text.js';

function bodyOf(html: string): Element {
  const body = parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;
  if (body === null) throw new Error('no body');
  return body;
}

describe('dropSpokenDuplicates', () => {
  it("removes a screen reader's copy of what its parent shows", () => {
    const body = bodyOf(
      '<div><span>EUR 355.58<span class="clipped">EUR 355.58</span></span></div>' +
        '<div><a>Seller\'s other items<span class="sr-only"> Seller\'s other items</span></a></div>',
    );
    expect(dropSpokenDuplicates(body)).toBe(2);
    expect(visibleTextOf(body)).toBe("EUR 355.58Seller's other items");
  });

  it("keeps a screen reader's text that says what the page does not", () => {
    const body = bodyOf(
      '<span class="a-price"><span class="a-offscreen">$19.99</span><span aria-hidden="true">$19<sup>99</sup></span></span>' +
        '<button><span class="visually-hidden">Close the cart</span>×</button>',
    );
    expect(dropSpokenDuplicates(body)).toBe(0);
  });
});
