import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { convertHtml } from '../index.js';
import { toMdast } from './to-mdast.js';

function convert(html: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://docs.example/guide/' }));
}

const PROSE =
  'Logging is a means of tracking events that happen when some software runs, each described by a ' +
  'message that may hold variable data, and each given an importance the developer ascribes to it. ';

describe("a heading's permalink", () => {
  it('is dropped when it is a mark, and leaves its words when it wraps them', () => {
    expect(
      convert(
        '<h2 id="basic">Basic tutorial<a class="headerlink" href="#basic" title="Link to this heading">¶</a></h2>',
      ),
    ).toBe('## Basic tutorial\n');
    expect(
      convert('<h3 id="x"><a class="hash-link" href="#x" aria-label="Direct link">\u200b</a>Install</h3>'),
    ).toBe('### Install\n');
    expect(convert('<h2 id="c"><a href="#c" class="anchor" aria-hidden="true"><svg></svg></a>C#</h2>')).toBe(
      '## C\\#\n',
    );
    expect(convert('<h2 id="events"><a class="heading-anchor" href="#events">Events</a></h2>')).toBe(
      '## Events\n',
    );
    // A link to another page stays, and so does an in-page link in a paragraph.
    expect(convert('<h3><a href="/posts/one">First post</a></h3>')).toContain(
      '[First post](https://docs.example/posts/one)',
    );
    expect(convert('<p>See <a href="#basic">the tutorial</a>.</p>')).toContain(
      '[the tutorial](https://docs.example/guide/#basic)',
    );
  });

  it("is dropped after a reference's signature, whose term and sections stay", async () => {
    // MDN's reference page: headings that link to themselves, terms that link to their own pages.
    const entries = ['binaryType', 'bufferedAmount', 'extensions', 'protocol']
      .map(
        (name) =>
          `<dt id="${name}"><a href="/docs/WebSocket/${name}"><code>WebSocket.${name}</code></a>` +
          `<a class="headerlink" href="#${name}">¶</a></dt><dd><p>The ${name} of the connection.</p></dd>`,
      )
      .join('');
    const html = `<!DOCTYPE html><html><head><title>WebSocket - Web APIs</title></head><body><main><article>
<h1>WebSocket</h1><p>${PROSE.repeat(3)}</p>
<section><h2 id="instance_properties"><a class="heading-anchor" href="#instance_properties">Instance properties</a></h2>
<dl>${entries}</dl></section>
<section><h2 id="examples"><a class="heading-anchor" href="#examples">Examples</a></h2><p>${PROSE}</p></section>
</article></main></body></html>`;
    const markdown = toMarkdown((await convertHtml(html, { url: 'https://docs.example/WebSocket' })).root);
    expect(markdown).toContain('## Instance properties\n');
    expect(markdown).toContain('## Examples\n');
    expect(markdown).toContain(
      '- [`WebSocket.binaryType`](https://docs.example/docs/WebSocket/binaryType)\n',
    );
    expect(markdown).toContain('The protocol of the connection.');
    expect(markdown).not.toContain('¶');
  });

  it("is not part of the page's headline", async () => {
    const html = `<!DOCTYPE html><html><head><title>Logging HOWTO — Python 3 documentation</title></head><body>
<div role="main"><section id="logging-howto"><h1>Logging HOWTO<a class="headerlink" href="#logging-howto">¶</a></h1>
<p>${PROSE.repeat(4)}</p></section></div></body></html>`;
    const markdown = toMarkdown(
      (await convertHtml(html, { url: 'https://docs.example/howto/logging' })).root,
    );
    expect(markdown.startsWith('# Logging HOWTO\n')).toBe(true);
    expect(markdown).not.toContain('¶');
  });
});
