import { describe, expect, it } from 'vitest';
import { showCollapsedPanels } from './collapsed-panels.js';
import { parseWithLinkedom } from './load-dom.js';
import { visibleTextOf } from './visible-text.js';

function bodyOf(html: string): Element {
  const body = parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;
  if (body === null) throw new Error('no body');
  return body;
}

/** The text of the elements a reader's converter would keep: none hidden by attribute or style. */
function shownText(root: Element): string {
  const hidden = '[hidden], [aria-hidden="true"], [style*="display: none"], [style*="display:none"]';
  for (const element of Array.from(root.querySelectorAll(hidden))) element.remove();
  return visibleTextOf(root).replace(/\s+/g, ' ').trim();
}

describe('showCollapsedPanels', () => {
  it("opens a shop's tabs and its read-more, each opened by a control", () => {
    const body = bodyOf(
      '<div role="tablist"><div role="tab" aria-controls="tab-description">Description</div>' +
        '<div role="tab" aria-controls="tab-info">Additional information</div></div>' +
        '<div id="tab-description" role="tabpanel"><p>A strappy hemp dress.</p>' +
        '<button aria-controls="more" aria-expanded="false">Read more</button>' +
        '<div id="more" aria-hidden="true" style="display: none;"><ul><li>Three layers</li></ul></div></div>' +
        '<div id="tab-info" role="tabpanel" hidden><table><tr><th>Size</th><td>XS, S, M</td></tr></table></div>',
    );
    expect(showCollapsedPanels(body)).toBe(2);
    const text = shownText(body);
    expect(text).toContain('Three layers');
    expect(text).toContain('SizeXS, S, M');
  });

  it('opens the panels a template names so and opens by script: a tab pane, an expander', () => {
    const body = bodyOf(
      '<ul class="nav-tabs"><li><a href="#specs">Specifications</a></li></ul>' +
        '<div class="tab-pane" id="specs" style="display:none"><dl><dt>Core Clock</dt><dd>732 MHz</dd></dl></div>' +
        '<div class="a-expander-content a-expander-extend-content" style="display:none">' +
        '<p>It is so easy to overestimate the importance of one defining moment.</p></div>' +
        '<div class="promo" style="display:none"><p>Sign up for our emails.</p></div>',
    );
    expect(showCollapsedPanels(body)).toBe(2);
    const text = shownText(body);
    expect(text).toContain('732 MHz');
    expect(text).toContain('one defining moment');
    expect(text).not.toContain('Sign up');
  });

  it("leaves hidden what no control opens, and the page's menus and dialogs", () => {
    const body = bodyOf(
      '<div hidden><p>A template kept for later.</p></div>' +
        '<button aria-controls="menu">Shop</button><nav><div id="menu" hidden><p>Every category of the shop.</p></div></nav>' +
        '<button aria-controls="size-guide">Size guide</button>' +
        '<div role="dialog"><div id="size-guide" hidden><p>Measure your waist.</p></div></div>' +
        '<button aria-controls="links">More</button>' +
        '<div id="links" hidden><a href="/a">Shoes</a> <a href="/b">Socks</a> and</div>',
    );
    expect(showCollapsedPanels(body)).toBe(0);
    expect(shownText(body)).toBe('ShopSize guideMore');
  });

  it('opens tab panels nested thousands deep, each measured once, and keeps the rules inside them', () => {
    // Measuring each panel's text and links on its own walked the panels inside it again: on this
    // page that was 12 million steps (seconds); one walk is 5 000 (milliseconds).
    const depth = 5000;
    const body = bodyOf(
      '<div role="tabpanel" hidden><p>Care of the fabric.</p>'.repeat(depth) +
        '<div role="tabpanel" hidden><a href="/a">Shoes</a> <a href="/b">Socks</a></div>' +
        '<nav><div role="tabpanel" hidden><p>Every category of the shop.</p></div></nav>' +
        '</div>'.repeat(depth),
    );
    expect(showCollapsedPanels(body)).toBe(depth);
    const text = shownText(body);
    expect(text.split('Care of the fabric.').length - 1).toBe(depth);
    expect(text).not.toContain('Shoes');
    expect(text).not.toContain('Every category');
  });
});
