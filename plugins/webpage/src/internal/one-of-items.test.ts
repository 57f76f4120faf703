import { describe, expect, it } from 'vitest';
import { convertHtml } from '../convert-html.js';
import { toMarkdown } from '../../test/golden.js';

const sentence = (topic: string, times: number) =>
  `${`We talked about ${topic} with the customers at length before the event began. `.repeat(times)}`;

/** One post as a hosted forum lays it out (forum.cookshack.com): a box per post, a `post-body` inside. */
const post = (author: string, body: string) => `<div class="row post-box">
  <div class="post-box-byline"><a href="/member/${author}">${author}</a> <span>Member</span></div>
  <div class="post-box-inner-body"><div class="post-body eve-import-post">${body}</div></div>
</div>`;

/**
 * A thread whose longest post is a reply: Readability reads that reply alone as the article. Each
 * post stands in a wrapper of its own id (no run of sibling items), and the page calls itself an
 * article (`og:type`), as the hosted forum does.
 */
function thread(postBody = post): string {
  const posts = [
    postBody('opener', sentence('a discretionary gratuity on catering proposals', 3)),
    postBody('mnhogfarmer', sentence('an automatic tip and the sales tax on contracts', 3)),
    postBody('smokin', sentence('whether a tip should be written into the price', 3)),
    postBody(
      'caterer',
      `<p>${sentence('servers, tips and the long night after a wedding', 8)}</p><p>${sentence('paying the staff fairly', 6)}</p>`,
    ),
    postBody('consumer', sentence('the view of someone who hires caterers', 3)),
  ];
  return `<html><head><title>Catering Tips | Cookshack</title><meta property="og:type" content="article"></head>
<body><header><nav><a href="/">Forums</a> <a href="/recent">Recent</a></nav></header>
<main><h1>Catering Tips</h1>${posts.map((one, index) => `<div id="post_${String(index)}">${one}</div>`).join('\n')}</main>
<footer>© Cookshack</footer></body></html>`;
}

describe('readsOneOfItems', () => {
  it('reads a thread whole when Readability took one of its posts (each a `post-body`) as the article', async () => {
    const markdown = toMarkdown((await convertHtml(thread())).root);
    expect(markdown).toContain('servers, tips and the long night after a wedding');
    expect(markdown).toContain('a discretionary gratuity on catering proposals');
    expect(markdown).toContain('an automatic tip and the sales tax on contracts');
    expect(markdown).toContain('the view of someone who hires caterers');
  });

  it("keeps Readability's block when the repeated class names no post (a page builder's `pbf-element`)", async () => {
    const block = (author: string, body: string) =>
      `<div class="pbf-element"><h3>${author}</h3><div class="pbf-text">${body}</div></div>`;
    const markdown = toMarkdown((await convertHtml(thread(block))).root);
    expect(markdown).toContain('servers, tips and the long night after a wedding');
    expect(markdown).not.toContain('a discretionary gratuity on catering proposals');
  });
});
