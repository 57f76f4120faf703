import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NormalizedDocument } from '@transmute/plugin-sdk';
import { createEngine } from '../../src/index.js';
import { build } from './prepare.js';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', '..', 'fixtures', 'text');
const engine = createEngine();

async function prepareFixture(
  name: string,
  file: string,
  mediaType: string,
): Promise<{ document: NormalizedDocument; input: string }> {
  const path = join(FIXTURES, name, file);
  const { document } = await engine.prepare({
    type: 'files',
    files: [{ name: file, mediaType, sizeBytes: statSync(path).size, path }],
  });
  return { document, input: readFileSync(path, 'utf8') };
}

/** The raw input may wrap lines and mark up inline code or emphasis where the extracted text does not. */
function flat(text: string): string {
  return text.replace(/[`*_]/g, '').replace(/\s+/g, ' ');
}

const PROSE = [
  ['markdown-article', 'input.md', 'text/markdown'],
  ['plain-report', 'input.txt', 'text/plain'],
  ['non-english-article', 'input.md', 'text/markdown'],
] as const;

describe('profiles on the text fixtures', () => {
  for (const [name, file, mediaType] of PROSE) {
    it(`${name}: every summary sentence and key point occurs verbatim in the source`, async () => {
      const { document, input } = await prepareFixture(name, file, mediaType);
      const rendering = await build(document, 'source_summary');
      const json = JSON.parse(rendering.files[1]?.content ?? '{}') as Record<
        string,
        { text: string; start_offset: number; end_offset: number }[]
      >;
      const sentences = [...(json.summary ?? []), ...(json.key_points ?? [])];
      expect(json.summary?.length).toBeGreaterThan(0);
      for (const sentence of sentences) {
        expect(document.text.slice(sentence.start_offset, sentence.end_offset)).toBe(sentence.text);
        expect(flat(input)).toContain(flat(sentence.text));
      }
    });

    it(`${name}: every QA answer occurs verbatim in the source and cites the chunk that contains it`, async () => {
      const { document, input } = await prepareFixture(name, file, mediaType);
      const rendering = await build(document, 'evaluation_markdown');
      expect(rendering.records.length).toBeGreaterThanOrEqual(3);
      for (const record of rendering.records as {
        answer: string;
        answer_start: number;
        answer_end: number;
        citation: { chunk_id: string };
      }[]) {
        expect(document.text.slice(record.answer_start, record.answer_end)).toBe(record.answer);
        expect(flat(input)).toContain(flat(record.answer));
        const chunk = document.chunks.find((candidate) => candidate.id === record.citation.chunk_id);
        expect(chunk?.text).toContain(record.answer);
        expect(chunk?.startOffset).toBeLessThanOrEqual(record.answer_start);
        expect(chunk?.endOffset).toBeGreaterThanOrEqual(record.answer_end);
      }
    });
  }

  async function fieldTypes(
    name: string,
    file: string,
    mediaType: string,
  ): Promise<Record<string, [unknown, unknown]>> {
    const { document } = await prepareFixture(name, file, mediaType);
    const rendering = await build(document, 'schema_plan');
    return Object.fromEntries(
      rendering.records.map((record) => [record.field, [record.type, record.nullable]]),
    );
  }

  it('infers the CSV fixture column types and nullability', async () => {
    expect(await fieldTypes('csv-dataset', 'input.csv', 'text/csv')).toEqual({
      station_id: ['string', false],
      name: ['string', false],
      country: ['string', false],
      latitude: ['number', false],
      longitude: ['number', false],
      elevation_m: ['integer', false],
      opened: ['integer', true],
      active: ['boolean', false],
      avg_temp_c: ['number', false],
      annual_rain_mm: ['integer', true],
      notes: ['string', true],
    });
  });

  it('infers the JSON fixture field types, including nested and missing values', async () => {
    expect(await fieldTypes('json-records', 'input.json', 'application/json')).toEqual({
      id: ['integer', false],
      sku: ['string', false],
      name: ['string', false],
      category: ['string', false],
      price: ['number', true],
      currency: ['string', false],
      in_stock: ['boolean', false],
      stock: ['integer', false],
      tags: ['array', false],
      dimensions: ['object', false],
      discontinued_at: ['date', true],
      glaze: ['string', true],
      note: ['string', true],
    });
  });

  it('infers the NDJSON fixture field types, enums and the primary key', async () => {
    const { document } = await prepareFixture('ndjson-log', 'input.ndjson', 'application/x-ndjson');
    const rendering = await build(document, 'schema_plan');
    const byField = Object.fromEntries(rendering.records.map((record) => [record.field, record]));
    expect(byField.ts).toMatchObject({ type: 'date-time', nullable: false, sql_type: 'TIMESTAMP' });
    expect(byField.level).toMatchObject({ type: 'string', enum: ['info', 'warn', 'error', 'debug'] });
    expect(byField.duration_ms).toMatchObject({ type: 'integer', nullable: false });
    expect(byField.error).toMatchObject({ type: 'object', nullable: true });
    expect(byField.request_id).toMatchObject({ primary_key: true });
  });

  it('describes a data-only source in its summary instead of saying nothing', async () => {
    const { document } = await prepareFixture('csv-dataset', 'input.csv', 'text/csv');
    const rendering = await build(document, 'source_summary');
    expect(rendering.markdown).toContain(
      '## Summary\n\nA table of 23 records with 11 fields: station_id, name, country,',
    );
  });
});
