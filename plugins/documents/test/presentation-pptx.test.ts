import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pptxgenjs from 'pptxgenjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTATION_FORMATS } from '../src/presentation/index.js';
import { readWith, readerFor } from './support/presentation-markdown.js';

// pptxgenjs runs as ESM (its default export is the class) but its declarations are typed as CommonJS,
// which NodeNext resolution reads as a namespace holding `default`.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
/** A 1×1 PNG. */
const DOT =
  'image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A small deck written by pptxgenjs: titles in placeholders, text boxes, bullets, a table, notes, a chart, a picture, a hidden slide. */
async function writeDeck(path: string): Promise<void> {
  const pptx = new PptxGenJS();
  pptx.title = 'Quarterly review';
  pptx.author = 'Ada Lovelace';
  pptx.defineSlideMaster({
    title: 'TITLED',
    objects: [
      { placeholder: { options: { name: 'title', type: 'title', x: 0.5, y: 0.2, w: 9, h: 1 }, text: '' } },
    ],
  });
  const intro = pptx.addSlide({ masterName: 'TITLED' });
  // Added out of reading order: the box at the bottom first.
  intro.addText(
    [
      { text: 'Questions ', options: { bold: true } },
      { text: 'welcome', options: { hyperlink: { url: 'https://example.org/ask' } } },
      { text: ' at any ' },
      { text: 'time', options: { italic: true } },
      { text: '.' },
    ],
    { x: 1, y: 4.5, w: 8, h: 0.5 },
  );
  intro.addText('Q3 in review', { placeholder: 'title' });
  intro.addText(
    [
      { text: 'Revenue up', options: { bullet: true, breakLine: true } },
      { text: 'Europe', options: { bullet: true, indentLevel: 1, breakLine: true } },
      { text: 'Costs flat', options: { bullet: true } },
    ],
    { x: 1, y: 1.5, w: 8, h: 2 },
  );
  intro.addNotes('Open with the revenue number.');

  const secret = pptx.addSlide({ masterName: 'TITLED' });
  secret.addText('Layoffs', { placeholder: 'title' });
  secret.addText('Not for this audience.', { x: 1, y: 1.5, w: 8, h: 1 });
  secret.hidden = true;

  const numbers = pptx.addSlide({ masterName: 'TITLED' });
  numbers.addText('Numbers', { placeholder: 'title' });
  numbers.addTable(
    [
      [{ text: 'Region' }, { text: 'Sales' }],
      [{ text: 'North' }, { text: '10' }],
      [{ text: 'South' }, { text: '20' }],
    ],
    { x: 1, y: 1.5, w: 4 },
  );
  numbers.addChart(
    pptx.ChartType.bar,
    [
      { name: '2025', labels: ['Q1', 'Q2'], values: [10, 20] },
      { name: '2026', labels: ['Q1', 'Q2'], values: [15, 25.5] },
    ],
    { x: 1, y: 3, w: 5, h: 2, title: 'Revenue by quarter', showTitle: true },
  );
  numbers.addImage({ data: DOT, x: 7, y: 3, w: 1, h: 1, altText: 'Company logo' });
  await writeFile(path, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
}

describe('pptx decks are read slide by slide', () => {
  let dir: string;
  let deck: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pptx-'));
    deck = join(dir, 'deck.pptx');
    await writeDeck(deck);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  // Through the family's table, as the plugin registers it.
  const readDeck = () => readWith(readerFor(PRESENTATION_FORMATS, PPTX), deck, PPTX);

  it('writes a section per visible slide: title, text in reading order, lists, table, chart, picture, notes', async () => {
    const { markdown, document } = await readDeck();
    expect(markdown).toBe(
      [
        '## Q3 in review',
        '',
        '- Revenue up',
        '  - Europe',
        '- Costs flat',
        '',
        '**Questions** [welcome](https://example.org/ask) at any _time_.',
        '',
        '> **Notes:**',
        '>',
        '> Open with the revenue number.',
        '',
        '## Numbers',
        '',
        '| Region | Sales |',
        '| ------ | ----- |',
        '| North  | 10    |',
        '| South  | 20    |',
        '',
        'Chart: Revenue by quarter',
        '',
        '| Category | 2025 | 2026 |',
        '| -------- | ---- | ---- |',
        '| Q1       | 10   | 15   |',
        '| Q2       | 20   | 25.5 |',
        '',
        '![Company logo](image-3-1.png)',
        '',
      ].join('\n'),
    );
    expect(document.metadata).toMatchObject({
      title: 'Quarterly review',
      author: 'Ada Lovelace',
      mediaType: PPTX,
    });
  });

  it('skips the hidden slide with a warning naming it', async () => {
    const { warnings, markdown } = await readDeck();
    expect(warnings).toEqual(['hidden_slides_skipped: slide 2 ("Layoffs") is hidden and was skipped.']);
    expect(markdown).not.toContain('audience');
  });

  it('records the slide of every block and the chart data as typed rows', async () => {
    const { document } = await readDeck();
    const slides = document.root.children.map((block) => block.data?.provenance?.slide);
    expect(slides).toEqual([1, 1, 1, 1, 3, 3, 3, 3, 3]);
    const tables = document.root.children.flatMap((block) =>
      block.data?.table === undefined ? [] : [block.data.table],
    );
    expect(tables).toEqual([
      {
        columns: ['Region', 'Sales'],
        rows: [
          ['North', '10'],
          ['South', '20'],
        ],
        origin: 'presentation',
      },
      {
        columns: ['Category', '2025', '2026'],
        rows: [
          ['Q1', 10, 15],
          ['Q2', 20, 25.5],
        ],
        origin: 'chart',
      },
    ]);
  });
});
