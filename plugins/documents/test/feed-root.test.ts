import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { createDocumentsSource } from '../src/index.js';
import { feedMediaTypeOf } from '../src/feed/feed-root.js';
import { writeTemp } from './support/read-document.js';

const engine = createEngine({ plugins: [createDocumentsSource()] });
afterAll(() => engine.close());

const RSS = readFileSync(new URL('../../../fixtures/documents/rss-feed/input.rss', import.meta.url));
const ATOM = readFileSync(new URL('../../../fixtures/documents/atom-feed/input.atom', import.meta.url));
const RDF = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!-- exported by a CMS -->
<!DOCTYPE rdf:RDF PUBLIC "-//Example//DTD RSS 1.0//EN" "http://example.invalid/rss.dtd">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
  <channel rdf:about="https://rdf.example/"><title>Caf\u00e9 RDF</title></channel>
  <item rdf:about="https://rdf.example/a"><title>First</title><description>Body</description></item>
</rdf:RDF>`;

async function prepare(name: string, mediaType: string, bytes: Buffer) {
  const path = await writeTemp(name, bytes);
  return engine.prepare({ type: 'files', files: [{ name, mediaType, sizeBytes: bytes.length, path }] });
}

describe('a feed declared only as XML', () => {
  it('is read as the RSS feed it is when saved as .xml (application/xml)', async () => {
    const { document } = await prepare('news.xml', 'application/xml', RSS);
    expect(document.text).toMatch(/^# Valley apiary news\n/);
    expect(document.text).toContain('## Spring harvest weighed');
    expect(document.text).not.toContain('<rss');
  });

  it('is read as Atom when declared text/xml, and RSS 1.0 (RDF) in Latin-1', async () => {
    const atom = await prepare('feed.xml', 'text/xml; charset=utf-8', ATOM);
    expect(atom.document.text).not.toContain('<feed');
    expect(atom.document.text).toMatch(/^# /);
    const rdf = await prepare('rdf.xml', 'application/xml', Buffer.from(RDF, 'latin1'));
    expect(rdf.document.text).toMatch(/^# Café RDF\n\n## First\n/);
    expect(rdf.document.text).not.toContain('rdf:RDF');
  });

  it('tells feeds from other XML by the root element, after any prologue, in UTF-16 too', () => {
    expect(feedMediaTypeOf(RSS)).toBe('application/rss+xml');
    expect(feedMediaTypeOf(ATOM)).toBe('application/atom+xml');
    expect(feedMediaTypeOf(Buffer.from(RDF, 'latin1'))).toBe('application/rss+xml');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(RSS.toString('utf8'), 'utf16le')]);
    expect(feedMediaTypeOf(utf16)).toBe('application/rss+xml');
    // A <feed> outside the Atom namespace, an RDF graph that is no RSS, and other XML are not feeds.
    expect(feedMediaTypeOf(Buffer.from('<feed><entry/></feed>'))).toBeUndefined();
    expect(
      feedMediaTypeOf(Buffer.from('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>')),
    ).toBeUndefined();
    expect(feedMediaTypeOf(Buffer.from('<?xml version="1.0"?><note><rss/></note>'))).toBeUndefined();
  });

  it('leaves XML that is not a feed to the engine, which keeps it as written in an xml block', async () => {
    const { document } = await prepare(
      'note.xml',
      'application/xml',
      Buffer.from('<?xml version="1.0"?><note>hi</note>'),
    );
    expect(document.root.children).toMatchObject([
      { type: 'code', lang: 'xml', value: '<?xml version="1.0"?><note>hi</note>' },
    ]);
  });
});
