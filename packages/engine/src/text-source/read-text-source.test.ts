import { readFileSync } from 'node:fs';
import type { Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { generateLargeInput } from '../../../../fixtures/text/generate.js';
import { guessTextMediaType } from './guess-text-media-type.js';
import { parseMarkdown } from './parse-markdown.js';
import { readTextSource } from './read-text-source.js';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';

const fixture = (path: string): string =>
  readFileSync(new URL(`../../../../fixtures/text/${path}`, import.meta.url), 'utf8');
const signal = new AbortController().signal;

function read(content: string, mediaType: string, warnings: string[] = []) {
  return readTextSource(
    { content, mediaType, name: 'x' },
    { signal, warn: (code, detail) => warnings.push(`${code}: ${detail}`) },
  );
}

async function firstTable(content: string, mediaType: string, warnings?: string[]): Promise<Table> {
  const node = (await read(content, mediaType, warnings)).root.children.find(
    (child) => child.type === 'table',
  );
  if (node?.type !== 'table') throw new Error('no table');
  return node;
}

describe('readTextSource', async () => {
  it('reads CSV into a typed table with the header as columns and blanks as null', async () => {
    const table = (await firstTable(fixture('csv-dataset/input.csv'), 'text/csv')).data?.table;
    expect(table?.origin).toBe('csv');
    expect(table?.columns.slice(0, 4)).toEqual(['station_id', 'name', 'country', 'latitude']);
    expect(table?.rows).toHaveLength(23);
    expect(table?.rows[0]).toEqual([
      'ST-0001',
      'Aberdeen Dyce',
      'United Kingdom',
      57.2019,
      -2.1978,
      65,
      1944,
      true,
      8.6,
      787,
      null,
    ]);
    expect(table?.rows[4]?.[9]).toBeNull();
    expect(table?.rows[3]?.[7]).toBe(false);
    expect(table?.rows[19]?.[7]).toBe(true);
  });

  it('reads a CSV written with semicolons (a comma decimal mark) as its columns, and says so', async () => {
    const document = await read('Name;Preis;Menge\nHonig;4,50;12\nWachs;2,10;3\n', 'text/csv');
    const [table] = document.root.children;
    expect(table?.type === 'table' ? table.data?.table : undefined).toEqual({
      columns: ['Name', 'Preis', 'Menge'],
      rows: [
        ['Honig', '4,50', 12],
        ['Wachs', '2,10', 3],
      ],
      origin: 'csv',
    });
    expect(document.metadata.facts).toMatchObject({ delimiter: ';', columns: 3, rows: 2 });
  });

  it('reads markdown front matter into the metadata, with its title as the first heading', async () => {
    const content =
      '---\ntitle: "Bees: a guide"\nauthor: Ana Lima\ndate: 2024-05-01\ntags: [bees, honey]\nlayout: post\n---\n\nBees make honey.\n\n## Hives\n';
    const document = await read(content, 'text/markdown');
    expect(document.metadata).toMatchObject({
      title: 'Bees: a guide',
      author: 'Ana Lima',
      publishedTime: '2024-05-01',
      facts: { tags: 'bees, honey', layout: 'post' },
    });
    const [title, paragraph] = document.root.children;
    expect(title).toMatchObject({ type: 'heading', depth: 1, data: { title: true } });
    expect(paragraph?.type).toBe('paragraph');
    // Offsets still point into the file.
    const { startOffset = 0, endOffset = 0 } = paragraph?.data?.provenance ?? {};
    expect(content.slice(startOffset, endOffset)).toBe('Bees make honey.');
  });

  it('reads a text file of code, configuration or a log as one code block, every line as written', async () => {
    const content = 'server:\r\n  port: 8080\r\n  hosts:\r\n    - a\r\n';
    const document = await readTextSource(
      { content, mediaType: 'text/plain', name: 'config.yaml' },
      { signal, warn: () => undefined },
    );
    expect(document.root.children).toEqual([
      {
        type: 'code',
        lang: 'yaml',
        value: 'server:\n  port: 8080\n  hosts:\n    - a',
        data: { provenance: { startOffset: 0, endOffset: content.length } },
      },
    ]);
    expect(document.metadata.facts).toEqual({ code_language: 'yaml', lines: 4 });
    const prose = await readTextSource(
      { content: 'Bees make honey\nin the spring.\n', mediaType: 'text/plain', name: 'notes.txt' },
      { signal, warn: () => undefined },
    );
    expect(prose.root.children.map((node) => node.type)).toEqual(['paragraph']);
  });

  it('reads a text declared as code or configuration as a code block in that language, whatever its name', async () => {
    const document = await readTextSource(
      { content: 'def main():\n    return 1\n', mediaType: 'text/x-python; charset=utf-8', name: 'upload' },
      { signal, warn: () => undefined },
    );
    expect(document.root.children).toMatchObject([
      { type: 'code', lang: 'python', value: 'def main():\n    return 1' },
    ]);
    expect(document.metadata.mediaType).toBe('text/plain');
    const named = await readTextSource(
      { content: 'a: 1\n', mediaType: 'text/x-python', name: 'settings.yaml' },
      { signal, warn: () => undefined },
    );
    expect(named.root.children).toMatchObject([{ type: 'code', lang: 'yaml' }]);
  });

  it('reads TSV and keeps codes with leading zeros as strings', async () => {
    const table = (await firstTable('zip\tcount\n01234\t7\n', 'text/tab-separated-values')).data?.table;
    expect(table).toEqual({ columns: ['zip', 'count'], rows: [['01234', 7]], origin: 'tsv' });
  });

  it('reads a JSON array as records with the union of keys; nested values become JSON text', async () => {
    const table = (await firstTable(fixture('json-records/input.json'), 'application/json')).data?.table;
    expect(table?.columns).toContain('glaze');
    expect(table?.columns).toContain('note');
    const priceIndex = table?.columns.indexOf('price') ?? -1;
    expect(table?.rows[0]?.[priceIndex]).toBe(89);
    expect(table?.rows[7]?.[priceIndex]).toBeNull();
    expect(table?.rows[0]?.[table.columns.indexOf('tags')]).toBe('["brass","desk","e27"]');
  });

  it('reads a JSON object as key/value records plus tables of record arrays', async () => {
    const document = await read(
      '{"name":"report","version":2,"items":[{"a":1},{"a":2,"b":true}]}',
      'application/json',
    );
    expect(document.root.children.map((node) => node.type)).toEqual(['table', 'heading', 'table']);
    expect((document.root.children[2] as Table).data?.table?.rows).toEqual([
      [1, null],
      [2, true],
    ]);
  });

  it('reads NDJSON one record per line and warns about bad lines', async () => {
    const warnings: string[] = [];
    const table = (await firstTable(fixture('ndjson-log/input.ndjson'), 'application/x-ndjson', warnings))
      .data?.table;
    expect(table?.rows).toHaveLength(60);
    expect(table?.columns.slice(0, 3)).toEqual(['ts', 'level', 'service']);
    expect(warnings).toEqual([expect.stringMatching(/^invalid_record: 1 NDJSON line\(s\) .*line 24\)/)]);
  });

  it('fails clearly on malformed JSON', async () => {
    await expect(read('{"a": ', 'application/json')).rejects.toThrow(
      expect.objectContaining({ code: 'extraction_failed' }),
    );
  });

  it('reads plain text into paragraphs, headings and lists with source offsets', async () => {
    const content = fixture('plain-report/input.txt');
    const document = await read(content, 'text/plain');
    const [first, second] = document.root.children;
    expect(first).toMatchObject({ type: 'heading', depth: 1 });
    expect(document.metadata.title).toBe('QUARTERLY OPERATIONS REPORT');
    expect(document.root.children.some((node) => node.type === 'list')).toBe(true);
    const offsets = second?.data?.provenance;
    expect(content.slice(offsets?.startOffset, offsets?.endOffset)).toMatch(
      /^Northwind Logistics - Regional/,
    );
  });

  it('parses large markdown in segments to the same tree as one parse', async () => {
    const content = generateLargeInput(300_000);
    const segmented = (await parseMarkdown(content, { signal, warn: () => undefined })).root.children;
    const whole = unified().use(remarkParse).use(remarkGfm).parse(content).children;
    expect(segmented.map((node) => node.type)).toEqual(whole.map((node) => node.type));
    const last = segmented[segmented.length - 1];
    expect(last?.data?.provenance?.endOffset).toBe(whole[whole.length - 1]?.position?.end.offset);
  });

  it('guesses the type of inline text', async () => {
    expect(guessTextMediaType('[{"a":1}]')).toBe('application/json');
    expect(guessTextMediaType('{"a":1}\n{"a":2}\n')).toBe('application/x-ndjson');
    expect(guessTextMediaType('# Title\n\nText')).toBe('text/markdown');
    expect(guessTextMediaType('Just a note.\nSecond line.')).toBe('text/plain');
  });
});
