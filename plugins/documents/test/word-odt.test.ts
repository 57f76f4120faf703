import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentsSource } from '../src/index.js';
import { extractBytes, toMarkdown } from './support/read-document.js';
import { zipOf } from './support/zip-of.js';

const ODT = 'application/vnd.oasis.opendocument.text';
const plugin = createDocumentsSource();
afterAll(() => plugin.close?.());

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
].join(' ');

const STYLES = `<office:automatic-styles>
<style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="T2" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>
<style:style style:name="Code" style:family="paragraph" style:display-name="Preformatted Text"/>
<text:list-style style:name="L1">
  <text:list-level-style-number text:level="1" style:num-format="1"/>
  <text:list-level-style-bullet text:level="2" text:bullet-char="•"/>
</text:list-style>
</office:automatic-styles>`;

async function odtOf(body: string, meta = ''): Promise<Buffer> {
  return zipOf({
    mimetype: ODT,
    'content.xml': `<?xml version="1.0"?><office:document-content ${NAMESPACES}>${STYLES}<office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    'meta.xml': `<?xml version="1.0"?><office:document-meta ${NAMESPACES}><office:meta>${meta}</office:meta></office:document-meta>`,
  });
}

async function markdownOf(body: string): Promise<string> {
  return toMarkdown((await extractBytes(plugin, 'test.odt', ODT, await odtOf(body))).root);
}

describe('odt', () => {
  it('reads headings, formatted spans, links and code paragraphs', async () => {
    const body =
      '<text:h text:outline-level="1">Report</text:h><text:h text:outline-level="2">Scope</text:h>' +
      '<text:p>Plain <text:span text:style-name="T1">bold</text:span> and <text:span text:style-name="T2">italic</text:span>,<text:s text:c="2"/>see <text:a xlink:href="https://example.com/">the site</text:a>.</text:p>' +
      '<text:p text:style-name="Code">npm install</text:p><text:p text:style-name="Code">npm test</text:p>';
    expect(await markdownOf(body)).toBe(
      '# Report\n\n## Scope\n\nPlain **bold** and _italic_,  see [the site](https://example.com/).\n\n```\nnpm install\nnpm test\n```\n',
    );
  });

  it('reads paragraphs in heading styles as headings, as LibreOffice exports Word headings', async () => {
    const styles =
      `<?xml version="1.0"?><office:document-styles ${NAMESPACES}><office:styles>` +
      '<style:style style:name="Title" style:family="paragraph"/>' +
      '<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"/>' +
      '<style:style style:name="Chapter" style:family="paragraph" style:default-outline-level="2"/>' +
      '<style:style style:name="Heading_20_3" style:display-name="Heading 3" style:family="paragraph"/>' +
      '</office:styles></office:document-styles>';
    const content =
      `<?xml version="1.0"?><office:document-content ${NAMESPACES}><office:automatic-styles>` +
      '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_3"/>' +
      '</office:automatic-styles><office:body><office:text>' +
      '<text:p text:style-name="Title">Report</text:p><text:p text:style-name="Heading_20_1">Scope</text:p>' +
      '<text:p text:style-name="Chapter">Method</text:p><text:p text:style-name="P1">Sampling</text:p>' +
      '<text:p text:style-name="Standard">Plain text.</text:p></office:text></office:body></office:document-content>';
    const bytes = await zipOf({ mimetype: ODT, 'content.xml': content, 'styles.xml': styles });
    expect(toMarkdown((await extractBytes(plugin, 'export.odt', ODT, bytes)).root)).toBe(
      '# Report\n\n# Scope\n\n## Method\n\n### Sampling\n\nPlain text.\n',
    );
  });

  it('nests lists numbered by their list style', async () => {
    const body =
      '<text:list text:style-name="L1"><text:list-item><text:p>First</text:p><text:list><text:list-item><text:p>Detail</text:p></text:list-item></text:list></text:list-item>' +
      '<text:list-item><text:p>Second</text:p></text:list-item></text:list>';
    expect(await markdownOf(body)).toBe('1. First\n   - Detail\n2. Second\n');
  });

  it('writes merged cells as an HTML table', async () => {
    const body =
      '<table:table><table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>Sales</text:p></table:table-cell><table:covered-table-cell/></table:table-row>' +
      '<table:table-row><table:table-cell><text:p>Q1</text:p></table:table-cell><table:table-cell><text:p>Q2</text:p></table:table-cell></table:table-row></table:table>';
    expect(await markdownOf(body)).toBe(
      '<table>\n<tr><th colspan="2">Sales</th></tr>\n<tr><td>Q1</td><td>Q2</td></tr>\n</table>\n',
    );
  });

  it('keeps footnotes, annotations with their anchors and images with descriptions; drops tracked deletions', async () => {
    const body =
      '<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>Deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
      '<text:p>Growth<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Unaudited.</text:p></text:note-body></text:note> was <office:annotation office:name="a1"><dc:creator>Ana</dc:creator><text:p>Check this</text:p></office:annotation>strong<office:annotation-end office:name="a1"/>.<text:change text:change-id="c1"/></text:p>' +
      '<text:p><draw:frame draw:name="Image1"><draw:image xlink:href="Pictures/chart.png"/><svg:title>Chart</svg:title><svg:desc>Sales by month</svg:desc></draw:frame></text:p>';
    expect(await markdownOf(body)).toBe(
      [
        'Growth[^1] was strong.',
        '',
        '![Sales by month](chart.png)',
        '',
        '[^1]: Unaudited.',
        '',
        '## Comments',
        '',
        '- **Ana**: Check this (on “strong”)',
        '',
      ].join('\n'),
    );
  });

  it('reads metadata and pages from soft page breaks', async () => {
    const bytes = await odtOf(
      '<text:p>One</text:p><text:soft-page-break/><text:p>Two</text:p>',
      '<dc:title>Notes</dc:title><meta:initial-creator>Rui</meta:initial-creator><dc:language>pt</dc:language>',
    );
    const document = await extractBytes(plugin, 'meta.odt', ODT, bytes);
    expect(document.metadata).toMatchObject({ title: 'Notes', author: 'Rui', language: 'pt', pageCount: 2 });
    expect(document.root.children.map((block) => block.data?.provenance?.page)).toEqual([1, 2]);
  });

  it('fails an odt without text as empty_content, and one with a DTD as archive_unsafe', async () => {
    await expect(extractBytes(plugin, 'empty.odt', ODT, await odtOf('<text:p/>'))).rejects.toMatchObject({
      code: 'empty_content',
    });
    const dtd = await zipOf({
      mimetype: ODT,
      'content.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]><office:document-content/>',
    });
    await expect(extractBytes(plugin, 'dtd.odt', ODT, dtd)).rejects.toMatchObject({ code: 'archive_unsafe' });
  });

  it('refuses a password-protected odt (its manifest declares encryption data) as encrypted_document', async () => {
    const encrypted = await zipOf({
      mimetype: ODT,
      'content.xml': 'encrypted bytes, not XML',
      'META-INF/manifest.xml':
        '<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum-type="SHA1/1K"/></manifest:file-entry></manifest:manifest>',
    });
    await expect(extractBytes(plugin, 'secret.odt', ODT, encrypted)).rejects.toMatchObject({
      code: 'encrypted_document',
    });
  });
});
