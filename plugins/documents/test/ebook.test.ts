import { describe, expect, it } from 'vitest';
import { readEpub } from '../src/ebook/read-epub.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';
import { zipOf } from './support/zip-of.js';

const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="id">urn:uuid:1</dc:identifier>
    <dc:title>The Sample Book</dc:title>
    <dc:creator opf:role="aut">Ann Author</dc:creator>
    <dc:creator>Bo Writer</dc:creator>
    <dc:creator opf:role="ill">Ike Illustrator</dc:creator>
    <dc:language>en-GB</dc:language>
    <dc:publisher>Example Press</dc:publisher>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="Text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="Text/ch2.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
  </manifest>
  <spine><itemref idref="nav"/><itemref idref="c2"/><itemref idref="c1"/></spine>
</package>`;

const NAV = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Contents</title></head>
<body><nav epub:type="toc"><h1>Contents</h1><ol>
  <li><a href="Text/ch2.xhtml">Part One: Beginnings</a>
    <ol><li><a href="Text/chapter%201.xhtml">The First Chapter</a></li></ol></li>
</ol></nav></body></html>`;

// XHTML 1.1 with its DTD declared, as many e-books are written; &nbsp; only parses as HTML.
const XHTML = (body: string): string => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>ignored</title><link rel="stylesheet" href="../style.css"/></head>
<body>${body}</body></html>`;

const book = (extra: Record<string, string> = {}): Promise<Buffer> =>
  zipOf({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': OPF,
    'OEBPS/nav.xhtml': NAV,
    'OEBPS/Text/ch2.xhtml': XHTML('<p>Before&nbsp;the first chapter, a <em>prologue</em>.</p>'),
    'OEBPS/Text/chapter 1.xhtml': XHTML(
      '<h2>The first   chapter</h2><p>It was a <a href="http://example.com/">dark</a> night.</p><h3>A scene</h3><p><img src="../img/a.png" alt="A map"/></p>',
    ),
    'OEBPS/style.css': 'p { margin: 0 }',
    ...extra,
  });

const read = async (bytes: Buffer) => readBytes(readEpub, bytes, 'book.epub', 'application/epub+zip');

describe('epub', () => {
  it('reads metadata, chapters in spine order and the navigation as the outline', async () => {
    const { document } = await read(await book());
    expect(markdownOf(document.root)).toBe(
      [
        '# The Sample Book',
        '',
        'Authors: Ann Author, Bo Writer\\',
        'Publisher: Example Press\\',
        'Language: en-GB',
        '',
        '## Part One: Beginnings',
        '',
        'Before\u00a0the first chapter, a *prologue*.',
        '',
        '### The first chapter',
        '',
        'It was a [dark](http://example.com/) night.',
        '',
        // The chapter's h2 took the outline's depth (3); its h3 moves with it, one level below.
        '#### A scene',
        '',
        '![A map](../img/a.png)',
        '',
      ].join('\n'),
    );
    expect(document.root.children.map((block) => block.data?.provenance)).toEqual([
      { path: 'OEBPS/content.opf' },
      { path: 'OEBPS/content.opf' },
      { chapter: 'Part One: Beginnings', path: 'OEBPS/Text/ch2.xhtml' },
      { chapter: 'Part One: Beginnings', path: 'OEBPS/Text/ch2.xhtml' },
      { chapter: 'The First Chapter', path: 'OEBPS/Text/chapter 1.xhtml' },
      { chapter: 'The First Chapter', path: 'OEBPS/Text/chapter 1.xhtml' },
      { chapter: 'The First Chapter', path: 'OEBPS/Text/chapter 1.xhtml' },
      { chapter: 'The First Chapter', path: 'OEBPS/Text/chapter 1.xhtml' },
    ]);
    expect(document.metadata).toEqual({
      title: 'The Sample Book',
      author: 'Ann Author, Bo Writer',
      language: 'en',
      facts: { chapters: 2, publisher: 'Example Press' },
    });
  });

  it('falls back to an EPUB 2 NCX (with its DAISY DOCTYPE) for the outline', async () => {
    const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
  <navPoint id="p1"><navLabel><text>Prologue</text></navLabel><content src="Text/ch2.xhtml"/></navPoint>
</navMap></ncx>`;
    const opf = OPF.replace(' properties="nav"', '')
      .replace(
        '<item id="css"',
        '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="css"',
      )
      .replace('<spine><itemref idref="nav"/>', '<spine toc="ncx">');
    const { document } = await read(await book({ 'OEBPS/content.opf': opf, 'OEBPS/toc.ncx': ncx }));
    const markdown = markdownOf(document.root);
    expect(markdown).toContain('## Prologue\n\nBefore\u00a0the first chapter');
    expect(markdown).toContain('## The first chapter\n\nIt was');
  });

  it('keeps one heading for a chapter whose own heading is a fuller form of its outline label', async () => {
    const nav = NAV.replace('>The First Chapter<', '>Chapter 1<');
    const chapter = XHTML('<h1>Chapter 1: The First Chapter</h1><p>It was a dark night.</p>');
    const { document } = await read(
      await book({ 'OEBPS/nav.xhtml': nav, 'OEBPS/Text/chapter 1.xhtml': chapter }),
    );
    const markdown = markdownOf(document.root);
    expect(markdown).toContain('### Chapter 1: The First Chapter\n\nIt was a dark night.');
    expect(markdown).not.toMatch(/#+ Chapter 1\n/);
  });

  it("keeps a chapter's own opening heading, not the label the contents page gives it", async () => {
    const nav = NAV.replace('>The First Chapter<', '>1<');
    const chapter = XHTML('<h1>The hive wakes</h1><p>It was a dark night.</p>');
    const { document } = await read(
      await book({ 'OEBPS/nav.xhtml': nav, 'OEBPS/Text/chapter 1.xhtml': chapter }),
    );
    const markdown = markdownOf(document.root);
    expect(markdown).toContain('### The hive wakes\n\nIt was a dark night.');
    expect(markdown).not.toMatch(/^#+ 1$/m);
  });

  it('keeps the outline label above a chapter that opens with a subsection of its own', async () => {
    const chapter = XHTML(
      '<h2>Before dawn</h2><p>It was a dark night.</p><h1>The hive wakes</h1><p>The bees stirred.</p>',
    );
    const { document } = await read(await book({ 'OEBPS/Text/chapter 1.xhtml': chapter }));
    const markdown = markdownOf(document.root);
    expect(markdown).toMatch(/^### The First Chapter\n\n#+ Before dawn\n/m);
  });

  it('refuses DRM (encryption.xml naming content), but reads a book whose fonts are obfuscated', async () => {
    const encryption = (uri: string): string => `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>
  <enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData>
</encryption>`;
    await expect(
      read(await book({ 'META-INF/encryption.xml': encryption('OEBPS/Text/ch2.xhtml') })),
    ).rejects.toMatchObject({ code: 'encrypted_document' });
    const { document } = await read(
      await book({ 'META-INF/encryption.xml': encryption('OEBPS/fonts/a.otf') }),
    );
    expect(document.metadata.title).toBe('The Sample Book');
  });

  it('refuses an OPF entity bomb, a missing container, a truncated file and a book without chapters', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE package [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><package><metadata><title>&b;</title></metadata></package>`;
    await expect(read(await book({ 'OEBPS/content.opf': bomb }))).rejects.toMatchObject({
      code: 'archive_unsafe',
    });
    await expect(read(await zipOf({ mimetype: 'application/epub+zip' }))).rejects.toMatchObject({
      code: 'corrupt_file',
    });
    const whole = await book();
    await expect(read(whole.subarray(0, whole.length - 40))).rejects.toMatchObject({ code: 'corrupt_file' });
    const empty = OPF.replace(/<spine>.*<\/spine>/, '<spine><itemref idref="nav"/></spine>');
    await expect(read(await book({ 'OEBPS/content.opf': empty }))).rejects.toMatchObject({
      code: 'empty_content',
    });
  });
});
