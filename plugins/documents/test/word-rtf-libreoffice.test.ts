import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  LevelFormat,
  PageBreak,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { describe, expect, it } from 'vitest';
import { readRtf } from '../src/word/read-rtf.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

const hasSoffice = spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status === 0;

/** A report written with the `docx` library: headings, runs, a footnote, a comment, a link, a nested list, a table. */
async function report(): Promise<Buffer> {
  const document = new Document({
    title: 'Quarterly report',
    creator: 'Ana Lima',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 },
            { level: 1, format: LevelFormat.BULLET, text: '•', start: 1 },
          ],
        },
      ],
    },
    footnotes: { 1: { children: [new Paragraph('Unaudited figures.')] } },
    comments: {
      children: [
        {
          id: 0,
          author: 'Bo Chen',
          initials: 'BC',
          date: new Date(0),
          children: [new Paragraph('Check the figure.')],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Quarterly report', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('Revenue grew '),
              new CommentRangeStart(0),
              new TextRun({ text: '12%', bold: true }),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new TextRun(' in '),
              new TextRun({ text: 'every', italics: true }),
              new TextRun(' région'),
              new FootnoteReferenceRun(1),
              new TextRun('. See '),
              new ExternalHyperlink({
                link: 'https://example.com/q3',
                children: [new TextRun('the details')],
              }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Next steps', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Hire', numbering: { reference: 'steps', level: 0 } }),
          new Paragraph({ text: 'Two engineers', numbering: { reference: 'steps', level: 1 } }),
          new Paragraph({ text: 'Ship', numbering: { reference: 'steps', level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Region')] }),
                  new TableCell({ children: [new Paragraph('Sales')] }),
                ],
              }),
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('North')] }),
                  new TableCell({ children: [new Paragraph('120')] }),
                ],
              }),
            ],
          }),
          new Paragraph('日本語 and Ελληνικά.'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** A table with a cell merged down and one merged across, then a page break. */
async function mergedTable(): Promise<Buffer> {
  const cell = (text: string, spans: { rowSpan?: number; columnSpan?: number } = {}): TableCell =>
    new TableCell({ children: [new Paragraph(text)], ...spans });
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph('Before'),
          new Table({
            rows: [
              new TableRow({ children: [cell('Name'), cell('Q1'), cell('Q2')] }),
              new TableRow({ children: [cell('North', { rowSpan: 2 }), cell('10'), cell('12')] }),
              new TableRow({ children: [cell('Both: 22', { columnSpan: 2 })] }),
            ],
          }),
          new Paragraph({
            children: [new TextRun('Page one end'), new PageBreak(), new TextRun('Page two')],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The docx converted to RTF by LibreOffice (a profile of its own, so parallel runs do not collide). */
async function convertedByLibreOffice(docx: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'rtf-libreoffice-'));
  try {
    await writeFile(join(dir, 'report.docx'), docx);
    const run = spawnSync(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'rtf',
        '--outdir',
        dir,
        join(dir, 'report.docx'),
      ],
      { timeout: 120_000, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`soffice failed: ${run.stderr}`);
    return await readFile(join(dir, 'report.rtf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('rtf written by LibreOffice', () => {
  it.runIf(hasSoffice)(
    'reads headings, runs, a footnote, a comment, a link, a nested list and a table (runs only where soffice is installed)',
    async () => {
      const rtf = await convertedByLibreOffice(await report());
      const { document } = await readBytes(readRtf, rtf, 'report.rtf', 'application/rtf');
      expect(document.metadata).toMatchObject({ title: 'Quarterly report', author: 'Ana Lima' });
      expect(markdownOf(document.root)).toBe(
        [
          '# Quarterly report',
          '',
          'Revenue grew **12%** in *every* région[^1]. See [the details](https://example.com/q3).',
          '',
          '## Next steps',
          '',
          '1. Hire',
          '   - Two engineers',
          '2. Ship',
          '',
          '| Region | Sales |',
          '| ------ | ----- |',
          '| North  | 120   |',
          '',
          '日本語 and Ελληνικά.',
          '',
          '[^1]: Unaudited figures.',
          '',
          '## Comments',
          '',
          '- **Bo Chen**: Check the figure. (on “12%”)',
          '',
        ].join('\n'),
      );
    },
    180_000,
  );

  it.runIf(hasSoffice)(
    'reads merged cells as an HTML table and a page break as the next page (runs only where soffice is installed)',
    async () => {
      const rtf = await convertedByLibreOffice(await mergedTable());
      const { document } = await readBytes(readRtf, rtf, 'merged.rtf', 'application/rtf');
      expect(markdownOf(document.root)).toBe(
        [
          'Before',
          '',
          '<table>',
          '<tr><th>Name</th><th>Q1</th><th>Q2</th></tr>',
          '<tr><td rowspan="2">North</td><td>10</td><td>12</td></tr>',
          '<tr><td colspan="2">Both: 22</td></tr>',
          '</table>',
          '',
          'Page one end',
          '',
          'Page two',
          '',
        ].join('\n'),
      );
      expect(document.root.children.map((block) => block.data?.provenance?.page)).toEqual([1, 1, 1, 2]);
    },
    180_000,
  );
});
