import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FieldError, FieldErrorCode } from '../wire-types.js';

/** Name used for errors about the value as a whole (a body that is not an object, an empty PATCH). */
export const ROOT_FIELD = 'body';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Appends an object key (`a.b`, or `a["odd key"]`) or an array index (`a[2]`) to a field path. */
export function appendKey(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * Turns a JSON pointer into `a.b[2].c`, walking the value so that array indices get brackets and an
 * object key that looks like a number stays a key.
 */
function toFieldPath(pointer: string, root: unknown, extra?: string): string {
  let path = '';
  let node: unknown = root;
  const tokens = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const raw of tokens) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      const index = Number(token);
      path = appendKey(path, index);
      node = node[index];
    } else {
      path = appendKey(path, token);
      // Own properties only: a `__proto__` key must not walk into Object.prototype.
      node =
        typeof node === 'object' && node !== null && Object.hasOwn(node, token)
          ? (node as Record<string, unknown>)[token]
          : undefined;
    }
  }
  if (extra !== undefined) path = appendKey(path, extra);
  return path === '' ? ROOT_FIELD : path;
}

function describeValues(values: unknown): string {
  return Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(', ') : String(values);
}

type Mapped = { field: string; code: FieldErrorCode; detail: string } | null;

/** Maps one ajv error to a CONTRACT §3 field error; null for errors that only echo another one. */
function mapError(error: ErrorObject, root: unknown): Mapped {
  const params = error.params as Record<string, unknown>;
  const at = (extra?: string): string => toFieldPath(error.instancePath, root, extra);
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      return { field: at(name), code: 'required', detail: `The field ${at(name)} is required.` };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return { field: at(name), code: 'unknown_field', detail: `The field ${at(name)} is not allowed here.` };
    }
    case 'type':
      return {
        field: at(),
        code: 'invalid_type',
        detail: `The field ${at()} must be of type ${describeType(params.type)}.`,
      };
    case 'enum':
      return {
        field: at(),
        code: 'invalid_value',
        detail: `The field ${at()} must be one of ${describeValues(params.allowedValues)}.`,
      };
    case 'const':
      return {
        field: at(),
        code: 'invalid_value',
        detail: `The field ${at()} must be ${JSON.stringify(params.allowedValue)}.`,
      };
    case 'discriminator':
      return mapDiscriminator(params, at);
    default:
      return mapLimit(error, at);
  }
}

function plural(count: string, noun: string): string {
  return count === '1' ? noun : `${noun}s`;
}

function describeType(type: unknown): string {
  return String(type).split(',').join(' or ');
}

function mapDiscriminator(params: Record<string, unknown>, at: (extra?: string) => string): Mapped {
  const tag = String(params.tag);
  const field = at(tag);
  if (params.error === 'mapping') {
    return { field, code: 'invalid_value', detail: `The field ${field} has an unknown value.` };
  }
  if (params.tagValue === undefined)
    return { field, code: 'required', detail: `The field ${field} is required.` };
  return { field, code: 'invalid_type', detail: `The field ${field} must be a string.` };
}

/** Length, size, count, uniqueness and format errors. */
function mapLimit(error: ErrorObject, at: (extra?: string) => string): Mapped {
  const params = error.params as Record<string, unknown>;
  const limit = String(params.limit);
  const field = at();
  switch (error.keyword) {
    case 'minLength':
      return {
        field,
        code: 'too_short',
        detail: `The field ${field} must be at least ${limit} ${plural(limit, 'character')} long.`,
      };
    case 'maxLength':
      return {
        field,
        code: 'too_long',
        detail: `The field ${field} must be at most ${limit} ${plural(limit, 'character')} long.`,
      };
    case 'minimum':
      return { field, code: 'too_small', detail: `The field ${field} must be at least ${limit}.` };
    case 'exclusiveMinimum':
      if (limit === '0' && /(^|\.)size_bytes$/.test(field)) {
        // A 0-byte upload: say what is wrong with the file, not only with the number.
        return { field, code: 'too_small', detail: `The file is empty: ${field} must be greater than 0.` };
      }
      return { field, code: 'too_small', detail: `The field ${field} must be greater than ${limit}.` };
    case 'maximum':
      return { field, code: 'too_large', detail: `The field ${field} must be at most ${limit}.` };
    case 'exclusiveMaximum':
      return { field, code: 'too_large', detail: `The field ${field} must be less than ${limit}.` };
    case 'minItems':
      return {
        field,
        code: 'too_few_items',
        detail: `The field ${field} must have at least ${limit} ${plural(limit, 'item')}.`,
      };
    case 'maxItems':
      return {
        field,
        code: 'too_many_items',
        detail: `The field ${field} must have at most ${limit} ${plural(limit, 'item')}.`,
      };
    case 'minProperties': {
      const parent = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
      const names = Object.keys(parent?.properties ?? {}).join(', ');
      return { field, code: 'required', detail: `The ${field} must contain at least one of: ${names}.` };
    }
    case 'uniqueItems': {
      const later = Math.max(Number(params.i), Number(params.j));
      const item = `${field}[${later}]`;
      return { field: item, code: 'duplicate_item', detail: `The item ${item} repeats an earlier item.` };
    }
    case 'pattern':
      return {
        field,
        code: 'invalid_format',
        detail: `The field ${field} does not have the expected format.`,
      };
    case 'format':
      return {
        field,
        code: 'invalid_format',
        detail: `The field ${field} must be a valid ${String(params.format)}.`,
      };
    default:
      // oneOf/anyOf/if summaries repeat the errors of their branches, which are reported already.
      return null;
  }
}

/**
 * Turns ajv errors into CONTRACT §3 field errors: one entry per field (the first error of a field
 * wins; ajv reports `type` before value checks), none for fields inside a value of the wrong type.
 */
export function toFieldErrors(errors: readonly ErrorObject[], root: unknown): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const mapped = mapError(error, root);
    if (mapped === null || byField.has(mapped.field)) continue;
    byField.set(mapped.field, mapped);
  }
  return [...byField.values()];
}
