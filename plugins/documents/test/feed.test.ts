import { describe, expect, it } from 'vitest';
import { readFeed } from '../src/feed/read-feed.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const read = (xml: string | Buffer, mediaType = 'application/rss+xml') =>
  readBytes(readFeed, xml, 'feed.xml', mediaType);

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Example Blog</title>
    <link>https://blog.example/</link>
    <description>Notes &amp; news</description>
    <language>en-us</language>
    <item>
      <title>First post</title>
      <link>https://blog.example/first</link>
      <pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
      <dc:creator>Ada</dc:creator>
      <description>Short summary</description>
      <content:encoded><![CDATA[<h2>Intro</h2><p>Hello <b>world</b>, see <a href="https://x.example/">this</a>.</p><ul><li>one</li><li>two</li></ul>]]></content:encoded>
    </item>
    <item>
      <title>Second</title>
      <description>&lt;p&gt;Escaped &lt;i&gt;HTML&lt;/i&gt;&lt;/p&gt;</description>
    </item>
  </channel>
</rss>`;

describe('feeds', () => {
  it('reads an RSS 2.0 feed: title, then each item with date, link and its HTML content as markdown', async () => {
    const { document } = await read(RSS);
    expect(markdownOf(document.root)).toBe(
      [
        '# Example Blog',
        '',
        'Notes & news',
        '',
        '## First post',
        '',
        'Date: Tue, 02 Jan 2024 10:00:00 GMT\\',
        'Author: Ada\\',
        'Link: <https://blog.example/first>',
        '',
        '#### Intro',
        '',
        'Hello **world**, see [this](https://x.example/).',
        '',
        '- one',
        '- two',
        '',
        '## Second',
        '',
        'Escaped *HTML*',
        '',
      ].join('\n'),
    );
    expect(document.root.children.map((block) => block.data?.provenance?.path)).toEqual([
      'feed',
      'feed',
      'item 1',
      'item 1',
      'item 1',
      'item 1',
      'item 1',
      'item 2',
      'item 2',
    ]);
    expect(document.metadata).toEqual({
      title: 'Example Blog',
      sourceUrl: 'https://blog.example/',
      language: 'en',
      facts: { feed: 'RSS 2.0', items: 2 },
    });
  });

  it('reads an Atom feed with html, xhtml and text content', async () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
  <title type="text">Atom News</title>
  <link href="https://news.example/feed" rel="self"/>
  <link href="https://news.example/"/>
  <entry>
    <title type="html">A &lt;em&gt;bold&lt;/em&gt; move</title>
    <link rel="alternate" href="https://news.example/1"/>
    <updated>2024-03-01T12:00:00Z</updated>
    <author><name>Bob</name></author>
    <content type="html">&lt;p&gt;Para one.&lt;/p&gt;&lt;p&gt;Para &amp;amp; two.&lt;/p&gt;</content>
  </entry>
  <entry>
    <title>XHTML entry</title>
    <published>2024-03-02T08:00:00Z</published>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Rich <strong>text</strong> &amp; more</p></div></content>
  </entry>
  <entry>
    <title>Plain</title>
    <summary>Just text &lt;not a tag&gt;</summary>
  </entry>
</feed>`;
    const { document } = await read(atom, 'application/atom+xml');
    expect(markdownOf(document.root)).toBe(
      [
        '# Atom News',
        '',
        '## A bold move',
        '',
        'Date: 2024-03-01T12:00:00Z\\',
        'Author: Bob\\',
        'Link: <https://news.example/1>',
        '',
        'Para one.',
        '',
        'Para & two.',
        '',
        '## XHTML entry',
        '',
        'Date: 2024-03-02T08:00:00Z',
        '',
        'Rich **text** & more',
        '',
        '## Plain',
        '',
        'Just text \\<not a tag>',
        '',
      ].join('\n'),
    );
    expect(document.metadata).toEqual({
      title: 'Atom News',
      sourceUrl: 'https://news.example/',
      language: 'fr',
      facts: { feed: 'Atom', items: 3 },
    });
  });

  it('reads an RSS 1.0 (RDF) feed in ISO-8859-1 with a dropped external DOCTYPE', async () => {
    const rdf = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE rdf:RDF PUBLIC "-//Example//DTD RSS 1.0//EN" "http://example.invalid/rss.dtd">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rdf.example/"><title>Caf\u00e9 RDF</title><link>https://rdf.example/</link></channel>
  <item rdf:about="https://rdf.example/a"><title>R\u00e9sum\u00e9</title><dc:date>2024-01-01</dc:date><description>Body</description></item>
</rdf:RDF>`;
    const { document } = await read(Buffer.from(rdf, 'latin1'));
    expect(markdownOf(document.root)).toBe(
      '# Café RDF\n\n## Résumé\n\nDate: 2024-01-01\\\nLink: <https://rdf.example/a>\n\nBody\n',
    );
    expect(document.metadata.facts).toEqual({ feed: 'RSS 1.0', items: 1 });
  });

  it('refuses an entity bomb, a file that is not a feed and truncated XML', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><rss><channel><title>&b;</title></channel></rss>`;
    await expect(read(bomb)).rejects.toMatchObject({ code: 'archive_unsafe' });
    await expect(read('<html><body>hi</body></html>')).rejects.toMatchObject({
      code: 'unsupported_content',
    });
    await expect(read(RSS.slice(0, 300))).rejects.toMatchObject({ code: 'corrupt_file' });
    await expect(read('<rss version="2.0"><channel></channel></rss>')).rejects.toMatchObject({
      code: 'empty_content',
    });
  });
});
