import {
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';

const cellOf = (
  paragraphs: readonly (string | Paragraph | Table)[],
  span: { columnSpan?: number; rowSpan?: number } = {},
): TableCell =>
  new TableCell({
    children: paragraphs.map((item) => (typeof item === 'string' ? new Paragraph(item) : item)),
    ...span,
  });

/**
 * A handbook laid out the way Word files from other hands are: headings from custom-named styles
 * that carry an outline level (or are based on a built-in heading), a heading made by direct
 * outline level on a plain paragraph, numbered lists nested three levels, a bullet list, and tables
 * whose cells hold several paragraphs, a list, a nested table, and cells merged across and down.
 */
export function writeStructureDocx(): Promise<Buffer> {
  const document = new Document({
    title: 'Hive management handbook',
    creator: 'Ana Lima',
    styles: {
      paragraphStyles: [
        {
          id: 'ChapterHeading',
          name: 'Chapter Heading',
          basedOn: 'Normal',
          next: 'Normal',
          run: { bold: true, size: 32 },
          paragraph: { outlineLevel: 0, spacing: { before: 240, after: 120 } },
        },
        {
          id: 'SectionHead',
          name: 'Section Head',
          basedOn: 'Normal',
          next: 'Normal',
          run: { bold: true, size: 26 },
          paragraph: { outlineLevel: 1 },
        },
        {
          id: 'AppendixTitle',
          name: 'Appendix Title',
          basedOn: 'Heading1',
          next: 'Normal',
          run: { italics: true },
        },
      ],
    },
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 },
            { level: 1, format: LevelFormat.LOWER_LETTER, text: '%2.', start: 1 },
            { level: 2, format: LevelFormat.LOWER_ROMAN, text: '%3.', start: 1 },
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
    sections: [
      {
        children: [
          new Paragraph({ text: 'Hive management handbook', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Opening the hive', style: 'ChapterHeading' }),
          new Paragraph('Work from the side of the hive, never in front of the entrance.'),
          new Paragraph({ text: 'Before you start', style: 'SectionHead' }),
          new Paragraph({ text: 'Light the smoker', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Use dry pine needles', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({ text: 'Keep a spare lighter', numbering: { reference: 'steps', level: 2 } }),
          new Paragraph({ text: 'Check the wind', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({ text: 'Put on the veil', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ children: [new TextRun('Frame by frame')], outlineLevel: 2 }),
          new Paragraph('Lift each frame straight up and look for:'),
          new Paragraph({ text: 'Eggs standing upright', numbering: { reference: 'dots', level: 0 } }),
          new Paragraph({ text: 'Capped brood', numbering: { reference: 'dots', level: 0 } }),
          new Paragraph({ text: 'Worker brood is flat', numbering: { reference: 'dots', level: 1 } }),
          new Paragraph({ text: 'Drone brood is domed', numbering: { reference: 'dots', level: 1 } }),
          new Paragraph({ text: 'Records', style: 'ChapterHeading' }),
          new Paragraph('Each visit gets one row:'),
          new Table({
            rows: [
              new TableRow({
                tableHeader: true,
                children: [cellOf(['Hive']), cellOf(['Seen']), cellOf(['Action'])],
              }),
              new TableRow({
                children: [
                  cellOf(['North']),
                  cellOf(['Queen marked blue', 'Eight frames of brood']),
                  cellOf(['Add a super']),
                ],
              }),
              new TableRow({
                children: [
                  cellOf(['South']),
                  cellOf([
                    'Frames by box:',
                    new Table({
                      rows: [
                        new TableRow({ children: [cellOf(['Brood']), cellOf(['9'])] }),
                        new TableRow({ children: [cellOf(['Super']), cellOf(['6'])] }),
                      ],
                    }),
                  ]),
                  cellOf([
                    new Paragraph({ text: 'Feed syrup', numbering: { reference: 'dots', level: 0 } }),
                    new Paragraph({ text: 'Treat for mites', numbering: { reference: 'dots', level: 0 } }),
                  ]),
                ],
              }),
            ],
          }),
          new Paragraph({ text: 'Harvest by season', style: 'SectionHead' }),
          new Table({
            rows: [
              new TableRow({
                children: [cellOf(['Apiary'], { rowSpan: 2 }), cellOf(['Honey (kg)'], { columnSpan: 2 })],
              }),
              new TableRow({ children: [cellOf(['Spring']), cellOf(['Summer'])] }),
              new TableRow({ children: [cellOf(['Valley']), cellOf(['31']), cellOf(['44'])] }),
              new TableRow({
                children: [cellOf(['Ridge']), cellOf(['Lost to swarming'], { columnSpan: 2 })],
              }),
            ],
          }),
          new Paragraph({ text: 'Glossary', style: 'AppendixTitle' }),
          new Paragraph({
            children: [
              new TextRun({ text: 'Super', bold: true }),
              new TextRun(': a box for honey above the brood.'),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
