import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';

const page = (body: string): Document =>
  parseWithLinkedom(
    `<!DOCTYPE html><html><body itemscope itemtype="https://schema.org/QAPage">${body}</body></html>`,
  );

const remark = (text: string): string =>
  `<li class="comment" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><span class="comment-copy">${text}</span></li>`;

describe('dropAnswerRemarks (run by the parse)', () => {
  it("removes the remarks under a Q&A page's question and answers, with their links", () => {
    const document = page(
      `<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><p>How do I back up my disk?</p>` +
        `<div id="comments-1" class="comments"><ul>${remark('Which system do you run?')}</ul></div>` +
        `<div id="comments-link-1"><a href="#">Add a comment</a></div></div>` +
        `<div class="answer" itemscope itemtype="https://schema.org/Answer"><p>Use rsync to a second disk.</p>` +
        `<ul class="comments-list">${remark('Thanks, that worked.')}</ul></div>`,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('How do I back up my disk?');
    expect(text).toContain('Use rsync to a second disk.');
    expect(text).not.toContain('Which system');
    expect(text).not.toContain('Add a comment');
    expect(text).not.toContain('Thanks, that worked');
  });

  it("keeps an answer typed inside its question and a thread's replies typed as comments", () => {
    const document = page(
      `<div itemscope itemtype="https://schema.org/Question"><p>Which tent for the Alps?</p>` +
        `<div class="comments-and-answers"><div itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><p>A four-season dome.</p></div></div></div>` +
        `<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><p>Opening post</p>${remark('A reply of the thread')}</div>`,
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('A four-season dome.');
    expect(text).toContain('A reply of the thread');
  });

  it('leaves comments alone on a page that types no question or answer', () => {
    const document = parseWithLinkedom(
      `<!DOCTYPE html><html><body><article><p>Story</p><div class="comments">${remark('First!')}</div></article></body></html>`,
    );
    expect(document.body.textContent).toContain('First!');
  });
});
