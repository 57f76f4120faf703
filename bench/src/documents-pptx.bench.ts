/**
 * pptx reading: one generated deck (`BENCH_PPTX_SLIDES` slides, default 200; written with
 * pptxgenjs: a title, a bulleted text box and a paragraph on every slide, an 8-row table on every
 * second one, speaker notes on each) converted to text by the documents plugin (reader + the
 * engine's markdown) and by officeparser (`parseOffice`, rendered as text), each in a fresh child
 * process: time (median of `BENCH_RUNS`, default 3), MB/s of the file, peak RSS (max over runs)
 * and the characters of text produced. No targets: the numbers are for comparing, recorded in
 * bench/README.md.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pptxgenjs from 'pptxgenjs';
import { runIfMain, type BenchReport } from './bench-report.js';
import { measureReaders } from './internal/measure-readers.js';
import { createSentences } from './internal/seeded-words.js';

// pptxgenjs runs as ESM (its default export is the class) but is typed as CommonJS.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;
const SLIDES = Number(process.env.BENCH_PPTX_SLIDES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const child = fileURLToPath(new URL('./internal/read-document-child.ts', import.meta.url));
const MODES = ['transmute', 'officeparser'] as const;

/** Writes the deck with pptxgenjs. */
async function generate(path: string): Promise<void> {
  const sentence = createSentences(27);
  const pptx = new PptxGenJS();
  pptx.title = 'Bench deck';
  for (let index = 1; index <= SLIDES; index += 1) {
    const slide = pptx.addSlide();
    slide.addText(`Slide ${String(index)}: ${sentence(4)}`, { x: 0.5, y: 0.2, w: 9, h: 0.8, fontSize: 28 });
    slide.addText(
      Array.from({ length: 5 }, (_, item) => ({
        text: sentence(9),
        options: { bullet: true, indentLevel: item % 2, breakLine: true },
      })),
      { x: 0.5, y: 1.1, w: 4.5, h: 3 },
    );
    slide.addText(sentence(60), { x: 0.5, y: 4.2, w: 9, h: 1.2, fontSize: 12 });
    if (index % 2 === 0) {
      const rows = [['Region', 'Quarter', 'Revenue', 'Note'].map((text) => ({ text }))];
      for (let row = 1; row < 8; row += 1)
        rows.push(
          [`R${String(row)}`, `Q${String((row % 4) + 1)}`, String(row * 987), sentence(5)].map((text) => ({
            text,
          })),
        );
      slide.addTable(rows, { x: 5.2, y: 1.1, w: 4.5, fontSize: 9 });
    }
    slide.addNotes(`${sentence(40)} ${sentence(25)}`);
  }
  await writeFile(path, Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as ArrayBuffer));
}

export async function run(): Promise<BenchReport> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-pptx-'));
  try {
    const path = join(folder, 'deck.pptx');
    await generate(path);
    const fileMb = (await stat(path)).size / 1024 / 1024;
    return {
      title: `pptx reading: ${String(SLIDES)} slides of text boxes, tables and notes (${fileMb.toFixed(1)} MB file)`,
      columns: ['reader', 'chars out', 'ms (median)', 'file MB/s', 'peak RSS MB'],
      rows: await measureReaders(child, MODES, path, fileMb, RUNS),
      notes: [
        'transmute: the documents plugin’s pptx reader (default limits) and its tree as markdown with the engine’s remark settings (slide sections, tables, notes).',
        'officeparser: parseOffice on the file, then ast.to("text") (text boxes, tables, notes).',
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, run);
