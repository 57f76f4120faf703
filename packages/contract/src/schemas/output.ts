import { OUTPUT_FORMATS, OUTPUT_PROFILES, OUTPUT_STATUSES } from '../enums.js';
import {
  countSchema,
  enumSchema,
  idSchema,
  languageSchema,
  nullableTimestampSchema,
  objectSchema,
  sha256Schema,
  timestampSchema,
  uriSchema,
  warningsSchema,
} from './common.js';
import type { JsonSchema } from './json-schema.js';
import { outputProfileEnumDescription } from '../profile-descriptions.js';
import { pageInfoSchema } from './page.js';

/** One artifact of an output manifest: all seven fields required. */
export const manifestFileSchema: JsonSchema = objectSchema({
  file_id: idSchema('artifact'),
  name: { type: 'string', minLength: 1, maxLength: 255 },
  media_type: { type: 'string', minLength: 3, maxLength: 150 },
  size_bytes: countSchema,
  sha256: sha256Schema,
  expires_at: nullableTimestampSchema,
  download_url: uriSchema,
});

/** Output `manifest` (when not null): all three fields required. */
export const outputManifestSchema: JsonSchema = objectSchema({
  manifest_version: { const: 1 },
  files: { type: 'array', items: manifestFileSchema, minItems: 1 },
  total_size_bytes: countSchema,
});

/** Output resource: all ten fields always present. */
export const outputSchema: JsonSchema = objectSchema({
  id: idSchema('output'),
  job_id: idSchema('job'),
  status: enumSchema(OUTPUT_STATUSES),
  profile: enumSchema(OUTPUT_PROFILES, outputProfileEnumDescription()),
  format: enumSchema(OUTPUT_FORMATS),
  language: languageSchema,
  warnings: warningsSchema,
  manifest: { oneOf: [outputManifestSchema, { type: 'null' }] },
  created_at: timestampSchema,
  completed_at: nullableTimestampSchema,
});

/** getOutputContent response (CONTRACT §9): one page of the output's primary artifact. */
export const outputContentPageSchema: JsonSchema = objectSchema({
  output_id: idSchema('output'),
  format: enumSchema(OUTPUT_FORMATS),
  media_type: { type: 'string', minLength: 3, maxLength: 150 },
  data: { type: 'string' },
  page: pageInfoSchema,
});
