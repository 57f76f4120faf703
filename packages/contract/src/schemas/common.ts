import { ID_PREFIXES, type ResourceKind } from '../enums.js';
import type { JsonSchema, JsonValue } from './json-schema.js';

/** Identifier schema of a resource kind: `<prefix>_` + 12 or more of `A-Za-z0-9_-`. */
export function idSchema(kind: ResourceKind, description?: string): JsonSchema {
  return {
    type: 'string',
    pattern: `^${ID_PREFIXES[kind]}_[A-Za-z0-9_-]{12,}$`,
    ...(description === undefined ? {} : { description }),
  };
}

/** RFC 3339 date-time. */
export const timestampSchema: JsonSchema = { type: 'string', format: 'date-time' };
/** RFC 3339 date-time or null. */
export const nullableTimestampSchema: JsonSchema = { type: ['string', 'null'], format: 'date-time' };
/** 64 lowercase hexadecimal characters. */
export const sha256Schema: JsonSchema = {
  type: 'string',
  pattern: '^[a-f0-9]{64}$',
  description: 'SHA-256 digest, 64 lowercase hexadecimal characters.',
};
/** An absolute URI. */
export const uriSchema: JsonSchema = { type: 'string', format: 'uri' };
/** Language tag length of the spec (2 to 35). */
export const languageSchema: JsonSchema = { type: 'string', minLength: 2, maxLength: 35 };
/** Array of warning sentences. */
export const warningsSchema: JsonSchema = { type: 'array', items: { type: 'string' } };
/** Non-negative integer. */
export const countSchema: JsonSchema = { type: 'integer', minimum: 0 };
/** Non-negative number. */
export const quantitySchema: JsonSchema = { type: 'number', minimum: 0 };

/** String enumeration schema. */
export function enumSchema(values: readonly JsonValue[], description?: string): JsonSchema {
  return { type: 'string', enum: values, ...(description === undefined ? {} : { description }) };
}

/** A closed object schema: every listed property, all of them required unless named in `optional`. */
export function objectSchema(
  properties: { readonly [name: string]: JsonSchema },
  options: { optional?: readonly string[]; closed?: boolean; description?: string } = {},
): JsonSchema {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    ...(options.description === undefined ? {} : { description: options.description }),
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(options.closed === true ? { additionalProperties: false } : {}),
  };
}
