import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { readMainRegion } from './main-region.js';
import { visibleTextOf } from './visible-text.js';

/** A trail guide's area page without `<main>` or `<footer>`: its trails in cards, its footer a `<div>`. */
function areaPage(footer: string): string {
  const trail = (name: string, miles: string) =>
    `<div class="trail card"><h3><a href="/trail/${name}">${name}</a></h3><p>${miles} mi · Intermediate · Loop</p>` +
    `<div class="card-footer">Updated Mar 8, 2017 by Trail Crew</div></div>`;
  const trails = [
    trail('Cedar Ridge Preserve', '9.4'),
    trail('Big Cedar Wilderness', '12.6'),
    trail('Boulder Park Loop', '6.5'),
    trail('Northshore Trail', '26.0'),
  ].join('');
  return (
    `<!DOCTYPE html><html><body><div class="trails"><h1>Dallas Mountain Biking Trails</h1>${trails}</div>` +
    `${footer}</body></html>`
  );
}

const FOOTER_LINKS =
  '<ul><li><a href="/about">About onX</a></li><li><a href="/careers">Careers</a></li><li><a href="/help">Help</a></li></ul>';

describe('readMainRegion and footers named by their class or id', () => {
  it("drops the page's footer that a class or id names (no <footer> tag)", () => {
    const region = readMainRegion(
      parseWithLinkedom(areaPage(`<div id="footer-container" class="onx-footer">${FOOTER_LINKS}</div>`)),
    );
    const text = visibleTextOf(region?.element ?? parseWithLinkedom('').body);
    expect(text).toContain('Northshore Trail');
    expect(text).not.toContain('Careers');
  });

  it("keeps a card's footer (its date and author) inside a sticky-footer layout's wrapper", () => {
    const page = areaPage('').replace(
      '<div class="trails">',
      '<div class="sticky-footer-wrapper"><div class="trails">',
    );
    const region = readMainRegion(parseWithLinkedom(page.replace('</body>', '</div></body>')));
    const text = visibleTextOf(region?.element ?? parseWithLinkedom('').body);
    expect(text).toContain('Northshore Trail');
    expect(text.split('Updated Mar 8, 2017 by Trail Crew')).toHaveLength(5);
  });
});
