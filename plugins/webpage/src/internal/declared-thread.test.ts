import { describe, expect, it } from 'vitest';
import { declaresThread } from './declared-thread.js';
import { parseWithLinkedom } from './load-dom.js';
import { readPageFacts } from './page-facts.js';

const none = { ogType: undefined, jsonLd: [], itemTypes: [] };

describe('declaresThread', () => {
  it("reads a forum's posting or a Q&A page in JSON-LD, alone or in a graph, or in microdata", () => {
    expect(
      declaresThread({ ...none, jsonLd: ['{"@type":"DiscussionForumPosting","headline":"Fan noise"}'] }),
    ).toBe(true);
    const graph = '{"@graph":[{"@type":"WebSite"},{"@type":"QAPage","mainEntity":{"@type":"Question"}}]}';
    expect(declaresThread({ ...none, jsonLd: [graph] })).toBe(true);
    expect(declaresThread({ ...none, itemTypes: ['https://schema.org/DiscussionForumPosting'] })).toBe(true);
  });

  it("takes a FAQ's questions, a story's comments and an article for no thread", () => {
    const faq = '{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"How long does it take?"}]}';
    expect(declaresThread({ ...none, jsonLd: [faq] })).toBe(false);
    const story = '{"@type":"NewsArticle","comment":[{"@type":"Comment","text":"Well said"}]}';
    expect(declaresThread({ ...none, jsonLd: [story] })).toBe(false);
    expect(declaresThread({ ...none, ogType: 'article' })).toBe(false);
  });

  it("is read with the page's facts from its JSON-LD scripts", () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Fan noise after update","author":{"@type":"Person","name":"kim"}}</script></head>
      <body><h1>Fan noise after update</h1><div class="msg"><a href="/m/kim">kim</a><p>Since the update the fan never stops.</p></div></body></html>`;
    expect(readPageFacts(parseWithLinkedom(html), undefined).declaresThread).toBe(true);
  });
});
