import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUT_PROFILES, type OutputProfile } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { createDatasetRenderer } from '@transmute/plugin-dataset';
import { createDocumentsSource } from '@transmute/plugin-documents';
import { createOcrSource } from '@transmute/plugin-ocr';
import { createVideoSource } from '@transmute/plugin-video';
import type { NormalizedDocument } from '@transmute/plugin-sdk';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures');

/** The provenance fields of CONTRACT §13 (docs/PROVENANCE.md): present on every record, null when absent. */
const FIELDS = [
  'source',
  'page',
  'pages',
  'slide',
  'sheet',
  'cells',
  'chapter',
  'path',
  'time',
  'bbox',
  'start_offset',
  'end_offset',
];

interface Source {
  file: string;
  mediaType: string;
  /** A field every block record of this source has (not null). */
  has: string[];
}

const SOURCES: Source[] = [
  { file: 'text/markdown-article/input.md', mediaType: 'text/markdown', has: [] },
  { file: 'text/csv-dataset/input.csv', mediaType: 'text/csv', has: [] },
  { file: 'ocr/two-column.pdf', mediaType: 'application/pdf', has: ['page', 'bbox'] },
  { file: 'ocr/report-table.pdf', mediaType: 'application/pdf', has: ['page', 'bbox'] },
  { file: 'ocr/image.png', mediaType: 'image/png', has: ['page', 'bbox'] },
  {
    file: 'documents/docx-report/input.docx',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    has: [],
  },
  {
    file: 'documents/xlsx-workbook/input.xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    has: ['sheet'],
  },
  {
    file: 'documents/pptx-deck/input.pptx',
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    has: ['slide'],
  },
  // An ordered list, then an unordered one: each block's markdown is found in content.md.
  { file: 'documents/rtf-report/input.rtf', mediaType: 'application/rtf', has: [] },
  { file: 'documents/epub-book/input.epub', mediaType: 'application/epub+zip', has: ['chapter'] },
  // A video's subtitle track: its cues are timed (no transcription model needed).
  { file: 'media/subtitled.mp4', mediaType: 'video/mp4', has: ['time'] },
];

/** The words of a text (letters and digits), for comparing markdown with its plain text. */
function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether `inner`'s words occur in `outer`'s, in order. */
function inOrder(inner: string[], outer: string[]): boolean {
  let at = 0;
  for (const word of outer) if (at < inner.length && word === inner[at]) at += 1;
  return at === inner.length;
}

function expectValidFields(record: Record<string, unknown>, markdown: string): void {
  for (const field of FIELDS) expect(record, field).toHaveProperty(field);
  const { source, page, pages, slide, time, bbox } = record;
  expect(source === null || (typeof source === 'string' && source !== '')).toBe(true);
  expect(page === null || (Number.isInteger(page) && (page as number) >= 1)).toBe(true);
  if (page === null) expect(pages).toBeNull();
  else {
    const [first, last] = pages as [number, number];
    expect(first).toBe(page);
    expect(last).toBeGreaterThanOrEqual(first);
  }
  expect(slide === null || (Number.isInteger(slide) && (slide as number) >= 1)).toBe(true);
  for (const field of ['sheet', 'cells', 'chapter', 'path']) {
    expect(record[field] === null || typeof record[field] === 'string').toBe(true);
  }
  if (time !== null) {
    const [start, end] = time as [number, number | null];
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end === null || end >= start).toBe(true);
  }
  if (bbox !== null) {
    const [first, last] = pages as [number, number];
    expect((bbox as unknown[]).length).toBeGreaterThan(0);
    for (const entry of bbox as { page: number; box: number[] }[]) {
      expect(entry.page).toBeGreaterThanOrEqual(first);
      expect(entry.page).toBeLessThanOrEqual(last);
      const [x0 = -1, y0 = -1, x1 = -1, y1 = -1] = entry.box;
      expect(entry.box).toHaveLength(4);
      for (const value of entry.box) expect(value >= 0 && value <= 1).toBe(true);
      expect(x0).toBeLessThanOrEqual(x1);
      expect(y0).toBeLessThanOrEqual(y1);
    }
  }
  const start = record.start_offset as number;
  const end = record.end_offset as number;
  expect(Number.isInteger(start) && Number.isInteger(end)).toBe(true);
  expect(0 <= start && start <= end && end <= markdown.length).toBe(true);
}

/** What the offsets of a record of `profile` slice out of the markdown artifact. */
function expectSlice(profile: OutputProfile, record: Record<string, unknown>, markdown: string): void {
  const slice = markdown.slice(record.start_offset as number, record.end_offset as number);
  switch (profile) {
    case 'dataset_markdown':
    case 'agent_context':
      expect(slice).toBe(record.text);
      return;
    case 'evaluation_markdown':
      expect(slice).toBe((record.answer as string).replace(/\s+/g, ' ').trim());
      return;
    case 'raw_source':
      // The block's markdown: its plain text's words, in order, with markup around them.
      expect(inOrder(words(record.text as string), words(slice))).toBe(true);
      return;
    case 'source_summary':
      expect(slice).toBe(record.heading);
      return;
    case 'schema_plan':
      expect(slice).toContain(`\`${record.field as string}\``);
      return;
  }
}

describe('every record of every profile says where its piece came from (CONTRACT §13)', () => {
  const engine = createEngine({
    plugins: [createDocumentsSource(), createOcrSource(), createVideoSource(), createDatasetRenderer()],
  });
  afterAll(() => engine.close());

  const artifactOf = async (
    document: NormalizedDocument,
    profile: OutputProfile,
    format: 'markdown' | 'jsonl' | 'zip',
  ): Promise<string> => {
    const result = await engine.render(document, {
      profile,
      format,
      language: 'en',
      includeRawSource: false,
    });
    const artifact = result.artifacts[0];
    if (artifact === undefined) throw new Error(`${profile} ${format}: no artifact`);
    return artifact.path;
  };
  const render = async (
    document: NormalizedDocument,
    profile: OutputProfile,
    format: 'markdown' | 'jsonl',
  ): Promise<string> => readFileSync(await artifactOf(document, profile, format), 'utf8');

  /** The dataset zip's own schema.json (the JSON Schema of its records), compiled. */
  const datasetSchema = async (document: NormalizedDocument) => {
    const zip = await artifactOf(document, 'dataset_markdown', 'zip');
    const schema = JSON.parse(
      execFileSync('unzip', ['-p', zip, 'schema.json'], { encoding: 'utf8' }),
    ) as object;
    return new Ajv2020({ strict: false }).compile(schema);
  };

  for (const source of SOURCES) {
    it(`${source.file}: all fields, valid values, offsets that slice the markdown to the piece`, async () => {
      const path = join(FIXTURES, source.file);
      const name = source.file.split('/').join('-');
      const { document } = await engine.prepare({
        type: 'files',
        files: [{ name, mediaType: source.mediaType, sizeBytes: statSync(path).size, path }],
      });
      let blocks = 0;
      for (const profile of OUTPUT_PROFILES) {
        const markdown = await render(document, profile, 'markdown');
        const jsonl = await render(document, profile, 'jsonl');
        const records = jsonl
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        for (const record of records) {
          // A section without a heading is not in the summary's outline: it has no piece there.
          if (profile === 'source_summary' && record.heading === null) {
            expect([record.start_offset, record.end_offset]).toEqual([null, null]);
            continue;
          }
          expectValidFields(record, markdown);
          expectSlice(profile, record, markdown);
        }
        if (profile === 'dataset_markdown') {
          const validate = await datasetSchema(document);
          for (const record of records) expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
        }
        if (profile !== 'raw_source') continue;
        blocks = records.length;
        for (const field of source.has) {
          expect(
            records.some((record) => record[field] !== null),
            `${field} on some block`,
          ).toBe(true);
        }
        // A PDF, scan or image block is placed on its page; no other source has boxes.
        const boxed = records.filter((record) => record.bbox !== null).length;
        if (source.has.includes('bbox')) expect(boxed).toBe(records.length);
        else expect(boxed).toBe(0);
      }
      expect(blocks).toBeGreaterThan(0);
    });
  }
});
