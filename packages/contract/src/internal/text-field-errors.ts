import type { JsonSchema } from '../schemas/json-schema.js';
import { isStorableText } from '../storable-text.js';
import type { FieldError } from '../wire-types.js';
import { appendKey, ROOT_FIELD } from './to-field-errors.js';

function acceptsString(schema: JsonSchema): boolean {
  const { type } = schema;
  if (type === 'string' || (Array.isArray(type) && type.includes('string'))) return true;
  return typeof schema.const === 'string' || (schema.enum ?? []).some((value) => typeof value === 'string');
}

/** The branch of a discriminated `oneOf` that the value's tag selects; null when none does. */
function selectedBranch(schema: JsonSchema, value: Record<string, unknown>): JsonSchema | null {
  const tag = schema.discriminator?.propertyName;
  if (tag === undefined || schema.oneOf === undefined) return null;
  return schema.oneOf.find((branch) => branch.properties?.[tag]?.const === value[tag]) ?? null;
}

function walk(schema: JsonSchema, value: unknown, path: string, errors: FieldError[]): void {
  if (typeof value === 'string') {
    if (acceptsString(schema) && !isStorableText(value)) {
      const field = path === '' ? ROOT_FIELD : path;
      errors.push({
        field,
        code: 'invalid_value',
        detail: `The field ${field} contains a NUL character (U+0000) or an unpaired UTF-16 surrogate.`,
      });
    }
  } else if (Array.isArray(value)) {
    const items = schema.items;
    if (items !== undefined)
      value.forEach((item, index) => walk(items, item, appendKey(path, index), errors));
  } else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      // Own properties only: a `__proto__` key must not walk into Object.prototype.
      if (Object.hasOwn(object, name)) walk(property, object[name], appendKey(path, name), errors);
    }
    const branch = selectedBranch(schema, object);
    if (branch !== null) walk(branch, object, path, errors);
  }
}

/**
 * One `invalid_value` field error per string of `value` that the schema defines and that holds a
 * NUL character or an unpaired surrogate ({@link isStorableText}). The walk follows the schema:
 * fields it does not define are left to `unknown_field`, and a discriminated `oneOf` is entered only
 * through the branch its tag selects (an unknown tag is the one error of its object).
 */
export function textFieldErrors(schema: JsonSchema, value: unknown): FieldError[] {
  const errors: FieldError[] = [];
  walk(schema, value, '', errors);
  return errors;
}
