import type { OpenApiDocument } from '@transmute/contract';
import { resolveRef } from './openapi-operations.js';
import type { SchemaNode } from './render-schema.js';

/** Which fields an example holds: every field (a response) or only the required ones (a minimal request). */
export type ExampleFields = 'all' | 'required';

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SAMPLE_TIME = '2026-01-15T09:30:00Z';
const SAMPLE_ID_SUFFIX = '4f2Kq9ZxT7mB';

/** A string that fits the schema's `format`, `pattern` (an id prefix or a hex digest) and `minLength`. */
function sampleString(schema: SchemaNode, name: string): string {
  switch (schema.format) {
    case 'date-time':
      return SAMPLE_TIME;
    case 'date':
      return SAMPLE_TIME.slice(0, 10);
    case 'uri':
      return 'https://example.com/';
    case 'email':
      return 'ada@example.com';
    case 'uuid':
      return '0b6f3c52-9f3e-4d7a-a8a4-2c1d5e6f7a8b';
  }
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  const prefix = /^\^([a-z]+_)\[/.exec(pattern);
  if (prefix !== null) return `${prefix[1] ?? ''}${SAMPLE_ID_SUFFIX}`;
  const hex = /^\^\[[a-f0-9-]+\]\{(\d+)\}\$$/.exec(pattern);
  if (hex !== null) return 'a1b2c3d4'.repeat(16).slice(0, Number(hex[1]));
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const text = name === '' ? 'string' : name;
  return text.padEnd(minLength, '_').slice(0, maxLength);
}

/** Every branch of `allOf` merged into one object schema (properties and required fields). */
function mergeAllOf(document: OpenApiDocument, schema: SchemaNode): SchemaNode {
  const parts = [schema, ...(schema.allOf as unknown[]).map((part) => resolveRef(document, part))];
  const properties: SchemaNode = {};
  const required: string[] = [];
  for (const part of parts) {
    if (isNode(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) required.push(...(part.required as string[]));
  }
  const { allOf: _allOf, ...rest } = schema;
  return { ...rest, type: 'object', properties, required };
}

/**
 * A JSON value that conforms to `node`, built from the schema alone: its `examples`, `const`,
 * `default` or first `enum` value where it has them, else a sample of its type (ids with their
 * prefix, times, URLs). `oneOf`/`anyOf` take their first branch; nullable values are not null.
 */
export function exampleFromSchema(
  document: OpenApiDocument,
  node: unknown,
  fields: ExampleFields,
  name = '',
  depth = 0,
): unknown {
  let schema = resolveRef(document, node);
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(document, schema);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  const branches = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches) && branches.length > 0)
    return exampleFromSchema(document, branches[0], fields, name, depth + 1);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as unknown[];
  const named = types.find((candidate) => typeof candidate === 'string' && candidate !== 'null');
  const type = typeof named === 'string' ? named : isNode(schema.properties) ? 'object' : 'unknown';
  switch (type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
      return typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : Math.max(minimum, 1);
    }
    case 'boolean':
      return false;
    case 'array': {
      if (depth > 6) return [];
      const count = typeof schema.minItems === 'number' ? Math.max(schema.minItems, 1) : 1;
      return Array.from({ length: count }, () =>
        exampleFromSchema(document, schema.items, fields, name, depth + 1),
      );
    }
    case 'object': {
      const properties = isNode(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
      const example: Record<string, unknown> = {};
      if (depth > 6) return example;
      for (const [key, property] of Object.entries(properties)) {
        const wanted =
          fields === 'all' || required.includes(key) || Object.keys(example).length < minProperties;
        if (!wanted) continue;
        example[key] = exampleFromSchema(document, property, fields, key, depth + 1);
      }
      return example;
    }
    default:
      return null;
  }
}
