import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string, baseUrl?: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl }));
}

describe('HTML → mdast cleaning', () => {
  it('keeps a code block language from the code, the pre, a wrapper class or data-lang', () => {
    expect(convert('<pre><code class="language-rust">fn main() {}</code></pre>')).toContain('```rust');
    expect(convert('<pre class="lang-go"><code>package main</code></pre>')).toContain('```go');
    expect(convert('<pre data-lang="Python"><code>print(1)</code></pre>')).toContain('```python');
    expect(convert('<pre><code>plain</code></pre>')).toContain('```\nplain');
  });

  it("finds a code block's language where documentation generators print it", () => {
    // Sphinx: on the wrapper's wrapper, and no <code>; `highlight-default` names none.
    const sphinx = (name: string) =>
      `<div class="${name} notranslate"><div class="highlight"><pre><span class="kn">import</span> os</pre></div></div>`;
    expect(convert(sphinx('highlight-python3'))).toBe('```python3\nimport os\n```\n');
    expect(convert(sphinx('highlight-default'))).toBe('```\nimport os\n```\n');
    // MkDocs Material, MDN's `brush:`, rustdoc's and highlight.js's bare language class.
    expect(convert('<div class="language-python highlight"><pre><code>x = 1</code></pre></div>')).toContain(
      '```python\n',
    );
    expect(convert('<pre class="brush: html notranslate"><code>&lt;p&gt;</code></pre>')).toContain(
      '```html\n<p>',
    );
    expect(convert('<pre class="rust item-decl"><code>pub struct A;</code></pre>')).toContain('```rust\n');
    expect(convert('<pre><code class="hljs python">x = 1</code></pre>')).toContain('```python\n');
    // A wrapper's language does not override the sample's own, nor reach a sample deeper down.
    expect(
      convert('<div class="language-bash"><pre><code class="language-json">{}</code></pre></div>'),
    ).toContain('```json\n');
    expect(
      convert('<div class="language-bash"><div><div><div><pre><code>ls</code></pre></div></div></div></div>'),
    ).toContain('```\nls');
    // A style's bare class names no language.
    expect(convert('<pre class="wide"><code>plain</code></pre>')).toContain('```\nplain');
  });

  it('makes links and images absolute and drops script links', () => {
    const markdown = convert(
      '<p><a href="../b">B</a> <img src="i.png" alt="Alt text"> <a href="javascript:alert(1)">Run</a></p>',
      'https://x.example/a/c/',
    );
    expect(markdown).toContain('[B](https://x.example/a/b)');
    expect(markdown).toContain('![Alt text](https://x.example/a/c/i.png)');
    expect(markdown).not.toContain('javascript');
    expect(markdown).toContain('Run');
  });

  it('keeps lazy images, drops hidden and script elements, keeps table captions as text', () => {
    expect(convert('<img data-src="/lazy.jpg" alt="Lazy">', 'https://x.example/')).toContain(
      '![Lazy](https://x.example/lazy.jpg)',
    );
    expect(
      convert('<p>Seen</p><p hidden>Hidden</p><div style="display:none">Gone</div><script>bad()</script>'),
    ).toBe('Seen\n');
    const table = convert('<table><caption>Prices</caption><tr><th>A</th></tr><tr><td>1</td></tr></table>');
    expect(table.startsWith('Prices\n\n| A |')).toBe(true);
  });

  it("keeps the text of an abandoned draft's wrappers (<content>, <shadow>, <element>), as a browser shows it", () => {
    const markdown = convert(
      '<div><content xmlns:ou="http://omniupdate.com/XSL/Variables"><p>Over sixty certification programs.</p>' +
        '</content><shadow><p>Taught online and on weekends.</p></shadow><element>Ranked first.</element></div>',
    );
    expect(markdown).toBe(
      'Over sixty certification programs.\n\nTaught online and on weekends.\n\nRanked first.\n',
    );
  });

  it("keeps a card's summary linked for the eye only (aria-hidden, out of the tab order), not a hidden title copy", () => {
    const summary =
      'Walmart now has the headphones in new colours, which were previously not offered in the United States.';
    const card =
      '<article><a href="/a" aria-hidden="true" tabindex="-1"><img src="/a.jpg" alt=""></a>' +
      '<h2><a href="/a">New colours for two headphones</a></h2>' +
      `<p><a href="/a" aria-hidden="true" tabindex="-1">${summary}</a></p>` +
      '<p><a href="/a" aria-hidden="true" tabindex="-1">Two new colours</a></p>' +
      '<p aria-hidden="true">A decorative line that is hidden from screen readers only, and long enough.</p></article>';
    const markdown = convert(card, 'https://x.example/');
    expect(markdown).toContain(summary);
    expect(markdown).not.toContain('Two new colours');
    expect(markdown).not.toContain('decorative');
  });

  it('drops text for screen readers only, unless it speaks a copy hidden from them', () => {
    // A shop card's labels: a reader of the page sees the name and the price, not "Regular price".
    const card =
      '<div class="card"><h3>HD 600 Headphones</h3>' +
      '<span class="visually-hidden">Vendor:</span><span>Sennheiser</span>' +
      '<p><span class="visually-hidden">Regular price</span><span>$499.95</span></p>' +
      '<a href="/hd600"><span class="sr-only">Opens in a new window</span></a></div>';
    const markdown = convert(card);
    expect(markdown).toContain('HD 600 Headphones');
    expect(markdown).toContain('$499.95');
    expect(markdown).not.toMatch(/Vendor|Regular price|Opens in a new window/);
    // A price drawn for the eye is hidden from screen readers (and dropped): the spoken copy stays.
    const price =
      '<span class="a-offscreen">$29.99</span><span aria-hidden="true">$<b>29</b><sup>99</sup></span>';
    expect(convert(`<p>Battery ${price}</p>`)).toBe('Battery $29.99\n');
  });

  it('reads the article in the shape an HTML parser gives it', () => {
    // A paragraph holding paragraphs (linkedom nests them; a parser closes the outer one).
    expect(convert('<p><span>LONDON | Fri</span>\r\n<p>First.</p>\r\n<span><p>Second.</p></span></p>')).toBe(
      'LONDON | Fri\n\nFirst.\n\nSecond.\n',
    );
    // The line end that opens a pre is not code; carriage returns are line ends.
    expect(convert('<pre>\r\nline 1\r\nline 2</pre>')).toBe('```\nline 1\nline 2\n```\n');
    expect(convert('<pre>\nfirst\n</pre>')).toContain('```\nfirst\n```');
    // An attribute is decoded once: `&amp;amp;` in the markup is `&amp;` in the URL.
    expect(convert('<a href="https://x.example/?a=1&amp;amp;b=2">L</a>')).toContain('a=1\\&amp;b=2');
  });

  it('reads a link inside a link (a card link around its swatch links) as one link with the text of both', () => {
    const markdown = convert(
      '<a href="/cup"><span>Joco Cup 4oz</span> <span><a href="/cup?colour=lilac">Lilac</a></span> <span>$29.95</span></a>',
      'https://x.example/',
    );
    expect(markdown).not.toContain('[[');
    expect(markdown).toContain('Lilac');
    expect(markdown).toContain('$29.95');
    expect(markdown).toContain('(https://x.example/cup)');
    expect(markdown).not.toContain('colour=lilac');
  });

  it('drops a form of filters and sorting, and keeps a form that wraps the page or holds its options', () => {
    const facet = (name: string) => `<label><input type="checkbox" name="brand">${name} (4)</label>`;
    const filters = `<form class="collection-filters"><p>Brand</p>${['Acme', 'Birch', 'Cobalt'].map(facet).join('')}</form>`;
    const sort = '<form id="SortForm"><label>Sort by <select><option>Price</option></select></label></form>';
    const options =
      '<form action="/cart"><p>Colour</p><label><input type="radio" name="c">Velvet Cocoa</label></form>';
    const markdown = convert(`${filters}${sort}<p>Six sleeping bags for summer nights.</p>${options}`);
    expect(markdown).toBe('Six sleeping bags for summer nights.\n\nColour\n\nVelvet Cocoa\n');
    const page =
      '<form id="aspnetForm"><input type="hidden" name="__VIEWSTATE"><input name="q">' +
      '<p>The harbour authority approved the plan after two years of public hearings and a vote.</p></form>';
    expect(convert(page)).toContain('The harbour authority approved the plan');
  });
});
