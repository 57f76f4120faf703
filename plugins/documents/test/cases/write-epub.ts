import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { packageOf, XML_PROLOG } from './package-of.js';

/** `META-INF/container.xml` naming the package document at `opfPath`. */
export const epubContainer = (opfPath: string): string =>
  `${XML_PROLOG}<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">` +
  `<rootfiles><rootfile full-path="${opfPath}" media-type="application/oebps-package+xml"/></rootfiles></container>`;

const CONTAINER = epubContainer('OEBPS/content.opf');

const OPF = `${XML_PROLOG}<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:6f1c1e52-2f0e-4d3c-9a57-0d5e2b1f7a10</dc:identifier>
<dc:title>A Year with Bees</dc:title>
<dc:creator>Ana Lima</dc:creator>
<dc:creator>Bo Berg</dc:creator>
<dc:language>en</dc:language>
<dc:publisher>Valley Press</dc:publisher>
<meta property="dcterms:modified">2026-01-15T09:30:00Z</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="spring" href="text/spring.xhtml" media-type="application/xhtml+xml"/>
<item id="summer" href="text/summer.xhtml" media-type="application/xhtml+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
</manifest>
<spine><itemref idref="nav" linear="no"/><itemref idref="spring"/><itemref idref="summer"/></spine>
</package>`;

const xhtml = (title: string, body: string): string =>
  `${XML_PROLOG}<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">` +
  `<head><title>${title}</title><link rel="stylesheet" href="../style.css"/></head><body>${body}</body></html>`;

const NAV = xhtml(
  'Contents',
  '<nav epub:type="toc"><h1>Contents</h1><ol>' +
    '<li><a href="text/spring.xhtml">Spring</a></li><li><a href="text/summer.xhtml">Summer</a></li></ol></nav>',
).replace('../style.css', 'style.css');

/** A two-chapter EPUB 3 book: OPF metadata, a navigation document, chapters in spine order. */
export function writeEpubBook(): Promise<Buffer> {
  return packageOf(DOCUMENT_MEDIA_TYPES.epub, {
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': OPF,
    'OEBPS/nav.xhtml': NAV,
    'OEBPS/text/spring.xhtml': xhtml(
      'Spring',
      '<section epub:type="chapter"><h1>Spring</h1><p>The colonies wake when the willows flower. ' +
        'A strong hive brings in <strong>pollen</strong> on the first warm day.</p>' +
        '<ul><li>Check the queen</li><li>Add a super when the brood box is full</li></ul></section>',
    ),
    'OEBPS/text/summer.xhtml': xhtml(
      'Summer',
      '<section epub:type="chapter"><h1>Summer</h1><p>Swarming season. Read more at ' +
        '<a href="https://example.com/swarms">the swarm guide</a>.</p>' +
        '<table><tr><th>Month</th><th>Honey (kg)</th></tr><tr><td>June</td><td>12</td></tr><tr><td>July</td><td>18</td></tr></table>' +
        '</section>',
    ),
    'OEBPS/style.css': 'body { font-family: serif; }\n',
  });
}
