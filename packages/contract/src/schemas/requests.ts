import { EVENT_TYPES, OUTPUT_FORMATS, OUTPUT_PROFILES, RETENTION_CLASSES, SPEC_LIMITS } from '../enums.js';
import { enumSchema, languageSchema, objectSchema, sha256Schema, uriSchema } from './common.js';
import type { JsonSchema } from './json-schema.js';
import { outputProfileEnumDescription } from '../profile-descriptions.js';
import { sourceSchema } from './source.js';

/** Output options (request object `output`). */
export const outputOptionsSchema: JsonSchema = objectSchema(
  {
    profile: enumSchema(OUTPUT_PROFILES, outputProfileEnumDescription()),
    format: { ...enumSchema(OUTPUT_FORMATS), default: 'markdown' },
    include_raw_source: { type: 'boolean', default: false },
    language: { ...languageSchema, default: 'en' },
  },
  { optional: ['format', 'include_raw_source', 'language'], closed: true },
);

/** Retention (request object `retention`); `{class: temporary}` when omitted. */
export const retentionSchema: JsonSchema = {
  ...objectSchema({ class: enumSchema(RETENTION_CLASSES) }, { closed: true }),
  default: { class: 'temporary' },
};

/** createJob body. */
export const createJobRequestSchema: JsonSchema = objectSchema(
  { source: sourceSchema, output: outputOptionsSchema, retention: retentionSchema },
  { optional: ['retention'], closed: true },
);

/** createJobOutput body. */
export const createJobOutputRequestSchema: JsonSchema = objectSchema(
  { output: outputOptionsSchema },
  { closed: true },
);

/** createUploadIntent body. */
export const createUploadIntentRequestSchema: JsonSchema = objectSchema(
  {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    media_type: { type: 'string', minLength: 3, maxLength: 150 },
    size_bytes: { type: 'integer', exclusiveMinimum: 0, maximum: SPEC_LIMITS.maximumFileBytes },
    sha256: sha256Schema,
  },
  { closed: true },
);

/** completeFileUpload body: must equal the intent's size and digest. */
export const completeUploadRequestSchema: JsonSchema = objectSchema(
  { size_bytes: { type: 'integer', exclusiveMinimum: 0 }, sha256: sha256Schema },
  { closed: true },
);

const webhookUrlSchema: JsonSchema = {
  ...uriSchema,
  maxLength: 2048,
  description: 'https URL (plain http only where the operator allows private networks).',
};
const webhookDescriptionSchema: JsonSchema = { type: 'string', maxLength: 200 };
const webhookEventsSchema: JsonSchema = {
  type: 'array',
  items: enumSchema(EVENT_TYPES),
  minItems: 1,
  maxItems: 14,
  uniqueItems: true,
};

/** createWebhookEndpoint body (CONTRACT §10). */
export const createWebhookEndpointRequestSchema: JsonSchema = objectSchema(
  {
    url: webhookUrlSchema,
    description: { ...webhookDescriptionSchema, default: '' },
    events: webhookEventsSchema,
  },
  { optional: ['description'], closed: true },
);

/** updateWebhookEndpoint body: a non-empty subset of `url`, `description`, `events`. */
export const updateWebhookEndpointRequestSchema: JsonSchema = {
  ...objectSchema(
    { url: webhookUrlSchema, description: webhookDescriptionSchema, events: webhookEventsSchema },
    { optional: ['url', 'description', 'events'], closed: true },
  ),
  minProperties: 1,
};
