import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { dropOtherThreads } from './other-threads.js';

const POST =
  '<article class="message"><p>Hello, my name is Tomas and I come from the Czech Republic. Should I say car rental or car rent?</p></article>';

function bodyOf(html: string): Element {
  return parseWithLinkedom(`<html><body>${html}</body></html>`).body;
}

describe('dropOtherThreads', () => {
  it("removes a XenForo thread's block of similar threads, keeping the posts", () => {
    const body = bodyOf(
      `<h1>Car rental or car rent?</h1>${POST.repeat(3)}` +
        '<div class="block"><div class="block-container"><h3 class="block-header">Similar threads</h3>' +
        '<div class="block-body"><div class="structItem"><a href="/t/1">Does a situation have to be bad?</a> Replies 3 Views 2K</div>' +
        '<div class="structItem"><a href="/t/2">Car rental vs car rent</a> Replies 5 Views 1K</div></div></div></div>',
    );
    expect(dropOtherThreads(body)).toBe(1);
    expect(body.textContent).not.toMatch(/Similar threads|Does a situation|Views/);
    expect(body.textContent).toContain('Should I say car rental or car rent?');
  });

  it('keeps a section a heading names otherwise, and a block that is most of the page', () => {
    const body = bodyOf(
      `<h2>Questions from readers</h2>${POST}<div><h2>More discussions</h2>${POST.repeat(3)}</div>`,
    );
    expect(dropOtherThreads(body)).toBe(0);
    expect(body.querySelectorAll('article')).toHaveLength(4);
  });
});
