import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { readSearchResults, unwrapSearchRedirect } from './search-results.js';

const target = 'https://en.wikipedia.org/wiki/Microsoft';
const redirect = `https://www.bing.com/ck/a?!&&p=abc&ptn=3&u=a1${Buffer.from(target).toString('base64url')}&ntb=1`;

describe('search results', () => {
  it("unwraps Bing's click redirect to the page it leads to, and leaves other links alone", () => {
    expect(unwrapSearchRedirect(redirect)).toBe(target);
    expect(unwrapSearchRedirect('https://example.com/ck/a?u=a1aHR0cHM6Ly94LmV4YW1wbGU')).toBe(
      'https://example.com/ck/a?u=a1aHR0cHM6Ly94LmV4YW1wbGU',
    );
    const script = `https://www.bing.com/ck/a?u=a1${Buffer.from('javascript:alert(1)').toString('base64url')}`;
    expect(unwrapSearchRedirect(script)).toBe(script);
  });

  it('reads each result as its linked title, its snippet without the engine’s label, and its deep links', () => {
    const document = parseWithLinkedom(
      `<html><body><input id="sb_form_q" value="microsoft wikipedia"><ol id="b_results">
       <li class="b_algo"><h2><a href="${redirect.replaceAll('&', '&amp;')}">Microsoft - Wikipedia</a></h2>
       <div class="b_caption"><p><span class="algoSlug_icon">WEB</span>Microsoft is <strong>a company</strong>.</p></div>
       <div class="b_deep"><ul><li><a href="${redirect.replaceAll('&', '&amp;')}">History</a></li></ul></div></li>
       </ol></body></html>`,
    );
    const results = readSearchResults(document);
    expect(results?.innerHTML).toBe(
      `<h1>microsoft wikipedia</h1><h2><a href="${target}">Microsoft - Wikipedia</a></h2>` +
        '<p>Microsoft is <strong>a company</strong>.</p>' +
        `<ul><li><a href="${target}">History</a></li></ul>`,
    );
    expect(readSearchResults(parseWithLinkedom('<p>An article.</p>'))).toBeNull();
  });
});
