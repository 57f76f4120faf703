import { describe, expect, it } from 'vitest';
import { convertHtml } from '../convert-html.js';
import { toMarkdown } from '../../test/golden.js';
import { findListedItems } from './listed-items.js';
import { parseWithLinkedom } from './load-dom.js';

const RECIPES = [
  'Sticky Chicken Thighs',
  'Cottage Cheese Bagels',
  'Maple Roasted Squash',
  'Salmon Bites with Rice',
  'Fish Tacos with Mango Salsa',
  'Crispy Sweet Potato Fries',
  'Whole Roast Chicken',
  'Garlic Butter Shrimp',
  'Peaches with Whipped Ricotta',
  'Zucchini with Parmesan',
];

const intro = `<p>${'Quick and healthy recipes for every day of the week, from breakfast to dinner, all made in one pan. '.repeat(2)}</p>
<p>${'We love cooking at home and how it makes everything crispy and delicious in record time with little oil. '.repeat(1)}</p>`;

/** A blog's category archive (a Genesis theme's layout): the description above the `<main>`, one card per post. */
function archive(card: (title: string, index: number) => string, wrapper = 'content-sidebar-wrap'): string {
  return `<html><head><title>Healthy Recipes | Fit Foodie</title><meta property="og:type" content="article"></head>
<body><header><nav><a href="/">Home</a> <a href="/recipes">Recipes</a> <a href="/about">About</a></nav></header>
<div class="archive-description"><h1>Healthy Recipes</h1>${intro}</div>
<div class="${wrapper}"><main class="content">${RECIPES.map(card).join('\n')}</main>
<aside class="sidebar"><p>${'Hi, I am the cook behind this blog and these are my favourite recipes. '.repeat(12)}</p></aside></div>
<footer><p>© Fit Foodie, all rights reserved. Recipes, photographs and words by the cook of this blog.</p>
<a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a> <a href="/contact">Contact the cook</a></footer></body></html>`;
}

const post = (title: string, index: number) =>
  `<article class="post-${String(100 + index)} post entry"><header class="entry-header"><a href="/r/${String(index)}"><img src="/r/${String(index)}.jpg" alt=""></a>
<h2 class="entry-title"><a href="/r/${String(index)}">${title}</a></h2></header></article>`;

describe('findListedItems', () => {
  it("keeps a category's posts after the introduction Readability read as the article", async () => {
    const markdown = toMarkdown((await convertHtml(archive(post), { url: 'https://example.com/c/' })).root);
    expect(markdown).toContain('Quick and healthy recipes for every day of the week');
    for (const title of RECIPES) expect(markdown).toContain(title);
    expect(markdown.indexOf('Quick and healthy')).toBeLessThan(markdown.indexOf(RECIPES[0] ?? ''));
    expect(markdown).not.toContain('favourite recipes');
  });

  it("keeps the entries as items but judges Readability's part as an article's (its link list goes)", async () => {
    const links = ['Breakfast ideas', 'Lunch boxes', 'Dinner tonight', 'Sweet desserts']
      .map((name) => `<li><a href="/c/${name.replace(/\W+/g, '-')}">${name}</a></li>`)
      .join('');
    const page = archive(post).replace(`${intro}</div>`, `${intro}<ul>${links}</ul></div>`);
    const markdown = toMarkdown((await convertHtml(page, { url: 'https://example.com/c/' })).root);
    expect(markdown).toContain('Quick and healthy recipes for every day of the week');
    for (const title of RECIPES) expect(markdown).toContain(title);
    expect(markdown).not.toContain('Lunch boxes');
  });

  it('leaves out a box of other posts a block is named for (`related-posts`)', async () => {
    const page = archive(post).replace(
      '<main class="content">',
      '<main class="content"><div class="related-posts">',
    );
    const markdown = toMarkdown(
      (await convertHtml(page.replace('</main>', '</div></main>'), { url: 'https://example.com/c/' })).root,
    );
    expect(markdown).toContain('Quick and healthy recipes for every day of the week');
    expect(markdown).not.toContain('Fish Tacos with Mango Salsa');
  });

  it('takes no entries from a `<nav>`, however much of the region it holds (a documentation index)', () => {
    const cards = RECIPES.map(post).join('');
    const region = (wrapper: string) =>
      parseWithLinkedom(
        `<html><body><main><p>A short introduction.</p><${wrapper}>${cards}</${wrapper}></main></body></html>`,
      ).body as Element;
    expect(findListedItems(region('div'), 'A short introduction.')).toHaveLength(RECIPES.length);
    expect(findListedItems(region('nav'), 'A short introduction.')).toBeNull();
  });

  it("groups a list's entries by the class they share, not by each one's first class", () => {
    // Every third card is featured: by first class the run was split into runs of three and seven.
    const card = (title: string, index: number) =>
      `<div class="${index % 3 === 0 ? 'featured card' : 'card'} card-${String(index)}"><a href="/r/${String(index)}">${title}</a></div>`;
    const region = parseWithLinkedom(
      `<html><body><main><p>A short introduction.</p><div>${RECIPES.map(card).join('')}</div></main></body></html>`,
    ).body as Element;
    expect(findListedItems(region, 'A short introduction.')).toHaveLength(RECIPES.length);
  });

  it('leaves out fewer than eight entries: a story ends with a handful of teasers', async () => {
    const few = (title: string, index: number) => (index < 5 ? post(title, index) : '');
    const markdown = toMarkdown((await convertHtml(archive(few), { url: 'https://example.com/c/' })).root);
    expect(markdown).toContain('Quick and healthy recipes for every day of the week');
    expect(markdown).not.toContain('Fish Tacos with Mango Salsa');
  });

  it("reads a grid's cards across its rows, after an introduction a CMS wrapped in `<content>`", async () => {
    // OmniUpdate's layout: the body text in `<content>`, then rows of three cards, each row in a
    // wrapper of its own named for the CMS's widget: no parent holds eight cards.
    const card = (title: string, index: number) =>
      `<div class="col-md-4"><div class="card-box"><a href="/c/${String(index)}"><img src="/c/${String(index)}.png" alt=""></a>
<h4><strong>${title}</strong></h4>
<ul><li><a href="/c/${String(index)}/certificate">Certificate in ${title}</a></li></ul>
<p><a class="button" href="/c/${String(index)}">Read More</a></p></div></div>`;
    const rows = [RECIPES.slice(0, 3), RECIPES.slice(3, 6), RECIPES.slice(6, 8), RECIPES.slice(8)]
      .map(
        (row, r) =>
          `<div class="widget widget-stories--wrapper"><div class="row">${row.map((title, i) => card(title, r * 3 + i)).join('')}</div></div>`,
      )
      .join('\n');
    const page = `<html><head><title>Cooking Classes | Fit Foodie</title></head><body>
<header><nav><a href="/">Home</a> <a href="/classes">Classes</a> <a href="/about">About</a></nav></header>
<div class="content-body"><section><div class="section section--content"><div class="table"><div class="cell">
<h1>Cooking Classes</h1><content>${intro}${intro}${intro}</content></div></div></div></section>
<section><div class="section">${rows}</div></section></div>
<footer><p>${'Fit Foodie, the cooking school of the town, open every day of the week. '.repeat(20)}</p>
<p>© Fit Foodie, all rights reserved.</p></footer></body></html>`;
    const markdown = toMarkdown((await convertHtml(page, { url: 'https://example.com/classes/' })).root);
    expect(markdown).toContain('Quick and healthy recipes for every day of the week');
    for (const title of RECIPES) expect(markdown).toContain(`Certificate in ${title}`);
    expect(markdown.indexOf('Quick and healthy')).toBeLessThan(markdown.indexOf(RECIPES[0] ?? ''));
    expect(markdown).not.toContain('all rights reserved');
  });

  it('reads no grid of rows wider than six cards, nor one of fewer than eight cards', () => {
    const card = (title: string, index: number) =>
      `<div class="col"><a href="/r/${String(index)}">${title}</a></div>`;
    const grid = (perRow: number, count: number) => {
      const titles = RECIPES.concat(RECIPES).slice(0, count);
      const rows: string[] = [];
      for (let start = 0; start < titles.length; start += perRow) {
        rows.push(
          `<div class="row">${titles
            .slice(start, start + perRow)
            .map(card)
            .join('')}</div>`,
        );
      }
      return parseWithLinkedom(
        `<html><body><main><p>A short introduction.</p><div>${rows.join('')}</div></main></body></html>`,
      ).body as Element;
    };
    expect(findListedItems(grid(3, 9), 'A short introduction.')).toHaveLength(9);
    expect(findListedItems(grid(3, 6), 'A short introduction.')).toBeNull();
    expect(findListedItems(grid(7, 14), 'A short introduction.')).toBeNull();
  });
});
