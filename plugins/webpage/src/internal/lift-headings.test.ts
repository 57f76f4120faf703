import { describe, expect, it } from 'vitest';
import { parseWithLinkedom } from './load-dom.js';

describe('liftWrappedHeadings (run by every parse)', () => {
  it('lifts a MediaWiki section heading out of its wrapper and drops its [edit] link, and leaves other wrappers', () => {
    const document = parseWithLinkedom(
      '<div class="mw-heading mw-heading2"><h2 id="History">History</h2><span class="mw-editsection">[<a href="?action=edit">edit</a>]</span></div>' +
        '<div class="card"><h3>Kept in place</h3><p>The card’s text.</p></div><div class="title"><h2>Also kept</h2></div>',
    );
    expect(document.body.innerHTML).toBe(
      '<h2 id="History">History</h2><div class="card"><h3>Kept in place</h3><p>The card’s text.</p></div><div class="title"><h2>Also kept</h2></div>',
    );
  });
});
