import { COMPONENT_SCHEMAS } from '../schemas/registry.js';
import type { JsonSchema } from '../schemas/json-schema.js';

const NAMES = new Map<JsonSchema, string>(
  Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [schema, name]),
);

/** `$ref` to a component schema. */
export function schemaRef(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** The component name of a schema object, when it is one. */
export function componentName(schema: JsonSchema): string | undefined {
  return NAMES.get(schema);
}

/**
 * A deep copy of a schema for the OpenAPI document: nested schemas that are components become
 * `$ref`s, and discriminators get the explicit `mapping` OpenAPI tools want (ajv rejects `mapping`,
 * so the source schemas do not carry it).
 */
export function toOpenApiSchema(schema: JsonSchema, isRoot = true): unknown {
  const name = NAMES.get(schema);
  if (!isRoot && name !== undefined) return schemaRef(name);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] = copyKeyword(key, value);
  }
  if (schema.discriminator !== undefined && schema.oneOf !== undefined) {
    copy.discriminator = { ...schema.discriminator, mapping: discriminatorMapping(schema) };
  }
  return copy;
}

function copyKeyword(key: string, value: unknown): unknown {
  switch (key) {
    case 'properties':
      return Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([prop, sub]) => [
          prop,
          toOpenApiSchema(sub, false),
        ]),
      );
    case 'items':
    case 'additionalProperties':
      return typeof value === 'object' && value !== null ? toOpenApiSchema(value, false) : value;
    case 'oneOf':
    case 'anyOf':
    case 'allOf':
      return (value as JsonSchema[]).map((sub) => toOpenApiSchema(sub, false));
    default:
      return structuredClone(value);
  }
}

function discriminatorMapping(schema: JsonSchema): Record<string, string> {
  const tag = schema.discriminator?.propertyName ?? '';
  const mapping: Record<string, string> = {};
  for (const branch of schema.oneOf ?? []) {
    const value = branch.properties?.[tag]?.const;
    const name = NAMES.get(branch);
    if (typeof value === 'string' && name !== undefined) mapping[value] = schemaRef(name).$ref;
  }
  return mapping;
}

/** `components.schemas` of the document. */
export function componentSchemas(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, toOpenApiSchema(schema)]),
  );
}
