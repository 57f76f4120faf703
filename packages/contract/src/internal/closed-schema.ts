import type { JsonSchema } from '../schemas/json-schema.js';

/**
 * A copy of a schema in which every object schema with `properties` and no `additionalProperties`
 * rejects unknown properties. Shared sub-schemas are copied once, so identity is kept.
 */
export function toClosedSchema(schema: JsonSchema, seen = new Map<JsonSchema, JsonSchema>()): JsonSchema {
  const known = seen.get(schema);
  if (known !== undefined) return known;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = closeValue(key, value, seen);
  }
  if (schema.properties !== undefined && schema.additionalProperties === undefined && !isComposite(schema)) {
    copy.additionalProperties = false;
  }
  const result = copy as JsonSchema;
  seen.set(schema, result);
  return result;
}

function closeValue(key: string, value: unknown, seen: Map<JsonSchema, JsonSchema>): unknown {
  switch (key) {
    case 'properties':
      return Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, sub]) => [
          name,
          toClosedSchema(sub, seen),
        ]),
      );
    case 'items':
    case 'additionalProperties':
      return typeof value === 'object' && value !== null ? toClosedSchema(value, seen) : value;
    case 'oneOf':
    case 'anyOf':
    case 'allOf':
      return (value as JsonSchema[]).map((sub) => toClosedSchema(sub, seen));
    default:
      return value;
  }
}

/** A schema whose properties are completed by its branches: closing it would reject theirs. */
function isComposite(schema: JsonSchema): boolean {
  return schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined;
}
