import { SOURCE_TYPES, SPEC_LIMITS } from '../enums.js';
import { idSchema, languageSchema, objectSchema, uriSchema } from './common.js';
import type { JsonSchema } from './json-schema.js';

/** Source of type `text`: inline text. */
export const textSourceSchema: JsonSchema = objectSchema(
  {
    type: { const: 'text' },
    content: { type: 'string', minLength: 1, maxLength: SPEC_LIMITS.maximumTextCharacters },
    title: { type: 'string', minLength: 1, maxLength: 300 },
    source_url: uriSchema,
  },
  { optional: ['title', 'source_url'], closed: true, description: 'Inline text.' },
);

/** `resolver_preferences` of a URL source. */
export const resolverPreferencesSchema: JsonSchema = objectSchema(
  {
    allow_audio_transcription: { type: 'boolean', default: false },
    preferred_language: languageSchema,
  },
  { optional: ['allow_audio_transcription', 'preferred_language'], closed: true },
);

/** Source of type `url`: a web address. */
export const urlSourceSchema: JsonSchema = objectSchema(
  { type: { const: 'url' }, url: uriSchema, resolver_preferences: resolverPreferencesSchema },
  { optional: ['resolver_preferences'], closed: true, description: 'A web address.' },
);

/** Source of type `files`: previously uploaded files of the account. */
export const filesSourceSchema: JsonSchema = objectSchema(
  {
    type: { const: 'files' },
    file_ids: {
      type: 'array',
      items: idSchema('file'),
      minItems: 1,
      maxItems: SPEC_LIMITS.maximumFilesPerJob,
    },
  },
  { closed: true, description: 'Previously uploaded files of the calling account.' },
);

/**
 * Source of a job, discriminated by `type`. The `discriminator` keyword makes ajv validate only the
 * shape `type` names (no oneOf noise) and is also the OpenAPI 3.1 discriminator.
 */
export const sourceSchema: JsonSchema = {
  type: 'object',
  description: 'One of three shapes, selected by `type`.',
  discriminator: { propertyName: 'type' },
  properties: { type: { type: 'string', enum: SOURCE_TYPES } },
  required: ['type'],
  oneOf: [textSourceSchema, urlSourceSchema, filesSourceSchema],
};
