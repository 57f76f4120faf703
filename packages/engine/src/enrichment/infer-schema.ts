import type { CellValue, Provenance } from '@transmute/plugin-sdk';

/** Tabular data found in a document: a table, a JSON/CSV record list, or key-value facts. */
export interface RecordSet {
  /** SQL-friendly unique name (snake_case). */
  name: string;
  title: string;
  /** csv, tsv, json, ndjson, html, pdf, markdown, key_value… */
  origin: string;
  columns: string[];
  rows: CellValue[][];
  /** Whether cell values are already typed (JSON) rather than text to be parsed (CSV, markdown). */
  typed: boolean;
  headingPath: string[];
  provenance: Provenance;
}

/** The types a field can be inferred as (JSON Schema's, plus the date formats). */
export type FieldType =
  'integer' | 'number' | 'boolean' | 'date' | 'date-time' | 'string' | 'object' | 'array';

/** A value as inferred: its type and the typed value (a CSV "12" becomes 12). */
type Typed = { type: FieldType; value: unknown } | null;

/** An inferred column. */
export interface InferredField {
  name: string;
  position: number;
  type: FieldType;
  nullable: boolean;
  /** A string format recognised in every value. */
  format?: 'email' | 'uri';
  examples: unknown[];
  /** Few distinct values over many rows: the allowed values, in order of appearance. */
  enum?: string[];
  distinct: number;
  nullCount: number;
  unique: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** An inferred record set: its fields and a primary key when one is evident. */
export interface InferredRecordSet {
  set: RecordSet;
  rowCount: number;
  fields: InferredField[];
  primaryKey?: string;
}

const NULL_TOKENS = new Set(['', 'null', 'NULL', 'Null', 'N/A', 'n/a', 'NaN', '-']);
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const INTEGER = /^[-+]?(0|[1-9]\d*)$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URI = /^https?:\/\/\S+$/;

/**
 * Infers each column's type, nullability, examples and allowed values. Text cells (CSV, markdown)
 * are parsed (integers without leading zeros, decimals, true/false, ISO dates); typed cells (JSON)
 * keep their JSON type. Mixed integer and decimal columns are numbers; any other mix is a string.
 */
export function inferRecordSet(set: RecordSet): InferredRecordSet {
  const fields = set.columns.map((name, position) => inferField(name, position, set));
  const key = fields.find(
    (field) =>
      isKeyName(field.name) &&
      field.unique &&
      !field.nullable &&
      (field.type === 'integer' || field.type === 'string'),
  );
  return { set, rowCount: set.rows.length, fields, ...(key === undefined ? {} : { primaryKey: key.name }) };
}

function inferField(name: string, position: number, set: RecordSet): InferredField {
  const values: { type: FieldType; value: unknown }[] = [];
  let nullCount = 0;
  for (const row of set.rows) {
    const typed = classify(row[position] ?? null, set.typed);
    if (typed === null) nullCount += 1;
    else values.push(typed);
  }
  const type = unify(values.map((value) => value.type));
  const normalized = values.map((value) =>
    type === 'number' || value.type === type ? value.value : String(rawOf(value.value)),
  );
  const keys = normalized.map((value) => JSON.stringify(value));
  const distinctKeys = [...new Set(keys)];
  const field: InferredField = {
    name,
    position,
    type,
    nullable: nullCount > 0 || values.length === 0,
    examples: distinctKeys.slice(0, 3).map((key) => shorten(JSON.parse(key) as unknown)),
    distinct: distinctKeys.length,
    nullCount,
    unique: distinctKeys.length === values.length && values.length > 0,
  };
  addStatistics(field, normalized);
  if (
    type === 'string' &&
    values.length >= 4 &&
    distinctKeys.length <= Math.min(10, Math.floor(values.length / 2))
  ) {
    field.enum = distinctKeys.map((key) => String(JSON.parse(key)));
  }
  return field;
}

function addStatistics(field: InferredField, values: unknown[]): void {
  if (field.type === 'integer' || field.type === 'number') {
    const numbers = values.filter((value): value is number => typeof value === 'number');
    if (numbers.length > 0) {
      field.minimum = numbers.reduce((a, b) => Math.min(a, b));
      field.maximum = numbers.reduce((a, b) => Math.max(a, b));
    }
  }
  if (field.type === 'string' && values.length > 0) {
    const strings = values.map((value) => String(value));
    field.maxLength = strings.reduce((max, value) => Math.max(max, value.length), 0);
    if (strings.every((value) => EMAIL.test(value))) field.format = 'email';
    else if (strings.every((value) => URI.test(value))) field.format = 'uri';
  }
}

/** Classifies one cell: null for blanks and null markers. */
function classify(cell: CellValue | undefined, typed: boolean): Typed {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'boolean') return { type: 'boolean', value: cell };
  if (typeof cell === 'number') return { type: Number.isInteger(cell) ? 'integer' : 'number', value: cell };
  const text = cell.trim();
  if (NULL_TOKENS.has(text)) return typed && text !== '' ? { type: 'string', value: cell } : null;
  if (DATE.test(text) && isRealDate(text)) return { type: 'date', value: text };
  if (DATE_TIME.test(text) && !Number.isNaN(Date.parse(text))) return { type: 'date-time', value: text };
  if (/^[[{]/.test(text)) {
    const parsed = parseJson(text);
    if (Array.isArray(parsed)) return { type: 'array', value: parsed };
    if (parsed !== null && typeof parsed === 'object') return { type: 'object', value: parsed };
  }
  if (typed) return { type: 'string', value: cell };
  if (INTEGER.test(text) && Number.isSafeInteger(Number(text)))
    return { type: 'integer', value: Number(text) };
  if (NUMBER.test(text) && !/^[-+]?0\d/.test(text)) return { type: 'number', value: Number(text) };
  if (/^(true|false)$/i.test(text)) return { type: 'boolean', value: text.toLowerCase() === 'true' };
  return { type: 'string', value: text };
}

function unify(types: FieldType[]): FieldType {
  const distinct = new Set(types);
  if (distinct.size === 0) return 'string';
  if (distinct.size === 1) return types[0] ?? 'string';
  if ([...distinct].every((type) => type === 'integer' || type === 'number')) return 'number';
  return 'string';
}

function rawOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isKeyName(name: string): boolean {
  return /^(id|key|code|uuid)$/i.test(name) || /(^|_)id$/i.test(name);
}

/** Long string examples are cut: they illustrate a column, they do not copy it. */
function shorten(value: unknown): unknown {
  return typeof value === 'string' && value.length > 120 ? `${value.slice(0, 119)}…` : value;
}
