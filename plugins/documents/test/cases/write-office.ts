import {
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import pptxgenjs from 'pptxgenjs';
import { FIXTURE_INSTANT } from './run-deterministically.js';

// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

const cell = (text: string, span: { columnSpan?: number; rowSpan?: number } = {}): TableCell =>
  new TableCell({ children: [new Paragraph(text)], ...span });

/**
 * A field report written by the `docx` library: a title and headings from styles, bold and italic
 * runs, a hyperlink, a footnote, a numbered list nested two levels with a bullet list inside, and
 * a table with a cell merged across two columns and one merged down two rows.
 */
export function writeDocxReport(): Promise<Buffer> {
  const document = new Document({
    title: 'Apiary field report',
    creator: 'Ana Lima',
    description: 'Spring inspection of the north valley hives',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 },
            { level: 1, format: LevelFormat.LOWER_LETTER, text: '%2)', start: 1 },
          ],
        },
        {
          reference: 'dots',
          levels: [
            { level: 0, format: LevelFormat.BULLET, text: '•' },
            { level: 1, format: LevelFormat.BULLET, text: '◦' },
          ],
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph('Weighed on the apiary scale, frames included.')] } },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Apiary field report', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Spring inspection', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The twelve hives of the north valley gave '),
              new TextRun({ text: '40 kg', bold: true }),
              new TextRun(' of '),
              new TextRun({ text: 'acacia', italics: true }),
              new TextRun(' honey'),
              new FootnoteReferenceRun(1),
              new TextRun('. The method is on '),
              new ExternalHyperlink({
                link: 'https://example.com/apiary/method',
                children: [new TextRun({ text: 'the apiary site', style: 'Hyperlink' })],
              }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Next steps', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Requeen the weak colonies', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Order queens from Lyon', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({ text: 'Mark them in blue', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({
            text: 'Move hives before the rape bloom',
            numbering: { reference: 'steps', level: 0 },
          }),
          new Paragraph({ text: 'Equipment to bring', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Smoker', numbering: { reference: 'dots', level: 0 } }),
          new Paragraph({ text: 'Fuel: pine needles', numbering: { reference: 'dots', level: 1 } }),
          new Paragraph({ text: 'Hive tool', numbering: { reference: 'dots', level: 0 } }),
          new Paragraph({ text: 'Yield by hive', heading: HeadingLevel.HEADING_2 }),
          new Table({
            rows: [
              new TableRow({
                children: [cell('Hive'), cell('Harvest (kg)', { columnSpan: 2 })],
              }),
              new TableRow({ children: [cell(''), cell('Spring'), cell('Summer')] }),
              new TableRow({ children: [cell('North', { rowSpan: 2 }), cell('14'), cell('9')] }),
              new TableRow({ children: [cell('11'), cell('6')] }),
            ],
          }),
          new Paragraph('Inspection closed at noon; the next one is in May.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/**
 * A harvest workbook written by exceljs: a sheet with a title merged across columns, dates,
 * percentages, currency and a formula with its cached value; a second sheet; a hidden sheet.
 */
export async function writeXlsxWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Ana Lima';
  book.created = new Date(FIXTURE_INSTANT);
  book.modified = new Date(FIXTURE_INSTANT);
  const harvest = book.addWorksheet('Harvest 2026');
  harvest.addRow(['North valley harvest']);
  harvest.mergeCells('A1:D1');
  harvest.addRow(['Hive', 'Checked', 'Honey (kg)', 'Share']);
  harvest.addRow(['North', new Date(Date.UTC(2026, 3, 2)), 14, 0.35]);
  harvest.addRow(['South', new Date(Date.UTC(2026, 3, 9)), 26, 0.65]);
  harvest.addRow([
    'Total',
    null,
    { formula: 'SUM(C3:C4)', result: 40 },
    { formula: 'SUM(D3:D4)', result: 1 },
  ]);
  harvest.getColumn(2).numFmt = 'yyyy-mm-dd';
  harvest.getColumn(4).numFmt = '0.0%';
  const prices = book.addWorksheet('Prices');
  prices.addRows([
    ['Honey', 'Price per jar'],
    ['Acacia', 12.5],
    ['Chestnut', 9],
  ]);
  prices.getColumn(2).numFmt = '"€"#,##0.00';
  const notes = book.addWorksheet('Scratch');
  notes.addRow(['Working notes, not for the report']);
  notes.state = 'hidden';
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Deck = InstanceType<typeof PptxGenJS>;

/** A pptxgenjs deck whose slides (`addSlide({ masterName: 'TITLED' })`) have PowerPoint's title placeholder. */
export function titledDeck(title: string, author: string): Deck {
  const pptx = new PptxGenJS();
  pptx.title = title;
  pptx.author = author;
  pptx.defineSlideMaster({
    title: 'TITLED',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 1 }, text: '' } },
    ],
  });
  return pptx;
}

/**
 * A deck written by pptxgenjs: a title slide with speaker notes, a bullet slide nested one level,
 * a slide with a table and a bar chart, and a closing slide.
 */
export async function writePptxDeck(): Promise<Buffer> {
  const pptx = titledDeck('Apiary season review', 'Ana Lima');
  const opening = pptx.addSlide({ masterName: 'TITLED' });
  opening.addText('Apiary season review', { placeholder: 'title' });
  opening.addText('Twelve hives, one valley, forty kilograms of honey.', { x: 1, y: 1.5, w: 8, h: 1 });
  opening.addNotes('Thank the volunteers before the numbers.');

  const plan = pptx.addSlide({ masterName: 'TITLED' });
  plan.addText('What we learned', { placeholder: 'title' });
  plan.addText(
    [
      { text: 'Swarms came early', options: { bullet: true, breakLine: true } },
      { text: 'Two lost in April', options: { bullet: true, indentLevel: 1, breakLine: true } },
      { text: 'Acacia flowed well', options: { bullet: true } },
    ],
    { x: 1, y: 1.5, w: 8, h: 2 },
  );

  const numbers = pptx.addSlide({ masterName: 'TITLED' });
  numbers.addText('Harvest by hive', { placeholder: 'title' });
  numbers.addTable(
    [
      [{ text: 'Hive' }, { text: 'Honey (kg)' }],
      [{ text: 'North' }, { text: '14' }],
      [{ text: 'South' }, { text: '26' }],
    ],
    { x: 1, y: 1.5, w: 4 },
  );
  numbers.addChart(
    pptx.ChartType.bar,
    [
      { name: '2025', labels: ['North', 'South'], values: [11, 20] },
      { name: '2026', labels: ['North', 'South'], values: [14, 26] },
    ],
    { x: 1, y: 3, w: 5, h: 2, title: 'Honey by hive (kg)', showTitle: true },
  );
  numbers.addNotes('The south hives sit by the acacia grove.');

  const closing = pptx.addSlide({ masterName: 'TITLED' });
  closing.addText('Next season', { placeholder: 'title' });
  closing.addText('Requeen in May and move hives before the rape bloom.', { x: 1, y: 1.5, w: 8, h: 1 });
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer);
}
