import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { packageOf, XML_PROLOG } from './package-of.js';
import { epubContainer } from './write-epub.js';

const OPF = `${XML_PROLOG}<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:uuid:0b7d3e0c-4c51-4f7e-8a3c-3b1f8f7f2a91</dc:identifier>
<dc:title>Counting Bees</dc:title>
<dc:creator>Bo Berg</dc:creator>
<dc:language>en</dc:language>
<dc:description>How to estimate a colony from what you can count.</dc:description>
<meta property="dcterms:modified">2026-01-15T09:30:00Z</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="c1" href="chapters/frames.xhtml" media-type="application/xhtml+xml"/>
<item id="c2" href="chapters/formula.xhtml" media-type="application/xhtml+xml" properties="mathml"/>
<item id="c3" href="chapters/checklist.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine><itemref idref="nav" linear="no"/><itemref idref="c1"/><itemref idref="c2"/><itemref idref="c3"/></spine>
</package>`;

const xhtml = (title: string, body: string): string =>
  `${XML_PROLOG}<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">\n` +
  `<head>\n<title>${title}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

const NAV = xhtml(
  'Contents',
  `<nav epub:type="toc" id="toc"><h2>Contents</h2>
<ol>
<li><a href="chapters/frames.xhtml">1. Frames</a>
<ol><li><a href="chapters/frames.xhtml#brood">Brood frames</a></li></ol></li>
<li><a href="chapters/formula.xhtml">2. The estimate</a></li>
<li><a href="chapters/checklist.xhtml">3. Checklist</a></li>
</ol>
</nav>
<nav epub:type="landmarks" hidden=""><ol><li><a epub:type="bodymatter" href="chapters/frames.xhtml">Start</a></li></ol></nav>`,
);

const FRAMES = xhtml(
  'Frames',
  `<section epub:type="chapter">
<h1>1. Frames</h1>
<p>A deep frame holds about <em>3,500</em> cells a side.</p>
<section id="brood">
<h2>Brood frames</h2>
<p>Count the frames that are more than half covered.</p>
<ul>
<li>Open brood
<ul><li>Eggs</li><li>Larvae</li></ul>
</li>
<li>Capped brood</li>
</ul>
</section>
</section>`,
);

const FORMULA = xhtml(
  'The estimate',
  `<section epub:type="chapter">
<h1>2. The estimate</h1>
<p>The colony size is</p>
<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi>N</mi><mo>=</mo><mi>f</mi><mo>×</mo><mn>2000</mn></math>
<p>where <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>f</mi></math> is the number of covered frames.</p>
<table>
<thead><tr><th>Frames</th><th>Bees</th></tr></thead>
<tbody><tr><td>5</td><td>10,000</td></tr><tr><td>10</td><td>20,000</td></tr></tbody>
</table>
</section>`,
);

const CHECKLIST = xhtml(
  'Checklist',
  `<section epub:type="chapter">
<h1>3. Checklist</h1>
<ol>
<li>Smoke the entrance</li>
<li>Open the top box
<ol><li>Count the frames</li><li>Note the queen</li></ol>
</li>
<li>Close up</li>
</ol>
<blockquote><p>Never count in the rain.</p></blockquote>
</section>`,
);

/**
 * An EPUB 3 book with the parts real books have and the first one lacked: a navigation document
 * with nested entries and a hidden landmarks list, chapters whose headings repeat the outline's
 * labels, sections nested in a chapter, nested bullet and numbered lists, MathML inline and as a
 * block, a table with a head, and a `dc:description`.
 */
export function writeStructureEpub(): Promise<Buffer> {
  return packageOf(DOCUMENT_MEDIA_TYPES.epub, {
    'META-INF/container.xml': epubContainer('EPUB/package.opf'),
    'EPUB/package.opf': OPF,
    'EPUB/nav.xhtml': NAV,
    'EPUB/chapters/frames.xhtml': FRAMES,
    'EPUB/chapters/formula.xhtml': FORMULA,
    'EPUB/chapters/checklist.xhtml': CHECKLIST,
  });
}
