import { describe, expect, it } from 'vitest';
import { dropHeadingAnchorId, isSlugOf } from './heading-anchors.js';
import { parseWithLinkedom } from './load-dom.js';
import { BOILERPLATE_MARK, markNamedBoilerplate } from './mark-named-boilerplate.js';

function elementOf(html: string): Element {
  const element = parseWithLinkedom(`<html><body>${html}</body></html>`).body.firstElementChild;
  if (element === null) throw new Error('no element');
  return element;
}

describe('isSlugOf', () => {
  it("reads generators' slugs of a title, with their repeat numbers", () => {
    expect(isSlugOf('don-t-get-discouraged-or-impatient', 'Don’t get discouraged - or impatient¶')).toBe(
      true,
    );
    expect(isSlugOf('using_the_api', 'Using the API')).toBe(true);
    expect(isSlugOf('examples-2', 'Examples')).toBe(true);
    expect(isSlugOf('comments-section', 'Respond to review comments')).toBe(false);
    expect(isSlugOf('related', '')).toBe(false);
  });
});

describe('dropHeadingAnchorId', () => {
  it("removes a Sphinx section's id spelled from its heading", () => {
    const section = elementOf(
      '<section id="respond-to-review-comments"><h2>Respond to review comments<a class="headerlink" href="#respond-to-review-comments">¶</a></h2><p>Reply to every reviewer.</p></section>',
    );
    expect(dropHeadingAnchorId(section)).toBe(true);
    expect(section.hasAttribute('id')).toBe(false);
  });

  it("reads past an old label's empty anchor before the section's heading", () => {
    const section = elementOf(
      '<section id="use-trimmed-interleaved-replies"><span id="interleaved-replies"></span><h2>Use trimmed interleaved replies</h2></section>',
    );
    expect(dropHeadingAnchorId(section)).toBe(true);
  });

  it("removes a heading's own slug id", () => {
    const heading = elementOf('<h2 id="related-projects">Related projects</h2>');
    expect(dropHeadingAnchorId(heading)).toBe(true);
  });

  it('keeps a box named as what its heading says it is, and a name that is no slug', () => {
    expect(
      dropHeadingAnchorId(elementOf('<div id="related-posts"><h3>Related Posts</h3><ul></ul></div>')),
    ).toBe(false);
    expect(dropHeadingAnchorId(elementOf('<section id="comments"><h2>Comments</h2></section>'))).toBe(false);
    expect(dropHeadingAnchorId(elementOf('<div id="comment-list"><h2>What readers said</h2></div>'))).toBe(
      false,
    );
  });
});

describe('markNamedBoilerplate with heading slugs', () => {
  it("keeps a documentation page's section whose title holds a boilerplate word", () => {
    const document = parseWithLinkedom(
      '<html><body><main><section id="respond-to-review-comments"><h2>Respond to review comments</h2>' +
        '<p>Your patch will almost certainly get comments from reviewers.</p></section>' +
        '<div id="comments"><h2>Comments</h2><p>Nice guide!</p></div></main></body></html>',
    );
    markNamedBoilerplate(document);
    const marked = Array.from(document.querySelectorAll(BOILERPLATE_MARK)).map(
      (mark) => mark.textContent ?? '',
    );
    expect(marked).toEqual(['CommentsNice guide!']);
  });
});
