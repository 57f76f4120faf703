import {
  COST_UNITS,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  PLUGIN_IDS,
  PLUGIN_KINDS,
  PLUGIN_STATUSES,
  SOURCE_TYPES,
  SURFACES,
} from '../enums.js';
import { enumSchema, objectSchema } from './common.js';
import type { JsonSchema } from './json-schema.js';

const positiveInteger: JsonSchema = { type: 'integer', exclusiveMinimum: 0 };

/** One plugin entry of the capabilities (all fields required). */
export const capabilityPluginSchema: JsonSchema = objectSchema({
  id: enumSchema(PLUGIN_IDS),
  kind: enumSchema(PLUGIN_KINDS),
  status: enumSchema(PLUGIN_STATUSES),
  canonical_identifier: { type: 'string', minLength: 3, maxLength: 100 },
  use_case: { type: 'string', minLength: 10, maxLength: 300 },
  media_types: { type: 'array', items: { type: 'string' } },
  output_formats: { type: 'array', items: enumSchema(OUTPUT_FORMATS) },
  cost_unit: enumSchema(COST_UNITS),
  limits: { type: 'object', additionalProperties: { type: 'number', minimum: 0 } },
  quality_threshold: { type: 'number', minimum: 0, maximum: 1 },
  surfaces: { type: 'array', items: enumSchema(SURFACES) },
});

/** getCapabilities response. */
export const capabilitiesSchema: JsonSchema = objectSchema(
  {
    api_version: { const: 'v1' },
    source_types: { type: 'array', items: enumSchema(SOURCE_TYPES) },
    file_media_types: { type: 'array', items: { type: 'string' } },
    output_profiles: { type: 'array', items: enumSchema(OUTPUT_PROFILES) },
    output_profile_descriptions: objectSchema(
      Object.fromEntries(OUTPUT_PROFILES.map((profile) => [profile, { type: 'string' }])),
      { description: 'Beyond the spec (additive): what each output profile is for, keyed by profile.' },
    ),
    output_formats: { type: 'array', items: enumSchema(OUTPUT_FORMATS) },
    languages: { type: 'array', items: { type: 'string' } },
    plugins: { type: 'array', items: capabilityPluginSchema },
    limits: objectSchema({
      maximum_file_bytes: positiveInteger,
      maximum_files_per_job: positiveInteger,
      maximum_text_characters: positiveInteger,
    }),
  },
  { optional: ['output_profile_descriptions'] },
);
