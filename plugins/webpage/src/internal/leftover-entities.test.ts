import { describe, expect, it } from 'vitest';
import { decodeLeftoverEntities } from './leftover-entities.js';
import { parseWithLinkedom } from './load-dom.js';
import { readPageFacts } from './page-facts.js';

describe('decodeLeftoverEntities', () => {
  const document = parseWithLinkedom('<!DOCTYPE html><html><body></body></html>');

  it('decodes a reference the page escaped twice, and reads no markup', () => {
    expect(decodeLeftoverEntities('under my b&hellip;', document)).toBe('under my b\u2026');
    expect(decodeLeftoverEntities('Q&amp;A &lt;b&gt; <i>x</i>', document)).toBe('Q&A <b> <i>x</i>');
    expect(decodeLeftoverEntities('R&D and AT&T', document)).toBe('R&D and AT&T');
  });

  it("gives a Discourse page's description without a literal &hellip;", () => {
    const page = parseWithLinkedom(
      '<!DOCTYPE html><html><head><meta name="description" content="I took a course in school on web dev and so I have HTML, CSS, and some Javascript under my b&amp;hellip;"></head><body></body></html>',
    );
    const facts = readPageFacts(page, undefined);
    expect(facts.description).toBe(
      'I took a course in school on web dev and so I have HTML, CSS, and some Javascript under my b\u2026',
    );
  });
});
