import { describe, expect, it } from 'vitest';
import { toString } from 'mdast-util-to-string';
import { convertHtml } from '../convert-html.js';
import { parseWithLinkedom } from './load-dom.js';
import { isQuoteCitation } from './quote-citation.js';

const post = (id: number, body: string): string =>
  `<article class="message message--post" id="post-${String(id)}">` +
  `<div class="message-user"><a href="/members/p.${String(id)}/">Poster ${String(id)}</a></div>` +
  `<div itemprop="text"><div class="bbWrapper">${body}</div></div></article>`;

const quote = (citation: string, words: string): string =>
  '<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-title">' +
  `<a href="/goto/post?id=605243" class="bbCodeBlock-sourceJump" rel="nofollow">${citation}</a></div>` +
  `<div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${words}</div></div></blockquote>`;

const thread = (citation: string): string =>
  '<!DOCTYPE html><html><head><title>Cameras</title></head><body><main><h1>Which camera for travel?</h1>' +
  post(
    1,
    'I really think the new firmware is a clear improvement over the last one, especially the autofocus tracking in low light which used to hunt a lot.',
  ) +
  post(
    2,
    `${quote(citation, "Colour me clueless... They didn't mention Leica?")}All cameras are now Leicas, and the whole market seems to follow the same marketing playbook these days.`,
  ) +
  '</main></body></html>';

describe('isQuoteCitation', () => {
  it("reads a thread's citation lines", () => {
    expect(isQuoteCitation('Irene McC said:')).toBe(true);
    expect(isQuoteCitation('On 10/29/2025 at 2:07 PM, GrinGEO said:')).toBe(true);
    expect(isQuoteCitation(' jdoe  wrote: ')).toBe(true);
    expect(isQuoteCitation('jdoe said: ↑')).toBe(true);
  });

  it('leaves other lines: no colon, a sentence that goes on, a long line', () => {
    expect(isQuoteCitation('Irene McC said')).toBe(false);
    expect(isQuoteCitation('He said: come back tomorrow')).toBe(false);
    expect(
      isQuoteCitation(
        'The reviewer from the magazine that tested all twelve of these cameras last winter said:',
      ),
    ).toBe(false);
  });
});

describe('unlinkQuoteCitations (run by the parse)', () => {
  it("turns a quote's linked citation into text, and leaves other links", () => {
    const document = parseWithLinkedom(
      `<!DOCTYPE html><html><body>${quote('Irene McC said:', 'Hello')}<p><a href="/x">Bob said:</a></p></body></html>`,
    );
    const quoteElement = document.querySelector('blockquote');
    expect(quoteElement?.querySelector('a')).toBeNull();
    expect(quoteElement?.textContent).toContain('Irene McC said:');
    expect(document.querySelector('p a')?.textContent).toBe('Bob said:');
  });

  it('unlinks a citation whose link also holds an icon after its words', () => {
    const citation =
      'bud16415 said: <svg viewBox="0 0 24 24" aria-label="Jump-to-quote"><path d="M12 5"></path></svg>';
    const document = parseWithLinkedom(
      `<!DOCTYPE html><html><body>${quote(citation, 'Hello')}</body></html>`,
    );
    expect(document.querySelector('blockquote a')).toBeNull();
    expect(document.querySelector('blockquote')?.textContent).toContain('bud16415 said:');
  });
});

describe("a thread's quote keeps its citation", () => {
  it('converts "Irene McC said:" with the quote it heads', async () => {
    const { root } = await convertHtml(thread('Irene McC said:'), {
      url: 'https://forum.example/threads/1/',
    });
    const text = toString(root);
    expect(text).toContain('Irene McC said:');
    expect(text).toContain("They didn't mention Leica?");
  });
});
