import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { classedItemsShare, narrowToProduct, readMainRegion } from './main-region.js';
import { visibleTextOf } from './visible-text.js';

const PROSE = 'The harbour authority approved the plan on Tuesday after two years of public hearings. ';

function regionOf(body: string) {
  const region = readMainRegion(parseWithLinkedom(`<!DOCTYPE html><html><body>${body}</body></html>`));
  if (region === null) throw new Error('no region');
  return region;
}

describe('readMainRegion', () => {
  it('keeps a wrapper that names the layout beside it (node-no-sidebar), drops a sidebar', () => {
    const region = regionOf(
      `<div class="node node-no-sidebar"><p>${PROSE}</p></div>` +
        `<div class="sidebar">Latest posts</div><p>${PROSE.repeat(6)}</p>`,
    );
    const text = visibleTextOf(region.element);
    expect(text.split(PROSE).length - 1).toBe(7);
    expect(text).not.toContain('Latest posts');
  });

  it('keeps a wrapper named for the layout that holds the <main> (content-sidebar-wrap)', () => {
    // A blog's category page as a Genesis theme lays it out: the intro above, the posts' titles in
    // <main>, the <main> and the sidebar in a wrapper named for both; <main> holds too little to be
    // the region on its own.
    const titles = ['Air Fryer Shrimp', 'Fish Tacos with Mango Salsa', 'Crispy Sweet Potato Fries']
      .map(
        (title) => `<article class="post entry"><h2><a href="/${title.length}">${title}</a></h2></article>`,
      )
      .join('');
    const region = regionOf(
      `<div class="intro"><p>${PROSE.repeat(6)}</p></div>` +
        `<div class="content-sidebar-wrap"><main class="content">${titles}</main>` +
        `<aside class="sidebar">Popular topics</aside></div>`,
    );
    const text = visibleTextOf(region.element);
    expect(text).toContain('Fish Tacos with Mango Salsa');
    expect(text).not.toContain('Popular topics');
  });
});

describe('readMainRegion: repeated items', () => {
  const post = (shade: string, author: string) =>
    `<div id="p${shade}1" class="post has-profile ${shade}"><h3>${author}</h3><p>${PROSE}</p></div>`;

  it("counts a thread's posts that stand right under role=main, their rows shaded bg1 / bg2 in turn", () => {
    const region = regionOf(
      '<div class="menu"><a href="/">Board index</a></div>' +
        `<div id="page-body" role="main"><h2>Portfolio check</h2>` +
        `${post('bg2', 'Alice')}${post('bg1', 'Bob')}${post('bg2', 'Carol')}${post('bg1', 'Dan')}</div>`,
    );
    expect(region.element.getAttribute('id')).toBe('page-body');
    expect(region.repeatedShare).toBeGreaterThan(0.8);
  });

  it("drops a poster's signature under each post, not a block named for a signature dish", () => {
    const signed = (author: string) =>
      `<div class="post"><h3>${author}</h3><p>${PROSE}</p>` +
      `<div id="sig${author.length}" class="signature">All 3 V2 apps for iPad; macOS 10.15</div></div>`;
    const region = regionOf(
      `<main>${signed('Alice')}${signed('Bob')}${signed('Carol')}` +
        `<div class="signature-dish">Our signature dish: smoked harbour trout</div></main>`,
    );
    const text = visibleTextOf(region.element);
    expect(text).not.toContain('All 3 V2 apps');
    expect(text).toContain('smoked harbour trout');
    expect(text.split(PROSE).length - 1).toBe(3);
  });

  it('keeps items of different kinds apart (posts are not the cards beside them)', () => {
    const region = regionOf(
      `<main>${post('bg1', 'Alice')}${post('bg2', 'Bob')}` +
        `<div class="card">${PROSE}</div><div class="teaser">${PROSE}</div></main>`,
    );
    expect(region.repeatedShare).toBe(0);
  });
});

describe('narrowToProduct', () => {
  const product = {
    name: 'Dark Roast Coffee',
    description: 'Darker roast for bolder days. Meet the yin to your yang.',
  };
  const page =
    '<main><div class="product"><h1>Dark Roast Coffee</h1><p>$19.99</p>' +
    '<div class="tabs"><p>DARKER ROAST FOR BOLDER DAYS.</p><p>Meet the yin to your yang.</p></div></div>' +
    `<div class="reviews"><p>${PROSE.repeat(4)}</p></div><div class="also">Light Roast Coffee $17.99</div></main>`;

  it("reads the product's own block: its name and description, not the reviews and other products", () => {
    const block = narrowToProduct(regionOf(page), product);
    const text = visibleTextOf(block.element);
    expect(text).toContain('Dark Roast Coffee');
    expect(text).toContain('Meet the yin to your yang.');
    expect(text).not.toContain('harbour');
    expect(text).not.toContain('Light Roast');
  });

  it('keeps the region when the page does not show the description (it is only in the JSON-LD)', () => {
    const region = regionOf(page);
    expect(
      narrowToProduct(region, { ...product, description: 'Only for search engines, never shown.' }),
    ).toBe(region);
  });

  // Laid out as a maker's product page (apple.com's AirPods page, newegg.com's listing): the name and
  // a tagline in a hero, the product's features in the sections below it.
  const hero =
    '<main><section class="marquee"><h1>AirPods Pro 3</h1>' +
    "<p>The world's best in-ear Active Noise Cancellation, heart rate sensing during workouts.</p></section>" +
    `<section class="story"><h2>Sound</h2><p>${PROSE.repeat(6)}</p></section></main>`;

  it("keeps the region when the block holding the name and the description's opening is under half the reading (a hero)", () => {
    const region = regionOf(hero);
    const product = {
      name: 'AirPods Pro 3',
      description: "AirPods Pro 3 — The world's best in-ear Active Noise Cancellation, and more.",
    };
    expect(visibleTextOf(narrowToProduct(region, product).element)).not.toContain('harbour');
    expect(narrowToProduct(region, { ...product, readCharacters: 400 })).toBe(region);
  });

  it('keeps the region when the description only repeats the name (the heading holds both)', () => {
    const region = regionOf(hero);
    expect(narrowToProduct(region, { name: 'AirPods Pro 3', description: 'AirPods Pro 3' })).toBe(region);
  });
});

describe('readMainRegion: landmarks', () => {
  const departments = [
    'CPUs',
    'CPU Coolers',
    'Motherboards',
    'Memory',
    'Storage',
    'Video Cards',
    'Power Supplies',
  ]
    .map((name) => `<li><a href="/products/${name.length}">${name} and accessories for every build</a></li>`)
    .join('');

  it("drops the page's header however much its menu says, not a header that holds the page's heading", () => {
    const region = regionOf(
      `<header class="site"><nav><ul>${departments}</ul></nav></header>` +
        '<div class="page"><h1>Command Decorating Clips, Clear, 40 Clips</h1><p>Price alert: $4.99 at two stores.</p></div>',
    );
    const text = visibleTextOf(region.element);
    expect(text).toContain('Command Decorating Clips');
    expect(text).not.toContain('Motherboards');
    const headed = regionOf(`<header><h1>Harbour plan</h1><p>${PROSE.repeat(3)}</p></header><p>${PROSE}</p>`);
    expect(visibleTextOf(headed.element)).toContain('Harbour plan');
  });
});

describe('classedItemsShare', () => {
  const bodyOf = (html: string) => parseWithLinkedom(`<!DOCTYPE html><html><body>${html}</body></html>`).body;

  it("counts a run of cards of one class, most of a section front's playlist", () => {
    const clips = [1, 2, 3, 4]
      .map((n) => `<div class="clip clip-${n}"><p>Clip ${n}. ${PROSE}</p></div>`)
      .join('');
    expect(classedItemsShare(bodyOf(`<h2>What you missed</h2>${clips}`))).toBeGreaterThan(0.9);
  });

  it("leaves out an article's bullet list (items without a class)", () => {
    const points = [1, 2, 3, 4].map((n) => `<li>Point ${n}. ${PROSE}</li>`).join('');
    expect(classedItemsShare(bodyOf(`<p>${PROSE}</p><ul>${points}</ul>`))).toBe(0);
  });
});
