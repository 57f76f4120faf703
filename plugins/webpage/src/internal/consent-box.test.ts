import { describe, expect, it } from 'vitest';
import { isConsentBox } from './consent-box.js';
import { parseWithLinkedom } from './load-dom.js';
import { readMainRegion } from './main-region.js';
import { visibleTextOf } from './visible-text.js';

const element = (html: string): Element => {
  const found = parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body.firstElementChild;
  if (found === null) throw new Error('no element');
  return found;
};

const PURPOSE = 'Store and/or access information on a device. 91 partners can use this purpose. ';

describe('isConsentBox', () => {
  it('names a consent manager or cookie banner by its class or id', () => {
    expect(
      isConsentBox(element('<div id="onetrust-consent-sdk"><p>We care about your privacy</p></div>')),
    ).toBe(true);
    expect(isConsentBox(element('<div class="site-cookie_banner"><p>Accept all</p></div>'))).toBe(true);
    expect(isConsentBox(element('<div class="recipe-card"><p>Sugar cookies</p></div>'))).toBe(false);
  });

  it("is not a box that holds the page's heading or main content", () => {
    expect(
      isConsentBox(element('<div class="cookie-recipes"><h1>Cookie recipes</h1><p>Bake</p></div>')),
    ).toBe(false);
  });
});

describe('readMainRegion with a consent box', () => {
  it("drops a consent manager's preference centre even when it holds more text than the items", () => {
    const items = ['Easy pork ragu', 'Spaghetti and meatballs', 'Tomato chutney']
      .map((name) => `<li><a href="/r">${name}</a> with a tomato sauce for a big plate of pasta</li>`)
      .join('');
    const document = parseWithLinkedom(
      `<!DOCTYPE html><html><body><div class="page"><h1>Tomato sauce recipes</h1><ul>${items}</ul></div>` +
        `<div id="onetrust-consent-sdk"><h2>Privacy Preference Center</h2><p>${PURPOSE.repeat(12)}</p></div></body></html>`,
    );
    const region = readMainRegion(document);
    const text = visibleTextOf(region?.element ?? document.body);
    expect(text).toContain('Spaghetti and meatballs');
    expect(text).not.toContain('Privacy Preference Center');
  });
});
