import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { odfManifest, packageOf, XML_PROLOG } from './package-of.js';

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
].join(' ');

/** An OpenDocument package: content.xml with these automatic styles and body, meta.xml, the manifest. */
function openDocumentOf(options: {
  mediaType: string;
  styles: string;
  body: string;
  title: string;
}): Promise<Buffer> {
  const parts = {
    'content.xml':
      `${XML_PROLOG}<office:document-content ${NAMESPACES} office:version="1.3">` +
      `<office:automatic-styles>${options.styles}</office:automatic-styles>` +
      `<office:body>${options.body}</office:body></office:document-content>`,
    'meta.xml':
      `${XML_PROLOG}<office:document-meta ${NAMESPACES} office:version="1.3"><office:meta>` +
      `<dc:title>${options.title}</dc:title><meta:initial-creator>Ana Lima</meta:initial-creator>` +
      '<meta:creation-date>2026-01-15T09:30:00</meta:creation-date><dc:language>en-GB</dc:language>' +
      '</office:meta></office:document-meta>',
  };
  return packageOf(options.mediaType, {
    ...parts,
    'META-INF/manifest.xml': odfManifest(options.mediaType, Object.keys(parts)),
  });
}

const p = (text: string, style = ''): string =>
  `<text:p${style === '' ? '' : ` text:style-name="${style}"`}>${text}</text:p>`;

const item = (text: string, nested = ''): string => `<text:list-item>${p(text)}${nested}</text:list-item>`;

/**
 * A field report as an OpenDocument text: headings by outline level, bold and italic spans, a
 * link, a footnote, a numbered list with a nested bullet list, and a table with a cell spanning
 * two columns.
 */
export function writeOdtReport(): Promise<Buffer> {
  const styles =
    '<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>' +
    '<style:style style:name="T2" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>' +
    '<text:list-style style:name="L1"><text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>' +
    '<text:list-level-style-bullet text:level="2" text:bullet-char="•"/></text:list-style>';
  const cell = (text: string, attributes = ''): string =>
    `<table:table-cell office:value-type="string"${attributes}>${p(text)}</table:table-cell>`;
  const body =
    '<office:text>' +
    '<text:h text:outline-level="1">Autumn inspection</text:h>' +
    p(
      'The hives went into winter with <text:span text:style-name="T1">18 kg</text:span> of stores each, ' +
        'mostly <text:span text:style-name="T2">heather</text:span> honey' +
        '<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1</text:note-citation>' +
        `<text:note-body>${p('Estimated by hefting, not weighed.')}</text:note-body></text:note>` +
        '. The checklist is on <text:a xlink:type="simple" xlink:href="https://example.com/apiary/winter">the apiary site</text:a>.',
    ) +
    '<text:h text:outline-level="2">Winter tasks</text:h>' +
    '<text:list text:style-name="L1">' +
    item(
      'Fit mouse guards',
      `<text:list>${item('Before the first frost')}${item('Check them monthly')}</text:list>`,
    ) +
    item('Treat against varroa') +
    '</text:list>' +
    '<text:h text:outline-level="2">Stores by hive</text:h>' +
    '<table:table table:name="Stores"><table:table-column table:number-columns-repeated="3"/>' +
    `<table:table-row>${cell('Hive')}${cell('Stores (kg)', ' table:number-columns-spanned="2"')}<table:covered-table-cell/></table:table-row>` +
    `<table:table-row>${cell('')}${cell('October')}${cell('November')}</table:table-row>` +
    `<table:table-row>${cell('North')}${cell('19')}${cell('17')}</table:table-row>` +
    '</table:table>' +
    p('Next visit after the solstice.') +
    '</office:text>';
  return openDocumentOf({ mediaType: DOCUMENT_MEDIA_TYPES.odt, styles, body, title: 'Autumn inspection' });
}

/** A stores spreadsheet as an OpenDocument spreadsheet: typed values, a merged title, a hidden sheet. */
export function writeOdsWorkbook(): Promise<Buffer> {
  const styles =
    '<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>' +
    '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>';
  const text = (value: string, attributes = ''): string =>
    `<table:table-cell office:value-type="string"${attributes}>${p(value)}</table:table-cell>`;
  const typed = (shown: string, attributes: string): string =>
    `<table:table-cell ${attributes}>${p(shown)}</table:table-cell>`;
  const row = (cells: string): string => `<table:table-row>${cells}</table:table-row>`;
  const body =
    '<office:spreadsheet>' +
    '<table:table table:name="Stores" table:style-name="ta1"><table:table-column table:number-columns-repeated="4"/>' +
    row(
      `${text('Winter stores', ' table:number-columns-spanned="4"')}<table:covered-table-cell table:number-columns-repeated="3"/>`,
    ) +
    row(`${text('Hive')}${text('Weighed')}${text('Stores (kg)')}${text('Share')}`) +
    row(
      `${text('North')}${typed('2026-10-04', 'office:value-type="date" office:date-value="2026-10-04"')}` +
        `${typed('19', 'office:value-type="float" office:value="19"')}${typed('45.2%', 'office:value-type="percentage" office:value="0.452"')}`,
    ) +
    row(
      `${text('South')}${typed('2026-10-11', 'office:value-type="date" office:date-value="2026-10-11"')}` +
        `${typed('23', 'office:value-type="float" office:value="23"')}${typed('54.8%', 'office:value-type="percentage" office:value="0.548"')}`,
    ) +
    '</table:table>' +
    '<table:table table:name="Scratch" table:style-name="ta2">' +
    row(text('Working notes, not for the report')) +
    '</table:table>' +
    '</office:spreadsheet>';
  return openDocumentOf({ mediaType: DOCUMENT_MEDIA_TYPES.ods, styles, body, title: 'Winter stores' });
}

/** A short talk as an OpenDocument presentation: titled pages, a nested list, a table, speaker notes. */
export function writeOdpDeck(): Promise<Buffer> {
  const styles =
    '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="visible"/></style:style>';
  const frame = (cls: string, y: string, inner: string): string =>
    `<draw:frame presentation:class="${cls}" svg:x="2cm" svg:y="${y}" svg:width="20cm" svg:height="3cm"><draw:text-box>${inner}</draw:text-box></draw:frame>`;
  const notes = (text: string): string =>
    `<presentation:notes>${frame('notes', '10cm', p(text))}</presentation:notes>`;
  const cell = (text: string): string => `<table:table-cell>${p(text)}</table:table-cell>`;
  const body =
    '<office:presentation>' +
    '<draw:page draw:name="page1" draw:style-name="dp1">' +
    frame('title', '1cm', p('Wintering bees')) +
    frame(
      'outline',
      '5cm',
      `<text:list>${item('Keep them dry', `<text:list>${item('Tilt the hive forward')}</text:list>`)}${item('Leave them heavy')}</text:list>`,
    ) +
    notes('Ask who lost colonies last winter.') +
    '</draw:page>' +
    '<draw:page draw:name="page2" draw:style-name="dp1">' +
    frame('title', '1cm', p('Stores by hive')) +
    '<draw:frame svg:x="2cm" svg:y="5cm" svg:width="12cm" svg:height="4cm"><table:table>' +
    `<table:table-row>${cell('Hive')}${cell('Stores (kg)')}</table:table-row>` +
    `<table:table-row>${cell('North')}${cell('19')}</table:table-row>` +
    `<table:table-row>${cell('South')}${cell('23')}</table:table-row>` +
    '</table:table></draw:frame>' +
    '</draw:page>' +
    '</office:presentation>';
  return openDocumentOf({ mediaType: DOCUMENT_MEDIA_TYPES.odp, styles, body, title: 'Wintering bees' });
}
