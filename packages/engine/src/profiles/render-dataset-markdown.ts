import { cell, code, fenced, joinBlocks, oneLine } from './internal/markdown.js';
import {
  describeCitation,
  toJsonLines,
  type ProfileContext,
  type ProfileParts,
} from './internal/profile-context.js';
import { PROVENANCE_SCHEMA } from './internal/provenance-schema.js';
import { locate, toProvenanceFields } from './internal/provenance-fields.js';
import { sourceFacts } from './internal/source-facts.js';

/**
 * `dataset_markdown`: the content as retrieval-ready chunks, one section per chunk (id, heading
 * path, token count, citation); one chunk per JSONL line; zip: dataset.jsonl, README.md
 * (a datasheet) and schema.json (the JSON Schema of a record).
 */
export function renderDatasetMarkdown(ctx: ProfileContext): ProfileParts {
  const { labels, document } = ctx;
  const headings = document.chunks.map((chunk) => `## ${labels.chunk} ${chunk.index + 1}: ${code(chunk.id)}`);
  const sections = document.chunks.map((chunk) =>
    joinBlocks([
      headings[chunk.index] ?? '',
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
  let cursor = 0;
  const records = document.chunks.map((chunk) => {
    // The chunk's text sits verbatim in the fence under its own heading.
    const heading = locate(markdown, headings[chunk.index] ?? '', cursor);
    const span = locate(markdown, chunk.text, heading?.end ?? cursor);
    cursor = span?.end ?? cursor;
    return {
      id: chunk.id,
      index: chunk.index,
      text: chunk.text,
      tokens: chunk.tokens,
      heading_path: chunk.headingPath,
      ...toProvenanceFields(document, [chunk.provenance], span),
    };
  });
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
    ...PROVENANCE_SCHEMA.properties,
  },
  required: ['id', 'index', 'text', 'tokens', 'heading_path', ...PROVENANCE_SCHEMA.required],
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
    'Records are heading-aware chunks of the normalized text, split on block boundaries and counted with gpt-tokenizer (o200k_base). Offsets (`start_offset`, `end_offset`) refer to the dataset markdown, where the text of each record sits verbatim in the fence of its chunk; `page`, `bbox` and the other provenance fields are described in docs/PROVENANCE.md; ids are derived from content and position, so the same input yields the same records.',
    `## ${labels.uses}`,
    'Retrieval-augmented generation, search indexing, and fine-tuning or evaluation datasets that need citations back to the source.',
    `## ${labels.limitations}`,
    'The text is extracted as found: it is not translated, deduplicated or filtered for personal data. Check the source licence before redistribution.',
    `## ${labels.files}`,
    '- `dataset.jsonl`: one record per line.\n- `schema.json`: the JSON Schema (2020-12) of a record.\n- `README.md`: this datasheet.',
  ]);
}
