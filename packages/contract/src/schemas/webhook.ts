import { EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_STATUSES } from '../enums.js';
import {
  countSchema,
  enumSchema,
  idSchema,
  nullableTimestampSchema,
  objectSchema,
  timestampSchema,
  uriSchema,
} from './common.js';
import type { JsonSchema } from './json-schema.js';

const endpointProperties = {
  id: idSchema('webhookEndpoint'),
  url: uriSchema,
  description: { type: 'string', maxLength: 200 },
  events: { type: 'array', items: enumSchema(EVENT_TYPES), minItems: 1, maxItems: 14, uniqueItems: true },
  status: enumSchema(WEBHOOK_ENDPOINT_STATUSES),
  secret_last_four: { type: 'string', minLength: 4, maxLength: 4 },
  created_at: timestampSchema,
  updated_at: timestampSchema,
} as const satisfies Record<string, JsonSchema>;

const secretSchema: JsonSchema = {
  type: 'string',
  pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
  description: 'Signing secret: `whsec_` + base64 of 24 random bytes. Shown only on create and rotate.',
};

/** Webhook endpoint resource: all eight fields, never the full secret. */
export const webhookEndpointSchema: JsonSchema = objectSchema(endpointProperties);

/** createWebhookEndpoint response: the endpoint plus its one-time full `secret`. */
export const webhookEndpointWithSecretSchema: JsonSchema = objectSchema({
  ...endpointProperties,
  secret: secretSchema,
});

/** rotateWebhookEndpointSecret response. */
export const rotatedWebhookEndpointSchema: JsonSchema = objectSchema({
  ...endpointProperties,
  secret: secretSchema,
  previous_secret_expires_at: {
    ...nullableTimestampSchema,
    description: 'Until when the previous secret also signs; null when it was dropped at once.',
  },
});

/** Webhook delivery resource (redacted): all twelve fields always present. */
export const webhookDeliverySchema: JsonSchema = objectSchema({
  id: idSchema('webhookDelivery'),
  event_id: idSchema('event'),
  endpoint_id: idSchema('webhookEndpoint'),
  event_type: enumSchema(EVENT_TYPES),
  status: enumSchema(WEBHOOK_DELIVERY_STATUSES),
  attempts: countSchema,
  response_status: { type: ['integer', 'null'], minimum: 100, maximum: 599 },
  response_preview: { type: ['string', 'null'], maxLength: 512 },
  last_error_code: { type: ['string', 'null'], maxLength: 100 },
  next_attempt_at: nullableTimestampSchema,
  created_at: timestampSchema,
  completed_at: nullableTimestampSchema,
});

/** Webhook event envelope (CONTRACT §10), the body of every delivery. */
export const eventEnvelopeSchema: JsonSchema = objectSchema(
  {
    id: idSchema('event'),
    type: enumSchema(EVENT_TYPES),
    timestamp: timestampSchema,
    api_version: { const: 'v1' },
    data: objectSchema({
      object: { type: 'object', description: 'The resource as its GET returns it at event time.' },
    }),
    test: { const: true, description: 'Present on testWebhookEndpoint events only.' },
  },
  { optional: ['test'] },
);
