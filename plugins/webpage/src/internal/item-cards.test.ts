import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, region: boolean): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://shop.example/', region }));
}

const CHAIRS = [
  ['SitOnIt Wit High Back WFH Mesh Task Chair', '$403.00', 'SitOnIt'],
  ['SitOnIt Novo WFH High Back Mesh Task Chair', '$434.00', 'SitOnIt'],
  ['Friant Zone Too Tasker', '$249.00', 'Friant'],
  ['Branch Ergonomic Chair', '$359.00', 'Branch Furniture'],
  ['SitOnIt Focus Task Chair', '$378.00', 'SitOnIt'],
];

/**
 * A shop's category grid as a BigCommerce theme writes it (WCXB 4468): each card names its product
 * in a linked `<p class="card-title">`, with a "Quick view" button over its picture.
 */
const CHAIR_GRID =
  '<p>The ergonomic mesh office chairs in this category include designs with mesh backs and padded seats.</p>' +
  `<ul>${CHAIRS.map(
    ([name = '', price = '', brand = '']) =>
      `<li class="product"><article class="card"><figure class="card-figure"><a href="/${name.replace(/\W+/g, '-')}">` +
      `<img src="/chair.jpg" alt="${name}"></a><button class="quickview" type="button">Quick view</button></figure>` +
      `<div class="card-body"><p class="card-title"><a href="/${name.replace(/\W+/g, '-')}">${name}</a></p>` +
      `<div class="card-text"><span class="price">${price}</span></div><p class="card-text brand-name">${brand}</p></div>` +
      '</article></li>',
  ).join('')}</ul>`;

describe('the cards of a page of items', () => {
  it("keeps a card's linked line named as its title (`card-title`), which a heading would be", () => {
    for (const region of [true, false]) {
      const markdown = convert(CHAIR_GRID, region);
      expect(markdown).toContain('SitOnIt Novo WFH High Back Mesh Task Chair');
      expect(markdown).toContain('Friant Zone Too Tasker');
      expect(markdown).toContain('$249.00');
    }
  });

  it('keeps a ranked row whose title class names its link, not the box around it', () => {
    // A software directory's ranking: each row shows its rank, a logo, the product's name as a
    // linked `<a class="product-title">` in a box styled `truncate`, and its score.
    const rows = ['Automation Anywhere', 'ChatGPT', 'Seamless.AI', 'Claude', 'DeepSeek', 'Neurala']
      .map(
        (name, rank) =>
          `<div class="product-entry-row"><div class="rank">${rank + 1}.</div>` +
          `<div class="truncate"><a href="/products/${rank}" class="product-title">${name}</a></div>` +
          `<span class="score">${(9.1 - rank / 10).toFixed(1)}</span></div>`,
      )
      .join('');
    const markdown = convert(`<h1>Top Ranked Machine Learning Software</h1>${rows}`, true);
    expect(markdown).toContain('ChatGPT');
    expect(markdown).toContain('Seamless.AI');
    expect(markdown).toContain('8.9');
  });

  it('drops a linked line named as a title that stands once beside an article', () => {
    const text =
      'The harbour authority approved the plan after two years of hearings, and the first ships will dock in spring. '.repeat(
        4,
      );
    const markdown = convert(
      `<p>${text}</p><p class="promo-title"><a href="/more">More from the harbour</a></p>`,
      false,
    );
    expect(markdown).toContain('The harbour authority approved the plan');
    expect(markdown).not.toContain('More from the harbour');
  });

  it("drops a control's short button label, and keeps a button that opens a part of the page", () => {
    const markdown = convert(CHAIR_GRID, true);
    expect(markdown).not.toContain('Quick view');
    const faq = convert(
      '<h2>Questions</h2><button aria-expanded="false" aria-controls="a1">Shipping</button>' +
        '<div id="a1"><p>We ship within two days.</p></div><p><button>Add to cart</button></p>',
      false,
    );
    expect(faq).toContain('Shipping');
    expect(faq).not.toContain('Add to cart');
  });
});

describe('boxes the style sheet sets apart', () => {
  it("puts a space between a card's styled boxes that the page wrote with nothing between them", () => {
    // REI's and IMDb's cards: the brand and the name, the year, length and rating, each a box.
    const markdown = convert(
      '<p><span class="product-brand">La Sportiva</span><span class="product-title">Aragon Climbing Shoes</span></p>' +
        '<div class="metadata"><span class="item">2026</span><span class="item">1h 54m</span><span class="item">R</span></div>',
      true,
    );
    expect(markdown).toContain('La Sportiva Aragon Climbing Shoes');
    expect(markdown).toContain('2026 1h 54m');
  });

  it('leaves words split for styling, code and superscripts as written', () => {
    const markdown = convert(
      '<p><span class="initial">T</span><span class="rest">he harbour</span> opened in 1890<sup class="note">12</sup>.</p>' +
        '<p><b>Bold</b><i>italic</i> <code><span class="n">foo</span><span class="nf">bar</span></code></p>',
      false,
    );
    expect(markdown).toContain('The harbour');
    expect(markdown).toContain('opened in 189012.');
    expect(markdown).toContain('**Bold**_italic_');
    expect(markdown).toContain('`foobar`');
  });
});

describe('paragraphs a page repeats', () => {
  it('keeps one of an introduction written twice (small and large screens), and the lines each card repeats', () => {
    // iFixit's category page: its introduction once per screen size; every card says "Sold out".
    const introduction =
      "iFixit's high-quality iPhone replacement parts are strictly tested and backed by our Quality Guarantee, with guides for every repair.";
    const cards = ['iPhone 16 Parts', 'iPhone 15 Parts', 'iPhone 14 Parts']
      .map((name) => `<li><h3><a href="/${name.replace(/\W+/g, '-')}">${name}</a></h3><p>Sold out</p></li>`)
      .join('');
    const markdown = convert(
      `<div class="mobile"><p>${introduction}</p></div><div class="desktop"><p>${introduction}</p></div><ul>${cards}</ul>`,
      true,
    );
    expect(markdown.match(/strictly tested/g)).toHaveLength(1);
    expect(markdown.match(/Sold out/g)).toHaveLength(3);
  });

  it('keeps a quote of an earlier post in a reply', () => {
    const post =
      'I replaced the battery last week and the phone now lasts two full days on a single charge, which surprised me.';
    const markdown = convert(`<p>${post}</p><blockquote><p>${post}</p></blockquote><p>Same here.</p>`, false);
    expect(markdown.match(/two full days/g)).toHaveLength(2);
  });
});

/** A news index's cards (WCXB 0083's layout): a linked title, the author's name, the date, an excerpt. */
const NEWS_CARDS = [
  ['Channel Bloat May Be Costing You Hundreds Each Year', 'Dec 17, 2025'],
  ['Announcing the Customer Satisfaction Award Winners', 'Dec 16, 2025'],
  ['Providers Are Handing Out Free Gift Cards This Month', 'Dec 15, 2025'],
  ['Holiday Deals from Three Providers Are Here Early', 'Dec 12, 2025'],
  ['Baseball Streaming Moves to a New Home for Three Years', 'Dec 10, 2025'],
  ['A Studio Merger Could Lead to Higher Prices for Viewers', 'Dec 8, 2025'],
]
  .map(
    ([title = '', date = ''], index) =>
      `<div class="post-block"><h4 class="post-block--title"><a href="/news/${String(index)}">${title}</a></h4>` +
      `<div class="post-block--author-area"><div class="author-area--date">${date}</div></div>` +
      `<p class="post-block--excerpt">What changed for viewers in story ${String(index + 1)}, and what it means for the bill they pay.</p></div>`,
  )
  .join('');

describe("the bylines and dates of a page of items' cards", () => {
  it('keeps the date each card shows, on the region and on a page of items Readability read', () => {
    // Readability's article is a page of items when its cards are most of it (no excerpts here).
    const withoutExcerpts = NEWS_CARDS.replace(/<p class="post-block--excerpt">[^<]*<\/p>/g, '');
    for (const [cards, region] of [
      [NEWS_CARDS, true],
      [withoutExcerpts, false],
    ] as const) {
      const markdown = convert(`<h2>Our latest industry news articles</h2>${cards}`, region);
      expect(markdown).toContain('Announcing the Customer Satisfaction Award Winners');
      expect(markdown).toContain('Dec 17, 2025');
      expect(markdown).toContain('Dec 8, 2025');
    }
  });

  it("drops an article's own date line, which stands once", () => {
    const story = `<div class="entry-date">Dec 17, 2025</div>${'<p>The survey asked nearly 27,000 customers what they pay for television each month and which channels they watch.</p>'.repeat(4)}`;
    expect(convert(story, false)).not.toContain('Dec 17, 2025');
  });
});

/** A news front's cards as a CSS-in-JS template writes them: hashed classes, no title named. */
const STORIES = [
  'The Corvette hybrid can outpace million-dollar sports cars',
  'The superfan meetup serves optimism and lobster',
  'A bite-sized adventure puts a wrench into the classic formula',
  'A spelling checker is using our identities without permission',
  'The documentary is an overwrought hype piece',
];
const STORY_CARDS = STORIES.map(
  (title, index) =>
    `<div class="_1qlu5k3"><div class="_1xwtict9"><a href="/story/${String(index)}">${title}</a></div>` +
    `<span class="_1lldluw2">Hayden Field</span> <time>Mar ${String(index + 1)}</time>` +
    `<div class="_1xwtict4"><a href="/story/${String(index)}">Learn more about story ${String(index)}</a></div></div>`,
).join('');

describe('the linked titles of a page of items that names none of them a title', () => {
  it('keeps a linked line each card fills with its own name, and drops the call to action they open alike', () => {
    const markdown = convert(`<h2>Top Stories</h2>${STORY_CARDS}`, true);
    for (const title of STORIES) expect(markdown).toContain(title);
    expect(markdown).not.toContain('Learn more about');
  });

  it('leaves a linked line without a class, the shape of any block, a link line', () => {
    const bare = STORY_CARDS.replaceAll('<div class="_1xwtict9">', '<div>');
    expect(convert(`<h2>Top Stories</h2>${bare}`, true)).not.toContain(STORIES[1]);
  });

  it('reads such lines as an article reads them: beside an article they stay link lines', () => {
    const article = `<p>${'The council voted on the budget after a long debate about parks and roads. '.repeat(12)}</p>`;
    const markdown = convert(`${article}${STORY_CARDS}`, false);
    expect(markdown).not.toContain(STORIES[1]);
  });
});
