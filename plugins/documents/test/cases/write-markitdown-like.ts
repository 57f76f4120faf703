import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  type ParagraphChild,
} from 'docx';
import ExcelJS from 'exceljs';
import { DOCUMENT_MEDIA_TYPES } from '@transmute/engine';
import { packageOf, XML_PROLOG } from './package-of.js';
import { FIXTURE_INSTANT } from './run-deterministically.js';
import { titledDeck } from './write-office.js';
import { docxOf } from '../support/docx-of.js';
import { msgOf } from '../support/msg-of.js';

/**
 * The content facts of MarkItDown's test files (`packages/markitdown/tests/_test_vectors.py`,
 * microsoft/markitdown): the strings its vectors look for, carried by files written here with our
 * own words around them. Nothing of MarkItDown's files is copied.
 */
export const MARKITDOWN_FACTS = {
  title: 'AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation',
  docxGuids: ['314b0a30-5b04-470b-b9f7-eed2c2bec74a', '49e168b7-d2ae-407f-a055-2167576f39a1'],
  docxHeading: 'd666f1f7-46cb-42bd-9a39-9a39cf2a509f',
  comments: ['This is a test comment. 12df-321a', 'Yet another comment in the doc. 55yiyi-asd09'],
  // A sheet name is at most 31 characters: Excel cut the GUID, and the vector looks for the cut name.
  sheetName: '09060124-b5e7-4717-9d07-3c046eb',
  sheetGuids: ['6ff4173b-42a5-4784-9b19-f49caff4d93d', 'affc7dad-52dc-4b98-9b5d-51e65d8a8ad0'],
  slideGuids: [
    '2cdda5c8-e50e-4db4-b5f0-9722a649f455',
    '04191ea8-5c73-4215-a1d3-1cfb43aaaf12',
    '44bf7d06-5e7a-4a40-a2e1-a2e42ef28c8a',
    '1b92870d-e3b5-4e65-8153-919f4ff45592',
  ],
  chartTitle: 'a3f6004b-6f4f-4ea8-bee3-3741f4dc385f',
  caption: 'This phrase of the caption is Human-written.',
} as const;

/** A 1×1 PNG and a 1×1 JPEG (baseline, grey), the pictures the files embed. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////' +
  '////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

const cell = (text: string): TableCell => new TableCell({ children: [new Paragraph(text)] });

/** The body of the paper-like Word file: a title, authors, Abstract, Introduction, a table and a figure. */
function paperParagraphs(commented: boolean): (Paragraph | Table)[] {
  const facts = MARKITDOWN_FACTS;
  const abstract: ParagraphChild[] = commented
    ? [
        new CommentRangeStart(0),
        new TextRun(`Our framework is tagged ${facts.docxGuids[0]} in this copy.`),
        new CommentRangeEnd(0),
        new TextRun({ children: [new CommentReference(0)] }),
      ]
    : [new TextRun(`Our framework is tagged ${facts.docxGuids[0]} in this copy.`)];
  return [
    new Paragraph({ text: facts.title, heading: HeadingLevel.TITLE }),
    new Paragraph('Ada Example, Ben Sample and Cy Placeholder'),
    new Paragraph({ text: 'Abstract', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({
      children: [
        new TextRun('AutoGen is an open-source framework that lets developers build applications '),
        new TextRun('from several agents that converse with each other to solve tasks. '),
        ...abstract,
      ],
    }),
    new Paragraph({ text: 'Introduction', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({
      children: [
        new TextRun('Large language models are becoming a building block of capable agents. '),
        new TextRun({ text: 'Conversation', bold: true }),
        new TextRun(' between agents is the pattern studied here.'),
        ...(commented
          ? [
              new CommentRangeStart(1),
              new TextRun(' A remark to review.'),
              new CommentRangeEnd(1),
              new TextRun({ children: [new CommentReference(1)] }),
            ]
          : []),
      ],
    }),
    new Paragraph({ text: facts.docxHeading, heading: HeadingLevel.HEADING_2 }),
    new Paragraph(`The second tag of this copy is ${facts.docxGuids[1]}.`),
    new Table({
      rows: [
        new TableRow({ children: [cell('Agent'), cell('Role')] }),
        new TableRow({ children: [cell('Assistant'), cell('Writes code')] }),
        new TableRow({ children: [cell('User proxy'), cell('Runs the code')] }),
      ],
    }),
    new Paragraph({
      children: [
        new ImageRun({
          type: 'png',
          data: PNG,
          transformation: { width: 120, height: 80 },
          altText: { name: 'Figure 1', title: 'Figure 1', description: 'Two agents in conversation' },
        }),
      ],
    }),
    new Paragraph('Figure 1: two agents in conversation.'),
  ];
}

/** `test.docx` (and, with `commented`, `test_with_comment.docx`) as Word files the `docx` library writes. */
export function writePaperDocx(commented: boolean): Promise<Buffer> {
  const date = new Date(FIXTURE_INSTANT);
  const document = new Document({
    title: MARKITDOWN_FACTS.title,
    creator: 'Ada Example',
    ...(commented
      ? {
          comments: {
            children: MARKITDOWN_FACTS.comments.map((text, id) => ({
              id,
              author: 'Reviewer',
              initials: 'R',
              date,
              children: [new Paragraph(text)],
            })),
          },
        }
      : {}),
    sections: [{ children: paperParagraphs(commented) }],
  });
  return Packer.toBuffer(document);
}

const mathRun = (text: string): string =>
  `<m:r><w:rPr><w:rFonts w:ascii="Cambria Math" w:hAnsi="Cambria Math"/></w:rPr><m:t>${text}</m:t></m:r>`;
const wordRun = (text: string): string => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const displayMath = (omml: string): string =>
  `<w:p><m:oMathPara><m:oMathParaPr><m:jc m:val="center"/></m:oMathParaPr><m:oMath>${omml}</m:oMath></m:oMathPara></w:p>`;

/**
 * `equations.docx`: an inline formula m=1 in a sentence and display formulas (`m:oMathPara`, as
 * Word writes an equation on its own line), by hand: the `docx` library writes no `m:oMathPara`.
 */
export function writeEquationsDocx(): Promise<Buffer> {
  return docxOf({
    styles:
      '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>',
    body:
      '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>' +
      wordRun('Equations') +
      '</w:p>' +
      '<w:p>' +
      wordRun('The mass is set to ') +
      `<m:oMath>${mathRun('m=1')}</m:oMath>` +
      wordRun(' for the whole experiment.') +
      '</w:p>' +
      displayMath(
        `${mathRun('E=m')}<m:sSup><m:e>${mathRun('c')}</m:e><m:sup>${mathRun('2')}</m:sup></m:sSup>`,
      ) +
      '<w:p>' +
      wordRun('and the sum of the first n numbers is') +
      '</w:p>' +
      displayMath(
        `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${mathRun('i=1')}</m:sub><m:sup>${mathRun('n')}</m:sup>` +
          `<m:e>${mathRun('i')}</m:e></m:nary>${mathRun('=')}` +
          `<m:f><m:num>${mathRun('n(n+1)')}</m:num><m:den>${mathRun('2')}</m:den></m:f>`,
      ),
  });
}

/** `test.xlsx`: a sheet named by a GUID cut at 31 characters, and a second sheet. */
export async function writeGuidWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Ada Example';
  book.created = new Date(FIXTURE_INSTANT);
  book.modified = new Date(FIXTURE_INSTANT);
  const first = book.addWorksheet(MARKITDOWN_FACTS.sheetName);
  first.addRows([
    ['Alpha', 'Beta', 'Gamma', 'Delta'],
    [89, 82, 100, 12],
    [76, 89, 33, 42],
    [MARKITDOWN_FACTS.sheetGuids[0], 55, 67, 81],
  ]);
  const second = book.addWorksheet('Sheet2');
  second.addRows([
    ['Name', 'Value'],
    [MARKITDOWN_FACTS.sheetGuids[1], 7],
    ['Other', 3],
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `test.pptx`: a title slide, a picture with its caption as alt text, a table, a chart, speaker notes. */
export async function writeGuidDeck(): Promise<Buffer> {
  const facts = MARKITDOWN_FACTS;
  // Slides as PowerPoint makes them: titles in the layout's title placeholder.
  const deck = titledDeck(facts.title, 'Ada Example');
  const cover = deck.addSlide({ masterName: 'TITLED' });
  cover.addText(facts.title, { placeholder: 'title' });
  cover.addText(facts.slideGuids[0], { x: 0.5, y: 2, w: 9, h: 0.6 });
  cover.addNotes(`Speaker note with the tag ${facts.slideGuids[3]}.`);
  const picture = deck.addSlide({ masterName: 'TITLED' });
  picture.addText('Agents at work', { placeholder: 'title' });
  picture.addText(`Figure tag ${facts.slideGuids[1]}`, { x: 0.5, y: 1.4, w: 9, h: 0.6 });
  picture.addImage({
    data: `image/jpeg;base64,${JPEG_BASE64}`,
    x: 1,
    y: 2.2,
    w: 3,
    h: 2,
    altText: facts.caption,
    objectName: 'Picture 4',
  });
  const table = deck.addSlide({ masterName: 'TITLED' });
  table.addText('Results', { placeholder: 'title' });
  table.addTable(
    [
      [{ text: 'Task' }, { text: 'Tag' }],
      [{ text: 'Math' }, { text: facts.slideGuids[2] }],
      [{ text: 'Code' }, { text: 'none' }],
    ],
    { x: 0.5, y: 1.5, w: 9 },
  );
  const chart = deck.addSlide({ masterName: 'TITLED' });
  chart.addText('Growth', { placeholder: 'title' });
  chart.addChart(
    deck.ChartType.bar,
    [{ name: 'Sales', labels: ['2001', '2002', '2003'], values: [2001, 2002, 2003] }],
    { x: 1, y: 1.4, w: 8, h: 4, showTitle: true, title: facts.chartTitle },
  );
  return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** `test_outlook_msg.msg`: an Outlook message with sender, recipient, subject and a plain body. */
export function writeOutlookMsg(): Buffer {
  return msgOf({
    messageClass: 'IPM.Note',
    subject: 'Test Email Message',
    senderName: 'Test Sender',
    senderSmtpAddress: 'test.sender@example.com',
    body: 'This is the body of the test email message.\r\nIt has two lines.\r\n',
    submitTime: new Date(FIXTURE_INSTANT),
    recipients: [{ name: 'Test Recipient', smtpAddress: 'test.recipient@example.com', type: 1 }],
  });
}

const EPUB_OPF = `${XML_PROLOG}<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
<dc:identifier id="id">test-epub-0001</dc:identifier>
<dc:title>Test EPUB Document</dc:title>
<dc:creator opf:role="aut">Test Author</dc:creator>
<dc:language>en</dc:language>
<dc:publisher>Test Publisher</dc:publisher>
<dc:date>2026-01-15</dc:date>
<dc:description>A test EPUB document for MarkItDown testing</dc:description>
</metadata>
<manifest>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="chapter1" href="chapter1.xhtml" media-type="application/xhtml+xml"/>
<item id="chapter2" href="chapter2.xhtml" media-type="application/xhtml+xml"/>
</manifest>
<spine toc="ncx"><itemref idref="chapter1"/><itemref idref="chapter2"/></spine>
</package>`;

const EPUB_NCX = `${XML_PROLOG}<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="test-epub-0001"/></head><docTitle><text>Test EPUB Document</text></docTitle>
<navMap><navPoint id="n1" playOrder="1"><navLabel><text>Chapter 1</text></navLabel><content src="chapter1.xhtml"/></navPoint>
<navPoint id="n2" playOrder="2"><navLabel><text>Chapter 2</text></navLabel><content src="chapter2.xhtml"/></navPoint></navMap>
</ncx>`;

const chapter = (title: string, body: string): string =>
  `${XML_PROLOG}<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

/** `test.epub`: an EPUB 2 book (OPF + NCX) with author and description, two chapters of simple markup. */
export function writeTestEpub(): Promise<Buffer> {
  return packageOf(DOCUMENT_MEDIA_TYPES.epub, {
    'META-INF/container.xml':
      `${XML_PROLOG}<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">` +
      '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OEBPS/content.opf': EPUB_OPF,
    'OEBPS/toc.ncx': EPUB_NCX,
    'OEBPS/chapter1.xhtml': chapter(
      'Chapter 1: Test Content',
      '<p>This is a <strong>test</strong> paragraph with some formatting.</p>' +
        '<ul><li>A bullet point</li><li>Another point</li></ul>',
    ),
    'OEBPS/chapter2.xhtml': chapter(
      'Chapter 2: More Content',
      '<p>Here is some more text in a <em>different</em> style.</p>' +
        '<blockquote><p>This is a blockquote for testing.</p></blockquote>',
    ),
  });
}
