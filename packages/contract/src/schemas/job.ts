import { JOB_STAGES, JOB_STATUSES, SOURCE_TYPES, USAGE_UNITS } from '../enums.js';
import {
  countSchema,
  enumSchema,
  idSchema,
  nullableTimestampSchema,
  objectSchema,
  quantitySchema,
  timestampSchema,
  warningsSchema,
} from './common.js';
import type { JsonSchema } from './json-schema.js';

/** Job `progress`: all three fields required. */
export const jobProgressSchema: JsonSchema = objectSchema({
  stage: { type: ['string', 'null'], enum: [...JOB_STAGES, null] },
  percent: { type: 'number', minimum: 0, maximum: 100 },
  detail: { type: ['string', 'null'] },
});

/** Job `usage_estimate`: all four fields required when present. */
export const usageEstimateSchema: JsonSchema = objectSchema({
  quantities: {
    type: 'array',
    items: objectSchema({ unit: enumSchema(USAGE_UNITS), quantity: quantitySchema }),
  },
  estimated_cost_microusd: countSchema,
  currency: { const: 'USD' },
  confidence: enumSchema(['low', 'medium', 'high']),
});

/** Job resource. */
export const jobSchema: JsonSchema = objectSchema(
  {
    id: idSchema('job'),
    status: enumSchema(JOB_STATUSES),
    progress: jobProgressSchema,
    source_type: enumSchema(SOURCE_TYPES),
    output_ids: { type: 'array', items: idSchema('output') },
    warnings: warningsSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
    expires_at: nullableTimestampSchema,
    usage_estimate: usageEstimateSchema,
  },
  { optional: ['usage_estimate'] },
);
