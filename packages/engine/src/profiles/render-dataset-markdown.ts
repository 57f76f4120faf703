import type { Chunk } from '@transmute/plugin-sdk';
import { cell, code, fenced, joinBlocks, oneLine } from './internal/markdown.js';
import {
  describeCitation,
  locationOf,
  pageOf,
  timeOf,
  toJsonLines,
  type Location,
  type ProfileContext,
  type ProfileParts,
} from './internal/profile-context.js';
import { sourceFacts } from './internal/source-facts.js';

/**
 * `dataset_markdown`: the content as retrieval-ready chunks, one section per chunk (id, heading
 * path, token count, citation); one chunk per JSONL line; zip: dataset.jsonl, README.md
 * (a datasheet) and schema.json (the JSON Schema of a record).
 */
export function renderDatasetMarkdown(ctx: ProfileContext): ProfileParts {
  const { labels, document } = ctx;
  const source = document.metadata.sourceUrl ?? document.metadata.title ?? 'text';
  const sections = document.chunks.map((chunk) =>
    joinBlocks([
      `## ${labels.chunk} ${chunk.index + 1}: ${code(chunk.id)}`,
      [
        `- **${labels.headingPath}:** ${chunk.headingPath.length === 0 ? '—' : oneLine(chunk.headingPath.join(' › '))}`,
        `- **${labels.tokens}:** ${chunk.tokens}`,
        `- **${labels.citation}:** ${describeCitation(chunk, labels)}`,
      ].join('\n'),
      // Fenced: headings inside a chunk must not end its section.
      fenced(chunk.text, 'markdown'),
    ]),
  );
  const markdown = joinBlocks([`# ${oneLine(ctx.title)}`, ...sections]);
  const records = document.chunks.map((chunk) => toRecord(chunk, chunk.provenance.fileId ?? source));
  const jsonl = toJsonLines(records);
  return {
    markdown,
    records,
    files: [
      { name: 'dataset.jsonl', mediaType: 'application/x-ndjson', content: jsonl },
      { name: 'README.md', mediaType: 'text/markdown', content: datasheet(ctx, records.length) },
      {
        name: 'schema.json',
        mediaType: 'application/schema+json',
        content: `${JSON.stringify(RECORD_SCHEMA, null, 2)}\n`,
      },
    ],
  };
}

function toRecord(chunk: Chunk, source: string): Record<string, unknown> {
  return {
    id: chunk.id,
    index: chunk.index,
    text: chunk.text,
    tokens: chunk.tokens,
    heading_path: chunk.headingPath,
    source,
    start_offset: chunk.startOffset,
    end_offset: chunk.endOffset,
    page: pageOf(chunk.provenance),
    time: timeOf(chunk.provenance),
    ...withLocation(chunk.provenance),
  };
}

/** `location` only where the source has one, so records of other sources keep their shape. */
function withLocation(provenance: Chunk['provenance']): { location?: Location } {
  const location = locationOf(provenance);
  return location === null ? {} : { location };
}

const RECORD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'dataset_markdown record',
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Stable chunk id (the same on every run).' },
    index: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
    tokens: { type: 'integer', minimum: 0, description: 'Tokens of text (gpt-tokenizer, o200k_base).' },
    heading_path: { type: 'array', items: { type: 'string' } },
    source: { type: 'string', description: 'File id, source URL or title of the source.' },
    start_offset: { type: 'integer', minimum: 0 },
    end_offset: { type: 'integer', minimum: 0 },
    page: { type: ['integer', 'null'], minimum: 1 },
    time: {
      type: ['object', 'null'],
      properties: { start: { type: 'number' }, end: { type: ['number', 'null'] } },
      required: ['start', 'end'],
    },
    location: {
      type: 'object',
      description:
        'Where in a structured document (present only for parts, slides, sheets and chapters): path is the part (a file in an archive, an e-mail part, an attachment such as attachments/report.docx).',
      properties: {
        path: { type: 'string' },
        slide: { type: 'integer', minimum: 1 },
        sheet: { type: 'string' },
        cell_range: { type: 'string' },
        chapter: { type: 'string' },
      },
      additionalProperties: false,
    },
  },
  required: [
    'id',
    'index',
    'text',
    'tokens',
    'heading_path',
    'source',
    'start_offset',
    'end_offset',
    'page',
    'time',
  ],
  additionalProperties: false,
} as const;

function datasheet(ctx: ProfileContext, count: number): string {
  const { labels, document } = ctx;
  const tokens = document.chunks.map((chunk) => chunk.tokens);
  const total = tokens.reduce((sum, value) => sum + value, 0);
  const stats =
    count === 0
      ? '—'
      : `min ${tokens.reduce((a, b) => Math.min(a, b))}, max ${tokens.reduce((a, b) => Math.max(a, b))}, mean ${Math.round(total / count)}, total ${total}`;
  const fields = Object.entries(RECORD_SCHEMA.properties).map(
    ([name, schema]) =>
      `| ${code(name)} | ${cell(JSON.stringify(schema.type))} | ${cell('description' in schema ? schema.description : '')} |`,
  );
  return joinBlocks([
    `# ${labels.datasheet}: ${oneLine(ctx.title)}`,
    `## ${labels.composition}`,
    [
      `- **${labels.records}:** ${count}`,
      `- **${labels.tokens}:** ${stats}`,
      `- **${labels.language}:** ${ctx.contentLanguage ?? '—'}`,
    ].join('\n'),
    `### ${labels.fields}`,
    ['| field | type | description |', '|---|---|---|', ...fields].join('\n'),
    `## ${labels.collection}`,
    sourceFacts(ctx)
      .map((fact) => `- **${fact.label}:** ${oneLine(fact.shown)}`)
      .join('\n'),
    'Records are heading-aware chunks of the normalized text, split on block boundaries and counted with gpt-tokenizer (o200k_base). Offsets refer to the normalized plain text; ids are derived from content and position, so the same input yields the same records.',
    `## ${labels.uses}`,
    'Retrieval-augmented generation, search indexing, and fine-tuning or evaluation datasets that need citations back to the source.',
    `## ${labels.limitations}`,
    'The text is extracted as found: it is not translated, deduplicated or filtered for personal data. Check the source licence before redistribution.',
    `## ${labels.files}`,
    '- `dataset.jsonl`: one record per line.\n- `schema.json`: the JSON Schema (2020-12) of a record.\n- `README.md`: this datasheet.',
  ]);
}
