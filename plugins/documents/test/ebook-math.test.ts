import { describe, expect, it } from 'vitest';
import { readEpub } from '../src/ebook/read-epub.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';
import { zipOf } from './support/zip-of.js';

// An EPUB 3 as the spec writes one: MathML inline in the XHTML (presentation markup, with an
// `alttext`, with a TeX annotation, and a display formula), and a description in the metadata.
const CONTAINER = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const opf = (description: string) => `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:2</dc:identifier>
    <dc:title>Physics for Beekeepers</dc:title>
    <dc:language>en</dc:language>
    <dc:description>${description}</dc:description>
  </metadata>
  <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml" properties="mathml"/></manifest>
  <spine><itemref idref="c1"/></spine>
</package>`;

const CHAPTER = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:m="http://www.w3.org/1998/Math/MathML"><head><title>c1</title></head>
<body><h1>Energy</h1>
<p>Mass and energy: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>.</p>
<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi><mo>±</mo><msqrt><msup><mi>b</mi><mn>2</mn></msup><mo>−</mo><mn>4</mn><mi>a</mi><mi>c</mi></msqrt></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>
<p>Stated by its author as <math alttext="\\alpha + \\beta"><mi>α</mi><mo>+</mo><mi>β</mi></math>, and in TeX as
<m:math><m:semantics><m:mi>y</m:mi><m:annotation encoding="application/x-tex">\\sqrt{y}</m:annotation></m:semantics></m:math>.</p>
</body></html>`;

const book = (description: string) =>
  zipOf({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'EPUB/package.opf': opf(description),
    'EPUB/c1.xhtml': CHAPTER,
  });

const read = async (description: string) =>
  markdownOf(
    (await readBytes(readEpub, await book(description), 'b.epub', 'application/epub+zip')).document.root,
  );

describe('epub math and description', () => {
  it('keeps MathML as LaTeX: converted, from alttext, from a TeX annotation, display as $$', async () => {
    const markdown = await read('A short book.');
    expect(markdown).toContain('Mass and energy: $E = m c^2$.');
    expect(markdown).toContain('$$x = \\frac{- b \\pm \\sqrt{b^2 - 4 a c}}{2 a}$$');
    expect(markdown).toContain('Stated by its author as $\\alpha + \\beta$, and in TeX as $\\sqrt{y}$.');
  });

  it('opens the book with its description, after the title, as text or as the HTML it holds', async () => {
    expect(await read('A short book on the physics of the hive.')).toMatch(
      /^# Physics for Beekeepers\n\nLanguage: en\n\nA short book on the physics of the hive\.\n\n/,
    );
    expect(
      await read('&lt;p&gt;First &lt;b&gt;bold&lt;/b&gt; part.&lt;/p&gt;&lt;p&gt;Second.&lt;/p&gt;'),
    ).toMatch(/^# Physics for Beekeepers\n\nLanguage: en\n\nFirst \*\*bold\*\* part\.\n\nSecond\.\n\n/);
  });
});
