import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import pptxgenjs from 'pptxgenjs';
import { DEFAULT_PACKAGE_LIMITS, openPackage } from '../src/internal/open-package.js';
import { legacyOf } from './support/legacy-of.js';
import { writeTemp } from './support/read-document.js';
import { zipOf } from './support/zip-of.js';

// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

const CELL_WIDTH = 3000;

function row(cells: string[]): TableRow {
  return new TableRow({
    children: cells.map(
      (text) => new TableCell({ children: [new Paragraph(text)], width: { size: CELL_WIDTH, type: 'dxa' } }),
    ),
  });
}

/**
 * The deck with its slide layouts typed `titleOnly`: pptxgenjs writes untyped layouts, which
 * LibreOffice imports without an auto-layout, and its .ppt export then keeps a title placeholder
 * as a plain text box. PowerPoint's own layouts are typed, so this is what a real .ppt holds.
 */
async function withTypedLayouts(pptx: Buffer): Promise<Buffer> {
  const path = await writeTemp('deck.pptx', pptx);
  const pkg = await openPackage(path, pptx.length, DEFAULT_PACKAGE_LIMITS);
  try {
    const parts: Record<string, Buffer> = {};
    for (const name of pkg.names) {
      const bytes = await pkg.readBytes(name);
      parts[name] = name.startsWith('ppt/slideLayouts/slideLayout')
        ? Buffer.from(bytes.toString('utf8').replace('<p:sldLayout ', '<p:sldLayout type="titleOnly" '))
        : bytes;
    }
    return await zipOf(parts);
  } finally {
    pkg.close();
  }
}

/** A Word 97–2003 .doc: headings, a paragraph with bold text and a table, made from a docx. */
export async function harvestDoc(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Harvest log', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The hives gave '),
              new TextRun({ text: '40 kg', bold: true }),
              new TextRun(' of honey.'),
            ],
          }),
          new Paragraph({ text: 'Hives', heading: HeadingLevel.HEADING_2 }),
          new Table({
            columnWidths: [CELL_WIDTH, CELL_WIDTH],
            rows: [row(['Hive', 'Weight']), row(['North', '40']), row(['South', '25'])],
          }),
          new Paragraph('Weighed in October.'),
        ],
      },
    ],
  });
  return legacyOf(await Packer.toBuffer(document), 'docx', 'doc');
}

/** An Excel 97–2003 .xls with two sheets, made from an xlsx. */
export async function harvestXls(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Harvest').addRows([
    ['Hive', 'Kilograms'],
    ['North', 40],
    ['South', 25],
  ]);
  book.addWorksheet('Notes').addRows([['Checked in May']]);
  return legacyOf(Buffer.from(await book.xlsx.writeBuffer()), 'xlsx', 'xls');
}

/** A PowerPoint 97–2003 .ppt with two titled slides, made from a pptx. */
export async function hivesPpt(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.defineSlideMaster({
    title: 'TITLED',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.3, w: 9, h: 1 }, text: '' } },
    ],
  });
  const first = pptx.addSlide({ masterName: 'TITLED' });
  first.addText('Spring inspection', { placeholder: 'title' });
  first.addText('Every queen was seen.', { x: 1, y: 2, w: 8, h: 1 });
  const second = pptx.addSlide({ masterName: 'TITLED' });
  second.addText('Autumn harvest', { placeholder: 'title' });
  second.addText('Forty kilograms in all.', { x: 1, y: 2, w: 8, h: 1 });
  const bytes = (await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer;
  return legacyOf(await withTypedLayouts(Buffer.from(bytes)), 'pptx', 'ppt');
}
