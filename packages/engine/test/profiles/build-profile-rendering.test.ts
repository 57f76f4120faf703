import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { OUTPUT_PROFILES } from '@transmute/contract';
import { generateLargeInput } from '../../../../fixtures/text/generate.js';
import { OUTPUT_LANGUAGES } from '../../src/profiles/labels.js';
import { ARTICLE, build, prepareText } from './prepare.js';

describe('buildProfileRendering on the real engine', () => {
  it('renders every profile with the files CONTRACT §13 lists', async () => {
    const document = await prepareText(ARTICLE);
    const files: Record<string, string[]> = {};
    for (const profile of OUTPUT_PROFILES) {
      const rendering = await build(document, profile);
      expect(rendering.profile).toBe(profile);
      expect(rendering.markdown.trim()).not.toBe('');
      expect(rendering.records.length).toBeGreaterThan(0);
      expect(rendering.warnings).toEqual([]);
      expect(rendering.ctxWarnings).toEqual([]);
      files[profile] = rendering.files.map((file) => file.name);
    }
    expect(files).toEqual({
      raw_source: ['content.md', 'blocks.jsonl'],
      source_summary: ['summary.md', 'summary.json'],
      dataset_markdown: ['dataset.jsonl', 'README.md', 'schema.json'],
      schema_plan: ['schema.json', 'schema.sql', 'plan.md'],
      agent_context: ['context.md', 'context.jsonl'],
      evaluation_markdown: ['evaluation.md', 'evaluation.jsonl'],
    });
  });

  it('is deterministic: the same document renders byte-identically', async () => {
    const document = await prepareText(ARTICLE);
    for (const profile of OUTPUT_PROFILES) {
      const [a, b] = [await build(document, profile), await build(document, profile)];
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    }
  });

  it('makes a summary of sentences that occur verbatim in the source, at their offsets', async () => {
    const document = await prepareText(ARTICLE);
    const rendering = await build(document, 'source_summary');
    const json = JSON.parse(rendering.files[1]?.content ?? '{}') as {
      summary: { text: string; start_offset: number; end_offset: number }[];
      key_points: { text: string }[];
      keywords: { term: string }[];
    };
    expect(json.summary.length).toBeGreaterThan(0);
    for (const sentence of [...json.summary, ...json.key_points] as {
      text: string;
      start_offset: number;
      end_offset: number;
    }[]) {
      expect(ARTICLE).toContain(sentence.text);
      expect(document.text.slice(sentence.start_offset, sentence.end_offset)).toBe(sentence.text);
    }
    expect(json.keywords.map((k) => k.term)).toContain('solar');
    expect(rendering.markdown).toMatch(/^# Solar power in cities\n\n## Source facts\n/);
    expect(rendering.markdown).toContain('## Outline\n\n- Solar power in cities\n  - Storage\n  - Costs\n');
    for (const record of rendering.records)
      expect(Object.keys(record)).toEqual(expect.arrayContaining(['heading', 'heading_path', 'summary']));
  });

  it('grounds every QA answer verbatim and cites the chunk that contains it', async () => {
    const document = await prepareText(ARTICLE);
    const rendering = await build(document, 'evaluation_markdown');
    expect(rendering.records.length).toBeGreaterThan(3);
    for (const record of rendering.records as {
      question: string;
      answer: string;
      answer_start: number;
      answer_end: number;
      citation: { chunk_id: string };
    }[]) {
      expect(record.question).toMatch(/\?$/);
      expect(ARTICLE).toContain(record.answer);
      expect(document.text.slice(record.answer_start, record.answer_end)).toBe(record.answer);
      const chunk = document.chunks.find((c) => c.id === record.citation.chunk_id);
      expect(chunk?.text).toContain(record.answer);
    }
    expect(rendering.records.map((r) => r.question)).toContain('What is solar power?');
  });

  it('infers the table columns and proposes JSON Schema and SQL DDL', async () => {
    const rendering = await build(await prepareText(ARTICLE), 'schema_plan');
    const types = Object.fromEntries(
      rendering.records.filter((r) => r.record_set === 'costs').map((r) => [r.field, [r.type, r.nullable]]),
    );
    expect(types).toEqual({
      city: ['string', false],
      panels: ['integer', false],
      capacity_mw: ['number', true],
      subsidised: ['boolean', false],
      since: ['date', false],
    });
    const sql = rendering.files.find((file) => file.name === 'schema.sql')?.content ?? '';
    expect(sql).toContain('CREATE TABLE "costs" (');
    expect(sql).toContain('"capacity_mw" DOUBLE PRECISION,');
    expect(rendering.records.some((r) => r.origin === 'key_value' && r.field === 'Capacity')).toBe(true);
  });

  it('says honestly when there are no tables and still proposes a plan', async () => {
    const rendering = await build(
      await prepareText(
        'Just a paragraph of plain prose about rivers and lakes. Nothing tabular here at all.',
      ),
      'schema_plan',
    );
    expect(rendering.markdown).toContain('No tables or record-like structures were found in the source.');
    expect(rendering.markdown).toContain('CREATE TABLE "chunks"');
    expect(rendering.records.map((r) => r.field)).toEqual([
      'id',
      'chunk_index',
      'heading_path',
      'text',
      'tokens',
      'start_offset',
      'end_offset',
    ]);
  });

  it('writes raw_source and dataset records with the contract fields', async () => {
    const document = await prepareText(ARTICLE);
    const raw = await build(document, 'raw_source');
    expect(raw.records[0]).toMatchObject({
      type: 'heading',
      heading_path: ['Solar power in cities'],
      page: null,
      time: null,
    });
    expect(raw.markdown).toContain('| Lyon | 1200 | 4.5 | true | 2019-05-01 |');
    const dataset = await build(document, 'dataset_markdown');
    expect(dataset.records).toHaveLength(document.chunks.length);
    expect(Object.keys(dataset.records[0] ?? {})).toEqual([
      'id',
      'index',
      'text',
      'tokens',
      'heading_path',
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
    ]);
    expect(dataset.markdown).toContain(`\`${document.chunks[0]?.id ?? ''}\``);
  });

  it('keeps the agent context pack within the 8000-token budget (gpt-tokenizer)', async () => {
    const document = await prepareText(generateLargeInput(120_000));
    const rendering = await build(document, 'agent_context');
    expect(countTokens(rendering.markdown)).toBeLessThanOrEqual(8000);
    expect(countTokens(rendering.markdown)).toBeGreaterThan(6000);
    expect(rendering.records.length).toBeGreaterThan(0);
    expect(rendering.records.length).toBeLessThan(document.chunks.length);
    expect(rendering.warnings.some((w) => w.startsWith('context_truncated:'))).toBe(true);
  });

  it('adds the raw extracted text with include_raw_source', async () => {
    const document = await prepareText(ARTICLE);
    const rendering = await build(document, 'source_summary', { includeRawSource: true });
    expect(rendering.markdown).toContain('## Raw source\n\n```text\n');
    expect(rendering.markdown).toContain(document.text);
    const raw = rendering.records.at(-1);
    expect(raw).toMatchObject({
      type: 'raw_source',
      text: document.text,
      source: null,
      page: null,
      bbox: null,
    });
    // Its offsets slice the markdown to exactly the raw text.
    expect(rendering.markdown.slice(raw?.start_offset as number, raw?.end_offset as number)).toBe(
      document.text,
    );
    // zip: the files stay; the renderer adds the original files instead.
    expect(rendering.files).toEqual((await build(document, 'source_summary')).files);
  });
});

describe('raw_source title', () => {
  it("marks the document's own title heading with title: true in blocks.jsonl, and only it", async () => {
    const document = await prepareText(ARTICLE);
    const [first] = document.root.children;
    if (first?.type !== 'heading') throw new Error('the article starts with its heading');
    first.data = { ...first.data, title: true };
    const rendering = await build(document, 'raw_source');
    expect(rendering.records[0]).toMatchObject({
      type: 'heading',
      text: '# Solar power in cities',
      title: true,
    });
    expect(rendering.records.slice(1).filter((record) => 'title' in record)).toEqual([]);
    const unmarked = await build(await prepareText(ARTICLE), 'raw_source');
    expect(unmarked.records.filter((record) => 'title' in record)).toEqual([]);
  });
});

describe('raw_source robustness', () => {
  it('writes blocks of unknown node types as plain text instead of failing', async () => {
    const document = await prepareText(ARTICLE);
    const mystery = {
      type: 'mystery',
      value: 'Custom plugin content.',
    } as unknown as (typeof document.root.children)[number];
    document.root.children.push(mystery);
    const rendering = await build(document, 'raw_source');
    expect(rendering.warnings).toEqual([expect.stringMatching(/^markdown_fallback:/)]);
    expect(rendering.markdown).toContain('# Solar power in cities');
    expect(rendering.markdown.trimEnd().endsWith('Custom plugin content.')).toBe(true);
  });
});

describe('output languages', () => {
  it('labels outputs in at least en, de, fr and es', async () => {
    expect(OUTPUT_LANGUAGES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es']));
    const document = await prepareText(ARTICLE);
    const headings: Record<string, string> = {
      en: '## Summary',
      de: '## Zusammenfassung',
      fr: '## Résumé',
      es: '## Resumen',
      it: '## Riassunto',
      nl: '## Samenvatting',
      pt: '## Resumo',
    };
    for (const language of OUTPUT_LANGUAGES) {
      const rendering = await build(document, 'source_summary', { language });
      expect(rendering.markdown).toContain(headings[language]);
    }
  });

  it('warns honestly when the content language differs and nothing translates', async () => {
    const rendering = await build(await prepareText(ARTICLE), 'source_summary', { language: 'de-DE' });
    expect(rendering.warnings).toEqual([
      expect.stringMatching(
        /^language_mismatch: The content is in "en" but the output was requested in "de-DE"/,
      ),
    ]);
  });

  it('falls back to English labels with a warning for an unsupported language', async () => {
    const rendering = await build(await prepareText(ARTICLE), 'source_summary', { language: 'ja' });
    expect(rendering.markdown).toContain('## Summary');
    expect(rendering.warnings[0]).toMatch(/^language_unsupported: Labels are not available in "ja"/);
    expect(rendering.warnings[1]).toMatch(/^language_mismatch:/);
  });
});
