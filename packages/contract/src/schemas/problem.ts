import { FIELD_ERROR_CODES } from '../enums.js';
import { enumSchema, objectSchema, uriSchema } from './common.js';
import type { JsonSchema } from './json-schema.js';

const nonEmpty: JsonSchema = { type: 'string', minLength: 1 };

/** One entry of `field_errors`: one per invalid request field. */
export const fieldErrorSchema: JsonSchema = objectSchema({
  field: { ...nonEmpty, description: 'Dotted path with bracket indices, e.g. `source.file_ids[2]`.' },
  code: enumSchema(FIELD_ERROR_CODES),
  detail: nonEmpty,
});

/** Problem details (RFC 9457), the body of every error response. */
export const problemSchema: JsonSchema = objectSchema(
  {
    type: { ...uriSchema, description: '`<docs base>/problems/<code>`.' },
    title: { ...nonEmpty, description: 'Constant per code.' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
    detail: nonEmpty,
    request_id: { type: 'string', minLength: 8, maxLength: 128 },
    retryable: { type: 'boolean' },
    field_errors: { type: 'array', items: fieldErrorSchema, default: [] },
  },
  { optional: ['field_errors'] },
);
