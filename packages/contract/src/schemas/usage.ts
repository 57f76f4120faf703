import { ACCOUNT_STATUSES, PLANS, USAGE_UNITS } from '../enums.js';
import {
  countSchema,
  enumSchema,
  objectSchema,
  quantitySchema,
  timestampSchema,
  warningsSchema,
} from './common.js';
import type { JsonSchema } from './json-schema.js';

/** Usage of the current billing period. */
export const usageSchema: JsonSchema = objectSchema({
  period_start: timestampSchema,
  period_end: timestampSchema,
  jobs_created: countSchema,
  input_bytes: countSchema,
  output_bytes: countSchema,
  plan: enumSchema(PLANS),
  account_status: enumSchema(ACCOUNT_STATUSES),
  units: {
    type: 'array',
    items: objectSchema({
      unit: enumSchema(USAGE_UNITS),
      estimated: quantitySchema,
      pending: quantitySchema,
      finalized: quantitySchema,
      credited: quantitySchema,
      billable: quantitySchema,
    }),
  },
  costs: objectSchema({
    currency: { const: 'USD' },
    provider_cost_microusd: countSchema,
    internal_cost_microusd: countSchema,
    billable_cost_microusd: countSchema,
    credits_microusd: countSchema,
    refunds_microusd: countSchema,
    net_due_microusd: countSchema,
  }),
  warnings: warningsSchema,
  limits: objectSchema({
    jobs: countSchema,
    input_bytes: countSchema,
    concurrency: { type: 'integer', exclusiveMinimum: 0 },
    spend_cap_microusd: { type: ['integer', 'null'], minimum: 0 },
  }),
});
