import { REQUEST_BODY_SCHEMAS, type JsonSchema, type RequestBodyName } from '@transmute/contract';

/** One key of a path into a JSON value: an object key or an array index. */
export type PathKey = string | number;

/** A string field of a request body: where it is and the schema that defines it. */
export interface StringField {
  path: readonly PathKey[];
  /** The path as field errors name it (`source.file_ids[0]`). */
  field: string;
  schema: JsonSchema;
}

/** A loopback URL nothing listens on (`allowPrivateNetworks` lets it pass; no worker ever fetches it). */
export const SAMPLE_URL = 'http://127.0.0.1:9/hostile';

/** `a.b[0]`, as CONTRACT §3 names fields (every key of the request schemas is an identifier). */
export function fieldName(path: readonly PathKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name === '' ? key : `${name}.${key}`),
    '',
  );
}

/**
 * A string matching one of the pattern shapes the contract uses: `^<literal>[<class>]{n,}$` (ids)
 * and `^[<class>]{n}$` (digests), filled with the first character of the class. Any other shape
 * throws, so a new kind of pattern in the contract makes this test say what it cannot walk.
 */
export function sampleForPattern(pattern: string): string {
  const match = /^\^([^[\\]*)\[([^\]]+)\]\{(\d+)(,\d*)?\}\$$/.exec(pattern);
  if (match === null) throw new Error(`No sample for the pattern ${pattern}`);
  const [, literal = '', characterClass = '', count = '1', open] = match;
  const length = Math.max(Number(count), open === undefined ? 0 : 16);
  return literal + (characterClass[0] ?? 'x').repeat(length);
}

function sampleString(schema: JsonSchema): string {
  if (schema.pattern !== undefined) return sampleForPattern(schema.pattern);
  if (schema.format === 'uri') return SAMPLE_URL;
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

function samplesOfObject(schema: JsonSchema): unknown[] {
  let partial: Record<string, unknown>[] = [{}];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const options = samplesOf(property);
    partial = options.flatMap((option) => partial.map((object) => ({ ...object, [name]: option })));
  }
  return partial;
}

/**
 * Valid values of a schema, one per branch of every discriminated `oneOf` (a createJob body for
 * each source type), with every optional property present so that every string field appears.
 */
export function samplesOf(schema: JsonSchema): unknown[] {
  if (schema.const !== undefined) return [schema.const];
  if (schema.enum !== undefined) return [schema.enum[0]];
  if (schema.oneOf !== undefined && schema.discriminator !== undefined)
    return schema.oneOf.flatMap(samplesOf);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return samplesOfObject(schema);
    case 'array': {
      const items = schema.items ?? {};
      const count = Math.max(schema.minItems ?? 1, 1);
      const options = items.enum ?? samplesOf(items);
      return [Array.from({ length: count }, (_, index) => options[index % options.length])];
    }
    case 'string':
      return [sampleString(schema)];
    case 'integer':
      return [schema.exclusiveMinimum === undefined ? (schema.minimum ?? 1) : schema.exclusiveMinimum + 1];
    case 'number':
      return [schema.minimum ?? 1];
    case 'boolean':
      return [false];
    default:
      throw new Error(`No sample for the schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function acceptsString(schema: JsonSchema): boolean {
  const { type } = schema;
  return type === 'string' || typeof schema.const === 'string' || typeof schema.enum?.[0] === 'string';
}

/** The schema that defines `value` at this level, through the branch of a discriminated `oneOf`. */
function branchOf(schema: JsonSchema, value: Record<string, unknown>): JsonSchema {
  const tag = schema.discriminator?.propertyName;
  if (tag === undefined) return schema;
  return schema.oneOf?.find((branch) => branch.properties?.[tag]?.const === value[tag]) ?? schema;
}

/** Every string field of a sample value, with the schema that defines it (array items: the first). */
export function stringFieldsOf(schema: JsonSchema, value: unknown, path: PathKey[] = []): StringField[] {
  if (acceptsString(schema)) return [{ path, field: fieldName(path), schema }];
  if (Array.isArray(value) && schema.items !== undefined)
    return stringFieldsOf(schema.items, value[0], [...path, 0]);
  if (typeof value !== 'object' || value === null) return [];
  const object = value as Record<string, unknown>;
  const branch = branchOf(schema, object);
  const properties = { ...schema.properties, ...branch.properties };
  return Object.entries(properties).flatMap(([name, property]) =>
    Object.hasOwn(object, name) ? stringFieldsOf(property, object[name], [...path, name]) : [],
  );
}

/** A deep copy of `value` with the field at `path` set to `next`. */
export function withField<T>(value: T, path: readonly PathKey[], next: unknown): T {
  const copy = structuredClone(value) as unknown;
  let node = copy as Record<PathKey, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<PathKey, unknown>;
  const last = path.at(-1);
  if (last === undefined) return next as T;
  node[last] = next;
  return copy as T;
}

/** A base body of a request schema and one of its string fields. */
export interface BodyField extends StringField {
  body: unknown;
}

/**
 * Every string field of a request body schema, each with a valid body to vary it in (the body of
 * the branch it belongs to); a field shared by several branches (`source.type`) is walked once.
 */
export function bodyFieldsOf(name: RequestBodyName): BodyField[] {
  const schema = REQUEST_BODY_SCHEMAS[name];
  const seen = new Set<string>();
  const fields: BodyField[] = [];
  for (const body of samplesOf(schema)) {
    for (const field of stringFieldsOf(schema, body)) {
      if (seen.has(field.field)) continue;
      seen.add(field.field);
      fields.push({ ...field, body });
    }
  }
  return fields;
}
