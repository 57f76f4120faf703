import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { withMissedProductSections } from './missed-product-sections.js';
import { visibleTextOf } from './visible-text.js';

const DESCRIPTION =
  'Our award-winning skillet comes seasoned and ready to use, and it holds heat evenly on every stove top, grill or campfire. ';

/** Readability's reading: the product's description alone, in a document of its own. */
function readingOf(html: string): Element {
  const content = parseWithLinkedom(`<!DOCTYPE html><html><body><div id="read">${html}</div></body></html>`)
    .body.firstElementChild;
  if (content === null) throw new Error('no reading');
  return content;
}

function regionOf(html: string): Element {
  const region = parseWithLinkedom(`<!DOCTYPE html><html><body><main>${html}</main></body></html>`).body
    .firstElementChild;
  if (region === null) throw new Error('no region');
  return region;
}

const read = readingOf(`<h1>Cast Iron Skillet</h1><p>${DESCRIPTION}</p>`);

describe('withMissedProductSections', () => {
  it("adds the product's specifications and questions that the reading left out, after the reading", () => {
    const region = regionOf(
      `<div class="buy-box"><h1>Cast Iron Skillet</h1><p>$29.90</p><p>${DESCRIPTION}</p></div>` +
        '<div class="tab-panel"><h2>Specifications</h2><ul><li>Diameter: 30 cm</li><li>Weight: 3.5 kg</li></ul></div>' +
        '<section><h3>Frequently asked questions</h3><p>Is it oven safe? Yes, up to 260 degrees.</p></section>',
    );
    const joined = withMissedProductSections(read, region);
    const text = visibleTextOf(joined ?? region);
    expect(joined).not.toBeNull();
    expect(text.indexOf('award-winning')).toBeLessThan(text.indexOf('Diameter: 30 cm'));
    expect(text).toContain('Is it oven safe?');
  });

  it("leaves out the shop's own sections, a carousel's bare heading and a template's second copy", () => {
    const specs =
      '<div class="product-specs"><h2>Specifications</h2><p>Diameter: 30 cm, weight 3.5 kg</p></div>';
    const region = regionOf(
      `<div class="buy-box"><p>${DESCRIPTION}</p></div>${specs}` +
        '<div class="store-details"><h2>Details</h2><p>12 Rue de la Paix, Paris: open 10am to 7pm</p></div>' +
        '<div class="product-details-more"><h2>Details of more skillets</h2></div>' +
        `<div class="mobile-only">${specs}</div>`,
    );
    const text = visibleTextOf(withMissedProductSections(read, region) ?? region);
    expect(text.split('Diameter: 30 cm')).toHaveLength(2);
    expect(text).not.toContain('Rue de la Paix');
    expect(text).not.toContain('more skillets');
  });

  it('adds nothing when the reading holds the sections, or when they outweigh it', () => {
    const readSpecs = readingOf(`<p>${DESCRIPTION}</p><h2>Specifications</h2><p>Diameter: 30 cm</p>`);
    const region = regionOf(
      `<p>${DESCRIPTION}</p><div class="specifications"><h2>Specifications</h2><p>Diameter: 30 cm</p></div>`,
    );
    expect(withMissedProductSections(readSpecs, region)).toBeNull();
    const longDetails = `<div class="product-details"><p>${'Sold by a shop with ten thousand sales and many items. '.repeat(8)}</p></div>`;
    expect(withMissedProductSections(read, regionOf(`<p>${DESCRIPTION}</p>${longDetails}`))).toBeNull();
  });

  it("adds a publisher's long editorial section that shares only common words with the reading: read when its runs of words are", () => {
    const sentence =
      'The skillet is made of cast iron and it is ready to use on the stove, in the oven and on the grill. ';
    const reading = readingOf(`<p>${sentence.repeat(3)}</p>`);
    const blurbs =
      '"Is the iron of the skillet safe in the oven? It is, and on the grill and the stove it is too," a cook wrote. ' +
      '"Is it made to use on a campfire? Yes: cast iron is ready for the fire, the oven and the grill alike."';
    const editorial = `<div class="editorial-reviews"><h2>Editorial reviews</h2><p>${blurbs}</p></div>`;
    const text = visibleTextOf(
      withMissedProductSections(reading, regionOf(`<p>intro</p>${editorial}`)) ?? reading,
    );
    expect(text).toContain('Is it made to use on a campfire?');
    // Any other section is looked for by its words: the same text as a tab of questions was read.
    const faq = `<div class="faq"><h2>FAQ</h2><p>${blurbs}</p></div>`;
    expect(withMissedProductSections(reading, regionOf(`<p>intro</p>${faq}`))).toBeNull();
  });
});
