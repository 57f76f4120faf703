import { findRecordSets } from '../enrichment/find-record-sets.js';
import {
  inferRecordSet,
  type InferredField,
  type InferredRecordSet,
  type RecordSet,
} from '../enrichment/infer-schema.js';
import { toJsonSchema } from '../enrichment/to-json-schema.js';
import { toSqlDdl, toSqlType } from '../enrichment/to-sql-ddl.js';
import { cell, code, fenced, joinBlocks, oneLine } from './internal/markdown.js';
import type { ProfileContext, ProfileParts } from './internal/profile-context.js';
import { locate, toProvenanceFields, type MarkdownSpan } from './internal/provenance-fields.js';

/**
 * `schema_plan`: the tables and record-like structures found, their inferred columns (type,
 * nullability, examples, allowed values) and a proposed JSON Schema and SQL DDL; one JSONL record
 * per inferred field; zip: schema.json, schema.sql, plan.md. A source without tables still gets a
 * plan: it says so and proposes a schema for the document's chunks.
 */
export function renderSchemaPlan(ctx: ProfileContext): ProfileParts {
  const { labels } = ctx;
  const found = findRecordSets(ctx.analysis.blocks, ctx.document.metadata.title);
  const sets = (found.length > 0 ? found : [chunkRecordSet(ctx)]).map((set) => inferRecordSet(set));
  const schema = toJsonSchema(sets, ctx.title);
  const sql = toSqlDdl(sets, ctx.title);
  const schemaJson = `${JSON.stringify(schema, null, 2)}\n`;
  const markdown = joinBlocks([
    `# ${labels.schemaPlan}: ${oneLine(ctx.title)}`,
    `## ${labels.recordSets}`,
    found.length === 0 ? `${labels.noRecordSets} ${labels.chunkPlan}` : '',
    ...sets.map((inferred) => describeSet(inferred, ctx)),
    `## ${labels.jsonSchema}`,
    fenced(schemaJson, 'json'),
    `## ${labels.sqlDdl}`,
    fenced(sql, 'sql'),
  ]);
  let cursor = 0;
  const records = sets.flatMap((inferred) => {
    // A field's piece is its row in its record set's table.
    cursor = locate(markdown, `### ${code(inferred.set.name)}: `, cursor)?.end ?? cursor;
    return inferred.fields.map((field) => {
      const row = locate(markdown, `| ${code(field.name)} |`, cursor);
      const end = row === null ? -1 : markdown.indexOf('\n', row.start);
      const span = row === null ? null : { start: row.start, end: end < 0 ? markdown.length : end };
      cursor = span?.end ?? cursor;
      return toRecord(inferred, field, ctx, span);
    });
  });
  return {
    markdown,
    records,
    files: [
      { name: 'schema.json', mediaType: 'application/schema+json', content: schemaJson },
      { name: 'schema.sql', mediaType: 'application/sql', content: sql },
      { name: 'plan.md', mediaType: 'text/markdown', content: markdown },
    ],
  };
}

function describeSet(inferred: InferredRecordSet, ctx: ProfileContext): string {
  const { labels } = ctx;
  const { set } = inferred;
  const header = `| ${labels.column} | ${labels.type} | SQL | ${labels.nullable} | ${labels.examples} |`;
  const rows = inferred.fields.map((field) => {
    const type = field.format === undefined ? field.type : `${field.type} (${field.format})`;
    const examples =
      field.enum === undefined
        ? field.examples.map(show).join(', ')
        : `${labels.allowedValues}: ${field.enum.join(', ')}`;
    return `| ${code(field.name)} | ${type} | ${toSqlType(field)} | ${field.nullable ? labels.yes : labels.no} | ${cell(examples)} |`;
  });
  const where = set.headingPath.length === 0 ? '' : ` — ${oneLine(set.headingPath.join(' › '))}`;
  return joinBlocks([
    `### ${code(set.name)}: ${oneLine(set.title)}`,
    `${set.origin}, ${labels.rows}: ${inferred.rowCount}${inferred.primaryKey === undefined ? '' : `, ${labels.primaryKey} ${code(inferred.primaryKey)}`}${where}`,
    [header, '|---|---|---|---|---|', ...rows].join('\n'),
  ]);
}

function toRecord(
  inferred: InferredRecordSet,
  field: InferredField,
  ctx: ProfileContext,
  span: MarkdownSpan | null,
): Record<string, unknown> {
  return {
    record_set: inferred.set.name,
    record_set_title: inferred.set.title,
    origin: inferred.set.origin,
    row_count: inferred.rowCount,
    field: field.name,
    position: field.position,
    type: field.type,
    format: field.format ?? null,
    nullable: field.nullable,
    null_count: field.nullCount,
    distinct: field.distinct,
    unique: field.unique,
    primary_key: inferred.primaryKey === field.name,
    examples: field.examples,
    enum: field.enum ?? null,
    minimum: field.minimum ?? null,
    maximum: field.maximum ?? null,
    max_length: field.maxLength ?? null,
    sql_type: toSqlType(field),
    ...toProvenanceFields(ctx.document, [inferred.set.provenance], span),
  };
}

/** The fallback record set: the document's chunks as rows of a table. */
function chunkRecordSet(ctx: ProfileContext): RecordSet {
  const columns = ['id', 'chunk_index', 'heading_path', 'text', 'tokens', 'start_offset', 'end_offset'];
  const rows = ctx.document.chunks.map((chunk) => [
    chunk.id,
    chunk.index,
    JSON.stringify(chunk.headingPath),
    chunk.text,
    chunk.tokens,
    chunk.startOffset,
    chunk.endOffset,
  ]);
  return {
    name: 'chunks',
    title: `${ctx.title} (chunks)`,
    origin: 'chunks',
    columns,
    rows,
    typed: true,
    headingPath: [],
    provenance: {},
  };
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
