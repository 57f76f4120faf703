import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMdast } from '../src/internal/to-mdast.js';
import { articleElement, toMarkdown } from './golden.js';

async function markdownOf(html: string): Promise<string> {
  const { root } = await convertHtml(html, { url: 'https://shop.example/item' });
  return toMarkdown(root);
}

const DEPARTMENTS = [
  'Tents',
  'Backpacks',
  'Hiking boots',
  'Rain jackets',
  'Camp stoves',
  'Climbing ropes',
  'Bike helmets',
];
const MENU = `<header><nav><ul>${DEPARTMENTS.flatMap((name) => ['Men', 'Women', 'Kids', 'Sale'].map((group) => `<li><a href="/${name}">${group}'s ${name}</a></li>`)).join('')}</ul></nav></header>`;
const FOOTER = '<footer><p>Free returns within 30 days. Members earn rewards on every purchase.</p></footer>';

describe('shop pages: a product', () => {
  const description =
    'This versatile backpacking sleeping bag strikes a balance between warmth, weight and compressibility, ' +
    'with a water-resistant shell, a snug hood and a stash pocket for the nights you sleep under the stars.';
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Terra 15 Sleeping Bag',
    description,
  });
  const html = `<!DOCTYPE html><html><head><title>Terra 15 Sleeping Bag | Outdoor Shop</title>
<script type="application/ld+json">${jsonLd}</script></head><body>${MENU}<main>
<div class="product"><div class="summary"><h1>Terra 15 Sleeping Bag</h1><p class="price">$259.95</p>
<form action="/cart"><label>Length <select name="length"><option>Regular</option><option>Long zip-left</option></select></label>
<div class="sizes"><button type="button">XS</button><button type="button">XL</button></div><button>Add to bag</button></form></div>
<div class="tabs"><div class="tab"><div class="description"><p>${description}</p>
<button aria-expanded="false">Which temperature rating suits a winter trip?</button></div></div>
<div class="tab"><table><tr><td>Temperature rating</td><td>15 F</td></tr><tr><td>Weight</td><td>2.67 lbs</td></tr>
<tr><td>Insulation</td><td>650-fill goose down</td></tr><tr><td>Shape</td><td>mummy</td></tr>
<tr><td>Zipper</td><td>full length, two-way</td></tr><tr><td>Shell fabric</td><td>20-denier recycled nylon ripstop</td></tr>
<tr><td>Lining</td><td>20-denier nylon taffeta</td></tr><tr><td>Packed size</td><td>8 x 15 inches</td></tr>
<tr><td>Fits up to</td><td>6 ft 2 in</td></tr><tr><td>Item number</td><td>595247</td></tr></table></div></div></div>
<div class="river"><h2>Customers who viewed this item also viewed</h2><ul>
<li><a href="/a">Siesta Hooded 20 Sleeping Bag</a> $139.95</li><li><a href="/b">Catena 30 Sleeping Bag</a> $59.95</li>
<li><a href="/c">Disco 15 Down Sleeping Bag</a> $299.95</li></ul></div>
<div class="product-reviews"><h2>Customer reviews</h2><p>Warm enough at 20 degrees, though the zipper snagged twice on the first night out.</p></div>
</main>${FOOTER}</body></html>`;

  it('reads the product block (name, price, description, specifications), not other products or reviews', async () => {
    const markdown = await markdownOf(html);
    expect(markdown).toContain('$259.95');
    expect(markdown).toContain('650-fill goose down');
    expect(markdown).toContain('stash pocket');
    expect(markdown).not.toContain('Catena 30');
    expect(markdown).not.toContain('zipper snagged');
  });

  it('leaves out the controls for buying (a drop-down of lengths, sizes to pick, "Add to bag"), not a question\'s toggle', async () => {
    const markdown = await markdownOf(html);
    expect(markdown).toContain('stash pocket');
    expect(markdown).not.toContain('Long zip-left');
    expect(markdown).not.toContain('Add to bag');
    expect(markdown).not.toMatch(/\bXL\b/);
    expect(markdown).toContain('Which temperature rating suits a winter trip?');
  });
});

describe('shop pages: a catalogue', () => {
  const intro =
    'Our sleeping bags keep you warm from summer campgrounds to winter summits. Choose by temperature rating, ' +
    'weight and insulation, and sleep better on every trip you take this year with friends and family.';
  const cards = [
    ['Siesta Hooded 20', '$139.95'],
    ['Catena 30', '$59.95'],
    ['Terra 15', '$259.95'],
    ['Disco 15', '$299.95'],
    ['Anthracite 20', '$189.95'],
    ['Magma 15 Down', '$449.95'],
    ['Trail Pod 30', '$119.95'],
    ['Cosmic 20 Down', '$199.95'],
    ['Lamina 15', '$209.95'],
    ['Hyperlamina Spark', '$279.95'],
    ['Kids Trailbreak 20', '$69.95'],
    ['Double Camp Bag', '$169.95'],
    ['Radiant 0 Down Mummy', '$529.95'],
    ['Flicker 20 Quilt', '$259.95'],
    ['Backcountry Bed 30', '$189.95'],
  ]
    .map(
      ([name, price]) => `<div class="tile"><a href="/p">${name ?? ''}</a><span>${price ?? ''}</span></div>`,
    )
    .join('');
  const filters = `<div class="facets"><h3>Filter by</h3><p>${'Brand Shape Weight Temperature Insulation Gender '.repeat(6)}</p></div>`;
  const html = `<!DOCTYPE html><html><head><title>Sleeping Bags | Outdoor Shop</title></head><body>${MENU}
<main><h1>Sleeping Bags</h1><div class="intro"><p>${intro}</p></div>${filters}<div class="grid">${cards}</div></main>${FOOTER}</body></html>`;

  it('reads the grid of items (names and prices) beside the short introduction Readability reads', async () => {
    const markdown = await markdownOf(html);
    expect(markdown).toContain('Our sleeping bags keep you warm');
    expect(markdown).toContain('Catena 30');
    expect(markdown).toContain('$299.95');
  });
});

describe('shop pages: a menu inside the article', () => {
  it("drops a site's menu (a <nav> nearly all links) even when it outweighs the text", () => {
    const links = Array.from(
      { length: 40 },
      (_, index) => `<li><a href="/c${String(index)}">Category number ${String(index)}</a></li>`,
    );
    const markdown = toMarkdown(
      toMdast(
        articleElement(
          `<div><nav><ul>${links.join('')}</ul></nav><h1>Bike helmets</h1><p>Choose a helmet that fits snugly and sits level on your head.</p></div>`,
        ),
        { baseUrl: 'https://shop.example/', region: true },
      ),
    );
    expect(markdown).not.toContain('Category number 7');
    expect(markdown).toContain('sits level on your head');
  });
});

describe("shop pages: a category's own long text beside its grid", () => {
  const paragraphs = [
    'Our sleeping bags keep you warm from summer campgrounds to winter summits, and each one is rated by the same laboratory test so you can compare them fairly.',
    'Down bags pack smaller and weigh less for the warmth they give, while synthetic bags stay warm when damp and cost less, which suits wet climates and first trips.',
    'A mummy shape saves weight and heat; a rectangular bag gives your knees and elbows room, and a quilt is lightest of all for sleepers who move around at night.',
    'Choose a rating about ten degrees below the coldest night you expect, and remember that a good sleeping pad matters as much as the bag for staying warm on the ground.',
    'Every bag we sell can be returned within a year if it does not keep you warm, and our staff test them on their own trips before they appear in this catalogue.',
  ];
  const cards = Array.from(
    { length: 40 },
    (_, index) =>
      `<div class="tile"><a href="/p${String(index)}">Trail sleeping bag model ${String(index)}, regular length, left zip</a><span>$${String(100 + index)}.95</span><span>Ships in two days</span></div>`,
  ).join('');
  const html = `<!DOCTYPE html><html><head><title>Sleeping Bags | Outdoor Shop</title>
<meta property="og:type" content="website"></head><body>${MENU}
<main><h1>Sleeping Bags</h1><div class="grid">${cards}</div>
<div class="category-text">${paragraphs.map((text) => `<p>${text}</p>`).join('')}</div></main>${FOOTER}</body></html>`;

  it('keeps the text Readability read and leaves the grid of priced items (no service page section)', async () => {
    const markdown = await markdownOf(html);
    expect(markdown).toContain('a good sleeping pad matters');
    expect(markdown).not.toContain('model 17');
  });
});

describe('shop pages: a catalogue its template calls a product', () => {
  const cards = Array.from(
    { length: 10 },
    (_, index) =>
      `<div class="thumb"><a href="/pot${String(index)}"><span class="item-name">Terracotta pot number ${String(index)}</span></a><span class="item-sku">SKU: S5949${String(index)}</span><div class="prices-wrap"><span class="price">$${String(20 + index)}.00</span></div></div>`,
  ).join('');
  const groups = ['Perennials', 'Annuals', 'Bulbs', 'Shrubs', 'Roses', 'Vegetables', 'Herbs', 'Houseplants'];
  const megaMenu = `<header><nav><ul>${groups.flatMap((group) => ['Full sun', 'Partial shade', 'Deer resistant', 'New this year', 'Best sellers'].map((kind) => `<li><a href="/${group}">${group}: ${kind} varieties</a></li>`)).join('')}</ul></nav></header>`;
  const html = `<!DOCTYPE html><html><head><title>Indoor Pots | Garden Shop</title>
<meta property="og:type" content="product"></head><body>${megaMenu}<main><h1>Indoor Pots</h1>
<p>Indoor containers bring color and warmth to interiors in every season; choose from traditional and modern styles.</p>
<div class="grid">${cards}</div></main>${FOOTER}</body></html>`;

  it("reads its grid of priced items, not taking them for a product's other products", async () => {
    const markdown = await markdownOf(html);
    expect(markdown).toContain('Terracotta pot number 7');
    expect(markdown).toContain('$27.00');
  });
});
