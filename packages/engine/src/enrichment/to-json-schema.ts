import type { FieldType, InferredField, InferredRecordSet } from './infer-schema.js';

/** JSON Schema (2020-12) of one record of an inferred record set. */
export function toRecordJsonSchema(inferred: InferredRecordSet): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const field of inferred.fields) properties[field.name] = toFieldSchema(field);
  return {
    title: inferred.set.title,
    type: 'object',
    properties,
    required: inferred.fields.filter((field) => !field.nullable).map((field) => field.name),
    additionalProperties: false,
  };
}

/**
 * One JSON Schema (2020-12) document for all record sets: an object with one array property per
 * set, whose items reference the set's record schema in `$defs`.
 */
export function toJsonSchema(sets: InferredRecordSet[], title: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const defs: Record<string, unknown> = {};
  for (const inferred of sets) {
    properties[inferred.set.name] = { type: 'array', items: { $ref: `#/$defs/${inferred.set.name}` } };
    defs[inferred.set.name] = toRecordJsonSchema(inferred);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title,
    type: 'object',
    properties,
    $defs: defs,
  };
}

function toFieldSchema(field: InferredField): Record<string, unknown> {
  const base = baseType(field.type);
  const schema: Record<string, unknown> = {
    type: field.nullable ? [base.type, 'null'] : base.type,
  };
  const format = base.format ?? field.format;
  if (format !== undefined) schema.format = format;
  if (field.enum !== undefined) schema.enum = field.nullable ? [...field.enum, null] : field.enum;
  if (field.examples.length > 0) schema.examples = field.examples;
  return schema;
}

function baseType(type: FieldType): { type: string; format?: string } {
  switch (type) {
    case 'date':
      return { type: 'string', format: 'date' };
    case 'date-time':
      return { type: 'string', format: 'date-time' };
    case 'integer':
    case 'number':
    case 'boolean':
    case 'string':
    case 'object':
    case 'array':
      return { type };
  }
}
