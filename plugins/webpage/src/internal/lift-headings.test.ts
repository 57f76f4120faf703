import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { liftWrappedHeadings } from './lift-headings.js';
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

  it('reads class names as a selector does: whole names in their case, and not inside a template', () => {
    // Parsed without the loader's steps: loading a page drops its templates afterwards.
    const { document } = parseHTML(
      '<html><body><div class="x mw-heading\tmw-heading3"><h3>Lifted</h3><span class="MW-EDITSECTION">kept</span></div>' +
        '<div class="mw-headings"><h2>Not a wrapper</h2></div><section class="mw-heading"><h2>Not a div</h2></section>' +
        '<template><div class="mw-heading"><h2>In a template</h2><span class="mw-editsection">edit</span></div></template></body></html>',
    );
    liftWrappedHeadings(document);
    const html = document.body.innerHTML;
    expect(html).toContain(
      '<div class="x mw-heading\tmw-heading3"><h3>Lifted</h3><span class="MW-EDITSECTION">kept</span></div>',
    );
    expect(html).toContain('<div class="mw-headings"><h2>Not a wrapper</h2></div>');
    expect(html).toContain('<section class="mw-heading"><h2>Not a div</h2></section>');
    expect(html).toContain('<span class="mw-editsection">edit</span>');
  });

  it('drops every edit link before it looks at the wrappers, and a wrapper goes with the edit link around it', () => {
    const document = parseWithLinkedom(
      '<p>Before.</p><div class="mw-heading"><h2>Lifted</h2><span class="mw-editsection">[edit]</span></div>' +
        '<span class="mw-editsection"><div class="mw-heading"><h2>Gone</h2></div></span><p>After.</p>',
    );
    expect(document.body.innerHTML).toBe('<p>Before.</p><h2>Lifted</h2><p>After.</p>');
  });
});
