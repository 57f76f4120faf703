import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentsSource } from '../src/index.js';
import { docxOf, p, withNamespaces } from './support/docx-of.js';
import { zipOf } from './support/zip-of.js';
import { extractBytes, toMarkdown, writeTemp } from './support/read-document.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const plugin = createDocumentsSource();
afterAll(() => plugin.close?.());

async function markdownOf(parts: Parameters<typeof docxOf>[0]): Promise<string> {
  const document = await extractBytes(plugin, 'test.docx', DOCX, await docxOf(parts));
  return toMarkdown(document.root);
}

const HEADING_STYLES = `
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="My Section"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Derived"><w:name w:val="Derived"/><w:basedOn w:val="Custom"/></w:style>
<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="CodeChar"><w:name w:val="Inline Code"/></w:style>`;

describe('docx', () => {
  it('reads headings from style names, outline levels and inherited styles', async () => {
    const body = [
      p('Report', 'Heading1'),
      p('Intro', 'Heading2'),
      p('Deep', 'Custom'),
      p('Deeper', 'Derived'),
      p('Text.', 'Normal'),
    ].join('');
    expect(await markdownOf({ body, styles: HEADING_STYLES })).toBe(
      '# Report\n\n## Intro\n\n### Deep\n\n### Deeper\n\nText.\n',
    );
  });

  it('keeps bold, italic and code runs, merging neighbouring runs', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Plain </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">bold </w:t></w:r>' +
      '<w:r><w:rPr><w:b/></w:rPr><w:t>text</w:t></w:r><w:r><w:t xml:space="preserve">, </w:t></w:r>' +
      '<w:r><w:rPr><w:i/></w:rPr><w:t>italic</w:t></w:r><w:r><w:t xml:space="preserve"> and </w:t></w:r>' +
      '<w:r><w:rPr><w:rStyle w:val="CodeChar"/></w:rPr><w:t>npm test</w:t></w:r><w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>.</w:t></w:r></w:p>';
    expect(await markdownOf({ body, styles: HEADING_STYLES })).toBe(
      'Plain **bold text**, _italic_ and `npm test`.\n',
    );
  });
});

const NUMBERING = `
<w:abstractNum w:abstractNumId="0">
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/></w:lvl>
  <w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="4"/></w:lvlOverride></w:num>`;

function item(text: string, numId: number, level: number): string {
  return `<w:p><w:pPr><w:numPr><w:ilvl w:val="${String(level)}"/><w:numId w:val="${String(numId)}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
}

function cell(text: string, props = ''): string {
  return `<w:tc>${props === '' ? '' : `<w:tcPr>${props}</w:tcPr>`}${p(text)}</w:tc>`;
}

describe('docx structures', () => {
  it('nests numbered and bulleted lists by level, keeping their numbering', async () => {
    const body = [
      item('First', 1, 0),
      item('Sub a', 1, 1),
      item('Bullet under a', 1, 2),
      item('Sub b', 1, 1),
      item('Second', 1, 0),
      p('Between.'),
      item('Apple', 2, 0),
      item('Pear', 2, 0),
      p('Then.'),
      item('Fourth', 3, 0),
      item('Fifth', 3, 0),
    ].join('');
    expect(await markdownOf({ body, numbering: NUMBERING })).toBe(
      [
        '1. First',
        '   1. Sub a',
        '      - Bullet under a',
        '   2. Sub b',
        '2. Second',
        '',
        'Between.',
        '',
        '- Apple',
        '- Pear',
        '',
        'Then.',
        '',
        '4. Fourth',
        '5. Fifth',
        '',
      ].join('\n'),
    );
  });

  it('writes a plain table as GFM and a table with merged cells as HTML', async () => {
    const plain = `<w:tbl><w:tr>${cell('Name')}${cell('Qty')}</w:tr><w:tr>${cell('Pens')}${cell('4')}</w:tr></w:tbl>`;
    const merged =
      `<w:tbl><w:tr>${cell('Region', '<w:vMerge w:val="restart"/>')}${cell('Sales', '<w:gridSpan w:val="2"/>')}</w:tr>` +
      `<w:tr>${cell('', '<w:vMerge/>')}${cell('Q1')}${cell('Q2')}</w:tr>` +
      `<w:tr>${cell('North')}${cell('1 &amp; 2')}${cell('3')}</w:tr></w:tbl>`;
    expect(await markdownOf({ body: plain + merged })).toBe(
      [
        '| Name | Qty |',
        '| ---- | --- |',
        '| Pens | 4   |',
        '',
        '<table>',
        '<tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr>',
        '<tr><td>Q1</td><td>Q2</td></tr>',
        '<tr><td>North</td><td>1 &amp; 2</td><td>3</td></tr>',
        '</table>',
        '',
      ].join('\n'),
    );
  });

  it('resolves hyperlinks, footnotes, endnotes and comments with their anchors', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r><w:hyperlink r:id="rId5"><w:r><w:t>the site</w:t></w:r></w:hyperlink>' +
      '<w:r><w:t xml:space="preserve"> and </w:t></w:r><w:hyperlink w:anchor="intro"><w:r><w:t>the intro</w:t></w:r></w:hyperlink>' +
      '<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:t>.</w:t></w:r></w:p>' +
      '<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Revenue grew</w:t></w:r><w:commentRangeEnd w:id="0"/>' +
      '<w:r><w:t xml:space="preserve"> fast</w:t></w:r><w:r><w:endnoteReference w:id="2"/></w:r><w:r><w:t>.</w:t></w:r></w:p>';
    const footnotes = withNamespaces(
      'w:footnotes',
      '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>' +
        `<w:footnote w:id="1">${p('A footnote.')}</w:footnote>`,
    );
    const endnotes = withNamespaces('w:endnotes', `<w:endnote w:id="2">${p('An endnote.')}</w:endnote>`);
    const comments = withNamespaces(
      'w:comments',
      `<w:comment w:id="0" w:author="Ana Lima">${p('Source?')}</w:comment>`,
    );
    expect(
      await markdownOf({
        body,
        relationships: { rId5: 'https://example.com/' },
        parts: {
          'word/footnotes.xml': footnotes,
          'word/endnotes.xml': endnotes,
          'word/comments.xml': comments,
        },
      }),
    ).toBe(
      [
        'See [the site](https://example.com/) and [the intro](#intro)[^1].',
        '',
        'Revenue grew fast[^2].',
        '',
        '[^1]: A footnote.',
        '',
        '[^2]: An endnote.',
        '',
        '## Comments',
        '',
        '- **Ana Lima**: Source? (on “Revenue grew”)',
        '',
      ].join('\n'),
    );
  });

  it('keeps a paragraph that holds only a note mark or a linked picture, and the note it marks', async () => {
    // The shape of mammoth's footnote-hyperlink.docx: the body is a footnote's mark, the text is in the note.
    const body =
      '<w:p><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r></w:p>' +
      '<w:p><w:hyperlink r:id="rId6"><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1"/>' +
      '<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId9"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>' +
      '</wp:inline></w:drawing></w:r></w:hyperlink></w:p>';
    const footnotes = withNamespaces(
      'w:footnotes',
      '<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> </w:t></w:r>' +
        '<w:hyperlink r:id="rId5"><w:r><w:t>Example</w:t></w:r></w:hyperlink></w:p></w:footnote>',
    );
    // A note's link is in the notes part's own relationships, not the body's.
    const parts = {
      'word/footnotes.xml': footnotes,
      'word/_rels/footnotes.xml.rels':
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="http://www.example.com/" TargetMode="External"/></Relationships>',
    };
    const relationships = { rId6: 'https://example.com/full', rId9: 'media/image1.png' };
    expect(await markdownOf({ body, parts, relationships })).toBe(
      '[^1]\n\n[![](image1.png)](https://example.com/full)\n\n[^1]: [Example](http://www.example.com/)\n',
    );
  });

  it('numbers notes as a reader sees them: in order of reference, whatever ids Word gave them', async () => {
    // Word numbers footnote ids from 2 (0 and 1 are the separators); an endnote's id may equal a footnote's.
    const body =
      '<w:p><w:r><w:t>First</w:t></w:r><w:r><w:endnoteReference w:id="2"/></w:r></w:p>' +
      '<w:p><w:r><w:t>Second</w:t></w:r><w:r><w:footnoteReference w:id="3"/></w:r>' +
      '<w:r><w:t xml:space="preserve"> and third</w:t></w:r><w:r><w:footnoteReference w:id="2"/></w:r></w:p>';
    const footnotes = withNamespaces(
      'w:footnotes',
      `<w:footnote w:id="2">${p('Footnote two.')}</w:footnote><w:footnote w:id="3">${p('Footnote three.')}</w:footnote>`,
    );
    const endnotes = withNamespaces('w:endnotes', `<w:endnote w:id="2">${p('The endnote.')}</w:endnote>`);
    expect(
      await markdownOf({ body, parts: { 'word/footnotes.xml': footnotes, 'word/endnotes.xml': endnotes } }),
    ).toBe(
      [
        'First[^1]',
        '',
        'Second[^2] and third[^3]',
        '',
        '[^1]: The endnote.',
        '',
        '[^2]: Footnote three.',
        '',
        '[^3]: Footnote two.',
        '',
      ].join('\n'),
    );
  });

  it("takes bold and italic from a run's character style, its own toggles first", async () => {
    const styles = `
<w:style w:type="character" w:styleId="Strong"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="character" w:styleId="Emphasis"><w:name w:val="Emphasis"/><w:rPr><w:i/></w:rPr></w:style>
<w:style w:type="character" w:styleId="Loud"><w:name w:val="Loud"/><w:basedOn w:val="Strong"/></w:style>`;
    const run = (style: string, text: string, own = ''): string =>
      `<w:r><w:rPr><w:rStyle w:val="${style}"/>${own}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
    const body = `<w:p>${run('Strong', 'strong')}<w:r><w:t xml:space="preserve">, </w:t></w:r>${run('Emphasis', 'stressed')}<w:r><w:t xml:space="preserve">, </w:t></w:r>${run('Loud', 'loud')}<w:r><w:t xml:space="preserve">, </w:t></w:r>${run('Strong', 'plain', '<w:b w:val="0"/>')}</w:p>`;
    expect(await markdownOf({ body, styles })).toBe('**strong**, _stressed_, **loud**, plain\n');
  });

  it('accepts tracked changes: insertions kept, deletions and moved-from text dropped', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:del w:id="1" w:author="x"><w:r><w:delText>old </w:delText></w:r></w:del>' +
      '<w:ins w:id="2" w:author="x"><w:r><w:t xml:space="preserve">new </w:t></w:r></w:ins><w:r><w:t>plan.</w:t></w:r></w:p>' +
      '<w:p><w:moveFrom w:id="3" w:author="x"><w:r><w:t>Moved away.</w:t></w:r></w:moveFrom></w:p>' +
      '<w:p><w:moveTo w:id="4" w:author="x"><w:r><w:t>Moved here.</w:t></w:r></w:moveTo></w:p>';
    expect(await markdownOf({ body })).toBe('The new plan.\n\nMoved here.\n');
  });

  it('writes an equation as LaTeX and an image with its alt text', async () => {
    const fraction =
      '<m:f><m:num><m:r><m:t>a</m:t></m:r><m:r><m:t>+</m:t></m:r><m:r><m:t>b</m:t></m:r></m:num><m:den><m:r><m:t>2</m:t></m:r></m:den></m:f>';
    const sum =
      '<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub><m:r><m:t>i=1</m:t></m:r></m:sub><m:sup><m:r><m:t>n</m:t></m:r></m:sup>' +
      '<m:e><m:sSup><m:e><m:r><m:t>x</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:e></m:nary>';
    const root =
      '<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e><m:r><m:t>π</m:t></m:r></m:e></m:rad>';
    const body =
      `<w:p><w:r><w:t xml:space="preserve">Mean is </w:t></w:r><m:oMath>${fraction}</m:oMath><w:r><w:t>.</w:t></w:r></w:p>` +
      `<w:p><m:oMathPara><m:oMath>${sum}<m:r><m:t>=</m:t></m:r>${root}</m:oMath></m:oMathPara></w:p>` +
      '<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="Sales by region"/>' +
      '<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId9"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>' +
      '</wp:inline></w:drawing></w:r></w:p>';
    expect(await markdownOf({ body, relationships: { rId9: 'media/image1.png' } })).toBe(
      'Mean is $\\frac{a+b}{2}$.\n\n$$\\sum_{i=1}^n x^2=\\sqrt{\\pi}$$\n\n![Sales by region](image1.png)\n',
    );
  });

  it('reads a drawing Word wrapped in mc:AlternateContent once', async () => {
    const drawing =
      '<w:drawing><wp:inline><wp:docPr id="2" name="Chart 2" title="Monthly sales"/>' +
      '<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId3"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>';
    const body =
      '<w:p><w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      `<mc:Choice Requires="wps">${drawing}</mc:Choice><mc:Fallback><w:pict/></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    expect(await markdownOf({ body, relationships: { rId3: 'media/chart.png' } })).toBe(
      '![Monthly sales](chart.png)\n',
    );
  });

  it('gives an image without alt text the caption written under it', async () => {
    const body =
      '<w:p><w:r><w:drawing><wp:inline><wp:docPr id="3" name="Picture 3"/><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rId4"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>' +
      p('Figure 1: Hive layout', 'Caption');
    const styles = '<w:style w:type="paragraph" w:styleId="Caption"><w:name w:val="caption"/></w:style>';
    expect(await markdownOf({ body, styles, relationships: { rId4: 'media/hive.jpeg' } })).toBe(
      '![Figure 1: Hive layout](hive.jpeg)\n\nFigure 1: Hive layout\n',
    );
  });

  it('reads the paragraphs of a text box in place', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Before </w:t></w:r><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>' +
      p('Boxed one') +
      p('Boxed two') +
      '</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>';
    expect(await markdownOf({ body })).toBe('Before\\\nBoxed one\\\nBoxed two\n');
  });

  it('counts explicit page breaks into each block’s provenance', async () => {
    const body =
      p('One') + '<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>Two</w:t></w:r></w:p>' + p('Still two');
    const document = await extractBytes(plugin, 'pages.docx', DOCX, await docxOf({ body }));
    expect(document.root.children.map((block) => block.data?.provenance?.page)).toEqual([1, 2, 2]);
    expect(document.metadata.pageCount).toBe(2);
  });

  it('reads title, author and language from docProps/core.xml', async () => {
    const core =
      '<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
      '<dc:title>Annual report</dc:title><dc:creator>Ana Lima</dc:creator><dc:language>pt-BR</dc:language></cp:coreProperties>';
    const document = await extractBytes(
      plugin,
      'meta.docx',
      DOCX,
      await docxOf({ body: p('Hello.'), parts: { 'docProps/core.xml': core } }),
    );
    expect(document.metadata).toMatchObject({
      title: 'Annual report',
      author: 'Ana Lima',
      language: 'pt-BR',
    });
  });
});

describe('docx hostile inputs', () => {
  it('refuses an encrypted docx (an OLE file holding EncryptedPackage) as encrypted_document', async () => {
    const ole = Buffer.alloc(4096);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 1024);
    await expect(extractBytes(plugin, 'secret.docx', DOCX, ole)).rejects.toMatchObject({
      code: 'encrypted_document',
    });
  });

  it('refuses a document.xml declaring a DTD as archive_unsafe', async () => {
    const bytes = await zipOf({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml':
        '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaa">]><w:document><w:body><w:p><w:r><w:t>&a;</w:t></w:r></w:p></w:body></w:document>',
    });
    await expect(extractBytes(plugin, 'dtd.docx', DOCX, bytes)).rejects.toMatchObject({
      code: 'archive_unsafe',
    });
  });

  it('refuses a truncated docx as corrupt_file', async () => {
    const bytes = await docxOf({ body: p('Hello there, this will be cut.') });
    await expect(
      extractBytes(plugin, 'cut.docx', DOCX, bytes.subarray(0, Math.floor(bytes.length / 2))),
    ).rejects.toMatchObject({ code: 'corrupt_file' });
  });

  it('fails an empty document with empty_content', async () => {
    await expect(
      extractBytes(plugin, 'empty.docx', DOCX, await docxOf({ body: '<w:p/>' })),
    ).rejects.toMatchObject({
      code: 'empty_content',
    });
  });

  it('refuses the same problems at upload validation (inspect)', async () => {
    const ole = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    Buffer.from('EncryptedPackage', 'utf16le').copy(ole, 700);
    const path = await writeTemp('secret.docx', ole);
    expect(
      await plugin.inspect?.(
        { name: 'secret.docx', mediaType: DOCX, sizeBytes: ole.length, path },
        new AbortController().signal,
      ),
    ).toMatchObject({
      ok: false,
      code: 'encrypted_document',
    });
    const good = await docxOf({ body: p('Fine.') });
    const goodPath = await writeTemp('fine.docx', good);
    expect(
      await plugin.inspect?.(
        { name: 'fine.docx', mediaType: DOCX, sizeBytes: good.length, path: goodPath },
        new AbortController().signal,
      ),
    ).toMatchObject({ ok: true });
  });
});
