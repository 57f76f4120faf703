import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';
import { readMainRegion } from './main-region.js';
import { visibleTextOf } from './visible-text.js';

const CLAUSE =
  'Allbirds may collect personal information from you when you choose to request information about our products. ';

/** A shop's category page as a Tailwind template lays it out: the grid in <main>, policies in modals. */
function categoryPage(modalHeading = '<h2>Privacy policy</h2>'): string {
  const cards = ['Tree Runner', 'Wool Cruiser', 'Dasher NZ', 'Varsity Airy', 'Canvas Piper', 'Tree Glider']
    .map((name) => `<li class="card"><a href="/products/${name}">Men's ${name}</a><span>$98</span></li>`)
    .join('');
  const modal = (id: string) =>
    `<div id="modal-${id}" aria-modal="true" role="dialog" class="z-takeover fixed inset-0"><div class="prose">` +
    `${modalHeading}<h1>1. Scope</h1><p>${CLAUSE.repeat(40)}</p></div></div>`;
  return (
    `<!DOCTYPE html><html><body><header><a href="/">Allbirds</a></header>` +
    `<main><h1>Men's Sneakers</h1><p>Lightweight, supportive, and wildly comfortable.</p><ul>${cards}</ul></main>` +
    `<footer><a href="#">Privacy</a></footer>${modal('privacy-policy')}${modal('terms-of-service')}</body></html>`
  );
}

describe('dropModalDialogs (run by readMainRegion)', () => {
  it("reads a category page's <main>, not its policies in modal dialogs that outweigh it", () => {
    const region = readMainRegion(parseWithLinkedom(categoryPage()));
    expect(region?.element.localName).toBe('main');
    const text = visibleTextOf(region?.element ?? parseWithLinkedom('').body);
    expect(text).toContain("Men's Canvas Piper");
    expect(text).not.toContain('personal information');
  });

  it("keeps a modal that holds the page's heading: the page shows its content in it", () => {
    const page =
      `<!DOCTYPE html><html><body><div class="feed"><a href="/">Home</a></div>` +
      `<div aria-modal="true" role="dialog"><h1>Harbour plan approved</h1><p>${CLAUSE.repeat(10)}</p></div></body></html>`;
    const region = readMainRegion(parseWithLinkedom(page));
    expect(visibleTextOf(region?.element ?? parseWithLinkedom('').body)).toContain('personal information');
  });

  it('keeps an element whose aria-modal is false', () => {
    const page = `<!DOCTYPE html><html><body><div aria-modal="false"><p>${CLAUSE.repeat(10)}</p></div></body></html>`;
    const region = readMainRegion(parseWithLinkedom(page));
    expect(visibleTextOf(region?.element ?? parseWithLinkedom('').body)).toContain('personal information');
  });
});
