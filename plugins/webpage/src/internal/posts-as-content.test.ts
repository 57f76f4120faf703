import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import {
  hasArticleOutsidePosts,
  isNumberedPost,
  isPostContainer,
  missesPosts,
  withNumberedPosts,
} from './posts-as-content.js';

const OPENING = 'I have just installed version 2024.5.0 and every device is unavailable after a reboot.';
const LOG =
  'Traceback (most recent call last): File "/config/custom_components/tuya_local/device.py", line 147';
const ADVICE =
  'Looks like it is something to do with the tuya_local integration, try disabling it and restarting.';
const THANKS = 'I found a thread already open on GitHub where the same problem is being discussed, thanks.';

/** A Discourse thread as its crawler view prints it: the opening post, then replies typed as comments. */
function thread(replies: readonly string[]): Element {
  const posts = replies
    .map(
      (text, index) =>
        `<div id="post_${String(index + 2)}" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post">` +
        `<div class="crawler-post-meta"><span class="creator">poster${String(index)}</span> May 3, 2024</div>` +
        `<div class="post"><p>${text}</p></div><span>Reply</span></div>`,
    )
    .join('');
  const html =
    `<html><body><div itemscope itemtype="http://schema.org/DiscussionForumPosting">` +
    `<div id="post_1" class="topic-body crawler-post"><p>${OPENING}</p></div>` +
    `${posts}</div></body></html>`;
  return parseWithLinkedom(html).body;
}

describe('missesPosts', () => {
  it("is true when the article is one long post and a reply's sentence is not in it", () => {
    expect(missesPosts(`This is part of the log. ${LOG}`, thread([LOG, ADVICE, THANKS]))).toBe(true);
  });

  it('is false when the article holds every post, whatever chrome it dropped', () => {
    const article = `${OPENING} ${LOG} ${ADVICE} ${THANKS}`;
    expect(missesPosts(article, thread([LOG, ADVICE, THANKS]))).toBe(false);
  });

  it('does not count a post too short to have a sentence of its own ("Yep")', () => {
    expect(missesPosts(`${OPENING} ${LOG} ${ADVICE}`, thread([LOG, ADVICE, 'Yep, same here.']))).toBe(false);
  });

  it('is false on a page of fewer than three posts', () => {
    expect(missesPosts(LOG, thread([LOG]))).toBe(false);
  });
});

const PROSE =
  'The harbour authority approved the plan on Tuesday after two years of public hearings and debate. ';

/** A page with three comments and `outside` beside them; the page's post containers. */
function pageWithComments(outside: string): { body: Element; posts: Element[] } {
  const comments = ['kestrel', 'voltage', 'harbour']
    .map((user) => `<div class="comment"><b>${user}</b><p>${PROSE}</p></div>`)
    .join('');
  const body = parseWithLinkedom(
    `<html><body>${outside}<section id="comments">${comments}</section></body></html>`,
  ).body;
  const posts = Array.from(body.querySelectorAll('*')).filter((element) => isPostContainer(element));
  return { body, posts };
}

describe('hasArticleOutsidePosts', () => {
  it("is true for a blog post's body above its comments", () => {
    const { body, posts } = pageWithComments(
      `<article><div class="entry">${`<p>${PROSE}</p>`.repeat(10)}</div></article>`,
    );
    expect(hasArticleOutsidePosts(body, posts)).toBe(true);
  });

  it("is true for an article's standfirst, body and closing line in sibling wrappers", () => {
    const { body, posts } = pageWithComments(
      `<article><header><p>${PROSE}</p></header><div class="body">${`<p>${PROSE}</p>`.repeat(8)}</div><p>${PROSE}</p></article>`,
    );
    expect(hasArticleOutsidePosts(body, posts)).toBe(true);
  });

  it("is false for prose scattered in blocks of its own: other threads' teasers, a newsletter box", () => {
    const teaser = `<div class="snapshot"><h3>Another thread</h3><div class="snapshot-body"><p>${PROSE}[read more]</p></div></div>`;
    const { body, posts } = pageWithComments(`<aside>${teaser.repeat(10)}</aside>`);
    expect(hasArticleOutsidePosts(body, posts)).toBe(false);
  });
});

describe('isNumberedPost', () => {
  it("reads an id numbering a thread's post (XenForo, Discourse, vBulletin) as a post", () => {
    const body = parseWithLinkedom(
      '<html><body><article class="message message--post js-post" data-author="TissueBox" id="js-post-137554686"></article>' +
        '<div id="post_2" class="topic-body"></div><li class="postbitlegacy" id="post12345"></li></body></html>',
    ).body;
    expect(Array.from(body.children).map(isNumberedPost)).toEqual([true, true, true]);
  });

  it("does not read a WordPress blog entry's `post-123` id as a thread's post", () => {
    const entry = parseWithLinkedom(
      '<html><body><article id="post-123" class="post-123 post type-post status-publish hentry"></article></body></html>',
    ).body.firstElementChild;
    expect(entry === null ? null : isNumberedPost(entry)).toBe(false);
  });

  it("counts numbered posts only on a page that numbers three: one is a blog's article", () => {
    const [comment, first, second, third] = Array.from(
      parseWithLinkedom(
        '<html><body><li class="comment"></li><div id="post-1"></div><div id="post-2"></div><div id="post-3"></div></body></html>',
      ).body.children,
    );
    if (comment === undefined || first === undefined || second === undefined || third === undefined)
      throw new Error('no elements');
    expect(withNumberedPosts([comment], [first])).toEqual([comment]);
    expect(withNumberedPosts([comment], [first, second, third])).toEqual([comment, first, second, third]);
  });
});

describe('hasArticleOutsidePosts: hidden blocks', () => {
  it("does not count a closed dialog's terms of use as an article", () => {
    const terms = `<dialog class="terms-modal" aria-hidden="true"><div class="terms-modal-body">${`<p>${PROSE}</p>`.repeat(10)}</div></dialog>`;
    const { body, posts } = pageWithComments(terms);
    expect(hasArticleOutsidePosts(body, posts)).toBe(false);
  });
});
