import type { FieldType, InferredField, InferredRecordSet } from './infer-schema.js';

/** Quotes an SQL identifier (standard double quotes, inner quotes doubled). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Portable SQL DDL (PostgreSQL, SQLite, MySQL in ANSI mode): one CREATE TABLE per record set with
 * quoted identifiers, NOT NULL for columns without blanks and a primary key when evident.
 */
export function toSqlDdl(sets: InferredRecordSet[], title: string): string {
  const header = `-- Proposed schema for ${oneLine(title)}, inferred by transmute (schema_plan).\n`;
  const tables = sets.map((inferred) => toCreateTable(inferred));
  return `${header}\n${tables.join('\n\n')}\n`;
}

function toCreateTable(inferred: InferredRecordSet): string {
  const lines = inferred.fields.map(
    (field) => `  ${quoteIdentifier(field.name)} ${toSqlType(field)}${field.nullable ? '' : ' NOT NULL'}`,
  );
  if (inferred.primaryKey !== undefined)
    lines.push(`  PRIMARY KEY (${quoteIdentifier(inferred.primaryKey)})`);
  const comment = `-- ${oneLine(inferred.set.title)} (${inferred.set.origin}, ${inferred.rowCount} rows)`;
  return `${comment}\nCREATE TABLE ${quoteIdentifier(inferred.set.name)} (\n${lines.join(',\n')}\n);`;
}

/** The SQL type of an inferred field. JSON values are stored as TEXT for portability. */
export function toSqlType(field: InferredField): string {
  const type: FieldType = field.type;
  switch (type) {
    case 'integer':
      return isInt32(field) ? 'INTEGER' : 'BIGINT';
    case 'number':
      return 'DOUBLE PRECISION';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'date-time':
      return 'TIMESTAMP';
    case 'string':
    case 'object':
    case 'array':
      return 'TEXT';
  }
}

function isInt32(field: InferredField): boolean {
  const limit = 2 ** 31;
  return (field.minimum ?? 0) >= -limit && (field.maximum ?? 0) < limit;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
