/**
 * docx reading: one generated report (`BENCH_DOCX_SECTIONS` sections, default 1600, each a heading,
 * six paragraphs, a numbered list of two levels and a 12-row table; written with the `docx`
 * library, a few MB) converted to text by the documents plugin (reader + the engine's markdown)
 * and by mammoth (`convertToHtml`, and that HTML through turndown, the usual Node path to
 * markdown), each in a fresh child process: time (median of `BENCH_RUNS`, default 3), MB/s of the
 * file, peak RSS (max over runs) and the characters of text produced. No targets: the numbers are
 * for comparing, recorded in bench/README.md.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { runIfMain, type BenchReport } from './bench-report.js';
import { measureReaders } from './internal/measure-readers.js';
import { createSentences } from './internal/seeded-words.js';

const SECTIONS = Number(process.env.BENCH_DOCX_SECTIONS ?? 1600);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const child = fileURLToPath(new URL('./internal/read-document-child.ts', import.meta.url));
const MODES = ['transmute', 'mammoth-html', 'mammoth-markdown'] as const;

function cell(text: string): TableCell {
  return new TableCell({ children: [new Paragraph(text)] });
}

function section(index: number, sentence: (words: number) => string): (Paragraph | Table)[] {
  const blocks: (Paragraph | Table)[] = [
    new Paragraph({ text: `Section ${String(index)}: ${sentence(4)}`, heading: HeadingLevel.HEADING_1 }),
  ];
  for (let paragraph = 0; paragraph < 6; paragraph += 1) {
    blocks.push(
      new Paragraph({
        children: [
          new TextRun(sentence(40)),
          new TextRun({ text: ` ${sentence(6)}`, bold: true }),
          new TextRun(` ${sentence(30)}`),
        ],
      }),
    );
  }
  blocks.push(new Paragraph({ text: sentence(3), heading: HeadingLevel.HEADING_2 }));
  for (let item = 0; item < 6; item += 1) {
    blocks.push(new Paragraph({ text: sentence(10), numbering: { reference: 'steps', level: item % 2 } }));
  }
  const rows = [new TableRow({ children: ['Region', 'Quarter', 'Revenue', 'Note'].map(cell) })];
  for (let row = 1; row < 12; row += 1) {
    rows.push(
      new TableRow({
        children: [`R${String(row)}`, `Q${String((row % 4) + 1)}`, String(row * 1234), sentence(8)].map(cell),
      }),
    );
  }
  blocks.push(new Table({ rows }));
  return blocks;
}

/** Writes the report with the `docx` library (what Word-compatible writers produce). */
async function generate(path: string): Promise<void> {
  const sentence = createSentences(14);
  const document = new Document({
    title: 'Bench report',
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', start: 1 },
            { level: 1, format: LevelFormat.LOWER_LETTER, text: '%2)', start: 1 },
          ],
        },
      ],
    },
    sections: [
      { children: Array.from({ length: SECTIONS }, (_, index) => section(index + 1, sentence)).flat() },
    ],
  });
  await writeFile(path, await Packer.toBuffer(document));
}

export async function run(): Promise<BenchReport> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-docx-'));
  try {
    const path = join(folder, 'report.docx');
    await generate(path);
    const fileMb = (await stat(path)).size / 1024 / 1024;
    const rows = await measureReaders(child, MODES, path, fileMb, RUNS);
    return {
      title: `docx reading: ${String(SECTIONS)} sections of headings, paragraphs, lists and tables (${fileMb.toFixed(1)} MB file)`,
      columns: ['reader', 'chars out', 'ms (median)', 'file MB/s', 'peak RSS MB'],
      rows,
      notes: [
        'transmute: the documents plugin’s docx reader (default limits) and its tree as markdown with the engine’s remark settings.',
        'mammoth-html: mammoth convertToHtml on the file’s bytes; mammoth-markdown: that HTML through turndown (ATX headings).',
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, run);
