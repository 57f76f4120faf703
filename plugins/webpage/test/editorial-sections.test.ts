import { describe, expect, it } from 'vitest';
import { convertHtml } from '../src/index.js';
import { toMarkdown } from './golden.js';

async function markdownOf(html: string): Promise<string> {
  const { root } = await convertHtml(html, { url: 'https://shop.example/dp/0735211299' });
  return toMarkdown(root);
}

const DESCRIPTION =
  'No matter your goals, this book offers a proven framework for improving every day. The author, one of the ' +
  'leading writers on habit formation, shows practical ways to form good habits, break bad ones and master the tiny ' +
  'behaviours that lead to remarkable results. ';
const BLURB =
  '"A supremely practical and useful book, which distils the most fundamental knowledge about forming habits so ' +
  'that you can accomplish more by focusing on less, and it does so with warmth and many stories."';
const AUTHOR_BIO =
  'The author is a writer and speaker focused on habits, decision making and continuous improvement, whose weekly ' +
  'letter reaches readers in many countries and whose work has been featured in magazines and newspapers. ';

/** A marketplace's book page laid out as Amazon's: a description Readability reads, then the publisher's reviews. */
function bookPage(editorialName: string): string {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Small Habits',
  });
  return `<!DOCTYPE html><html><head><title>Small Habits: Hardcover</title>
<script type="application/ld+json">${jsonLd}</script></head><body>
<header><nav><a href="/">Home</a> <a href="/books">Books</a> <a href="/deals">Deals</a></nav></header><main>
<div id="centerCol"><h1 id="title">Small Habits</h1><span class="a-price">$14.99</span>
<div id="bookDescription_feature_div"><p>${DESCRIPTION}</p><p>${DESCRIPTION}</p><p>${DESCRIPTION}</p><p>${DESCRIPTION}</p></div></div>
<div id="${editorialName}" class="celwidget"><h2>Editorial Reviews</h2><div class="a-section">
<h3><span>Review</span></h3><div class="a-section"><p>${BLURB}</p><p><b>-A best-selling author of two books on work</b></p>
<p>${BLURB.replace('supremely', 'truly')}</p><p><b>-A physician and veteran</b></p>
<p>${BLURB.replace('supremely', 'wonderfully')}</p><p><b>-A morning-show host</b></p></div>
<h3><span>About the Author</span></h3><div class="a-section"><p>${AUTHOR_BIO}${AUTHOR_BIO}</p></div></div></div>
<div id="customerReviews"><h2>Customer reviews</h2><p>Bought it for my brother, the binding came loose after a week of reading.</p></div>
</main><footer><p>Conditions of use. Privacy notice.</p></footer></body></html>`;
}

describe("a product's editorial section (the publisher's reviews, the author, beside the description)", () => {
  it("is read with the description however long, its blurbs kept under their 'Review' heading", async () => {
    const markdown = await markdownOf(bookPage('editorialReviews_feature_div'));
    expect(markdown).toContain('proven framework');
    expect(markdown).toContain('Editorial Reviews');
    expect(markdown).toContain('supremely practical');
    expect(markdown).toContain('A physician and veteran');
    expect(markdown).toContain('continuous improvement');
    expect(markdown).not.toContain('binding came loose');
  });

  it("is no product's section when its name says only reviews: the buyers' reviews stay out", async () => {
    const markdown = await markdownOf(bookPage('reviews_feature_div'));
    expect(markdown).toContain('proven framework');
    expect(markdown).not.toContain('supremely practical');
    expect(markdown).not.toContain('binding came loose');
  });
});
