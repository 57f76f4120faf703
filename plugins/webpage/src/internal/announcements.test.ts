import { describe, expect, it } from 'vitest';
import { dropAnnouncements } from './announcements.js';
import { parseWithLinkedom } from './load-dom.js';
import { visibleTextOf } from './visible-text.js';

function bodyOf(html: string): Element {
  const body = parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;
  if (body === null) throw new Error('no body');
  return body;
}

const text = (root: Element) => visibleTextOf(root).replace(/\s+/g, ' ').trim();

describe('dropAnnouncements', () => {
  it("drops a shop's notices to screen readers: a carousel's place, a cart's, a loading list's", () => {
    const body = bodyOf(
      '<div class="carousel"><h2 class="clipped" aria-live="polite">Picture 1 of 4</h2><img alt=""></div>' +
        '<h1>Wool Runner</h1><p>A breezy sneaker of merino wool.</p>' +
        '<div aria-live="assertive"><span>Added to</span></div>' +
        '<div role="alert">Unable to add item to List. Please try again.</div>' +
        '<span class="sr-only" role="status">Loading...</span>',
    );
    expect(dropAnnouncements(body)).toBe(4);
    expect(text(body)).toBe('Wool RunnerA breezy sneaker of merino wool.');
  });

  it('keeps a live region that is off or holds the content, and a role that is no live region', () => {
    const description = 'A breezy sneaker of merino wool, washable, light, with a sole of sugarcane. '.repeat(
      3,
    );
    const body = bodyOf(
      `<div aria-live="polite"><h1>Wool Runner</h1><p>${description}</p></div>` +
        '<div aria-live="off">Size 9</div><div role="region">Free returns</div>',
    );
    expect(dropAnnouncements(body)).toBe(0);
    expect(text(body)).toContain('Size 9');
    expect(text(body)).toContain('Free returns');
    expect(text(body)).toContain('sole of sugarcane');
  });

  it("keeps a live region that holds the product's price (a theme updating it as options change)", () => {
    const body = bodyOf('<h1>Wool Runner</h1><div id="price-main" role="status"><span>$98.00</span></div>');
    expect(dropAnnouncements(body)).toBe(0);
    expect(text(body)).toContain('$98.00');
  });

  it('looks at each of thousands of nested live regions in bounded steps', () => {
    // Each region is read up to 200 nodes: the outer ones hold too many and stay, the inner ones go.
    const depth = 5000;
    const body = bodyOf('<div aria-live="polite"><span>Step</span>'.repeat(depth) + '</div>'.repeat(depth));
    const removed = dropAnnouncements(body);
    expect(removed).toBeGreaterThan(0);
    expect(removed).toBeLessThan(depth);
    expect(text(body).split('Step').length - 1).toBe(depth - removed);
  });
});
