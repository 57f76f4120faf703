import { FILE_STATUSES } from '../enums.js';
import {
  countSchema,
  enumSchema,
  idSchema,
  nullableTimestampSchema,
  objectSchema,
  sha256Schema,
  timestampSchema,
  uriSchema,
  warningsSchema,
} from './common.js';
import type { JsonSchema } from './json-schema.js';

/** File resource: all nine fields always present. */
export const fileSchema: JsonSchema = objectSchema({
  id: idSchema('file'),
  name: { type: 'string' },
  media_type: { type: 'string' },
  size_bytes: countSchema,
  sha256: sha256Schema,
  status: enumSchema(FILE_STATUSES),
  warnings: warningsSchema,
  created_at: timestampSchema,
  expires_at: nullableTimestampSchema,
});

/** Upload intent (createUploadIntent response): all five fields always present. */
export const uploadIntentSchema: JsonSchema = objectSchema({
  file_id: idSchema('file'),
  upload_url: { ...uriSchema, description: 'URI to which the bytes are sent.' },
  upload_method: { const: 'PUT' },
  upload_headers: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Headers to send verbatim with the upload (at least `Content-Type`).',
  },
  expires_at: timestampSchema,
});
