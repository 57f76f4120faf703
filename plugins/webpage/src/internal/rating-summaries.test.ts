import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { dropRatingSummaries, isRatingSummary } from './rating-summaries.js';
import { visibleTextOf } from './visible-text.js';

function afterDrop(body: string): string {
  const document = parseWithLinkedom(`<!DOCTYPE html><html><body><main>${body}</main></body></html>`);
  dropRatingSummaries(document.querySelector('main') as Element);
  return visibleTextOf(document.body);
}

describe('isRatingSummary', () => {
  it('reads the summaries shops print beside a product', () => {
    for (const line of [
      'Rated 4.8 out of 5',
      'Based on 46971 reviews',
      '4.6 out of 5 Stars. 1664 reviews',
      '4.7 out of 5 stars from 10 customer ratings',
      '4.5 out of 5 stars',
      '339 reviews',
      '(1,113 ratings)',
    ])
      expect(isRatingSummary(line), line).toBe(true);
  });

  it('leaves sentences and specifications that mention ratings', () => {
    for (const line of [
      'Reviews',
      'Rated for 5 bar water resistance',
      'Reviewers liked the battery: 4.5 out of 5 of them would buy it again.',
      'IP67 rating',
      '5 out of 5 dentists recommend flossing daily with a soft brush',
    ])
      expect(isRatingSummary(line), line).toBe(false);
  });
});

describe('dropRatingSummaries', () => {
  it('drops a summary drawn in spans, whole, and keeps the product beside it (ridge-like)', () => {
    const text = afterDrop(
      '<h1>Aluminum Wallet</h1><div class="stars"><span>Rated 4.8 out of 5</span></div>' +
        '<div class="count"><span>Based on</span> <span>46971</span> <span>reviews</span></div>' +
        '<p>Holds 1 to 12 cards and expands without stretching. Rated for daily carry.</p>',
    );
    expect(text).not.toContain('4.8 out of 5');
    expect(text).not.toContain('46971');
    expect(text).toContain('Aluminum Wallet');
    expect(text).toContain('Rated for daily carry.');
  });

  it('keeps a block that holds a summary and more', () => {
    const text = afterDrop(
      '<div><p>Our customers love it.</p><p>4.6 out of 5 Stars. 1664 reviews</p></div><p>Blender, 1200 W.</p>',
    );
    expect(text).toContain('Our customers love it.');
    expect(text).not.toContain('1664');
    expect(text).toContain('Blender, 1200 W.');
  });
});
