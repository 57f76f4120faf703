import { describe, expect, it } from 'vitest';
import { declaredKind } from './declared-kind.js';
import { parseWithLinkedom } from './load-dom.js';
import { readPageFacts } from './page-facts.js';

const none = { ogType: undefined, jsonLd: [], itemTypes: [] };

describe('declaredKind', () => {
  it('reads og:type: article, or another kind of page', () => {
    expect(declaredKind({ ...none, ogType: ' Article ' })).toBe('article');
    expect(declaredKind({ ...none, ogType: 'website' })).toBe('other');
    expect(declaredKind(none)).toBeUndefined();
  });

  it('finds an article type in JSON-LD, alone, in a list or inside a @graph', () => {
    expect(
      declaredKind({ ...none, jsonLd: ['{"@context":"https://schema.org","@type":"NewsArticle"}'] }),
    ).toBe('article');
    expect(declaredKind({ ...none, jsonLd: ['{"@type": ["WebPage", "BlogPosting"]}'] })).toBe('article');
    const graph = '{"@graph":[{"@type":"Organization","name":"Acme"},{"@type":"Article","headline":"x"}]}';
    expect(declaredKind({ ...none, jsonLd: [graph] })).toBe('article');
  });

  it("takes a forum's posting, a Q&A page or a listing for another kind, and a web page for none", () => {
    expect(
      declaredKind({
        ...none,
        jsonLd: ['{"@type":"DiscussionForumPosting","headline":"Article about wiring"}'],
      }),
    ).toBe('other');
    expect(declaredKind({ ...none, jsonLd: ['{"@type":"CollectionPage"}'] })).toBe('other');
    expect(declaredKind({ ...none, jsonLd: ['{"@type":"WebPage","name":"Our services"}'] })).toBeUndefined();
  });

  it("reads og:type article as nothing on a page whose graph names a WebPage and no article (WordPress's pages)", () => {
    const page = '{"@graph":[{"@type":"WebPage","name":"IT services"},{"@type":"Organization"}]}';
    expect(declaredKind({ ...none, ogType: 'article', jsonLd: [page] })).toBeUndefined();
    expect(
      declaredKind({ ...none, ogType: 'article', itemTypes: ['https://schema.org/AboutPage'] }),
    ).toBeUndefined();
    const post = '{"@graph":[{"@type":"WebPage"},{"@type":"Article","headline":"x"}]}';
    expect(declaredKind({ ...none, ogType: 'article', jsonLd: [post] })).toBe('article');
    expect(declaredKind({ ...none, ogType: 'article', jsonLd: ['{"@type":"Organization"}'] })).toBe(
      'article',
    );
  });

  it('lets an article type win over another kind on the same page', () => {
    expect(declaredKind({ ...none, ogType: 'website', jsonLd: ['{"@type":"NewsArticle"}'] })).toBe('article');
  });

  it('reads a microdata itemtype URL', () => {
    expect(declaredKind({ ...none, itemTypes: ['http://schema.org/BlogPosting'] })).toBe('article');
    expect(declaredKind({ ...none, itemTypes: ['https://schema.org/Organization'] })).toBeUndefined();
  });

  it("is part of a page's facts", () => {
    const page = (head: string, body = '') =>
      readPageFacts(
        parseWithLinkedom(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`),
        undefined,
      );
    expect(page('<meta property="og:type" content="article">').declaredKind).toBe('article');
    expect(
      page('', '<div itemscope itemtype="https://schema.org/NewsArticle"><p>x</p></div>').declaredKind,
    ).toBe('article');
    expect(page('<meta property="og:type" content="website">').declaredKind).toBe('other');
  });
});
