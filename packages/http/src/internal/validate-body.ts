import { TransmuteError, validateRequestBody } from '@transmute/contract';
import type { OperationId } from './routes.js';

/** The contract's request body schema of each operation that takes a body. */
const BODY_SCHEMAS = {
  createUploadIntent: 'CreateUploadIntentRequest',
  completeFileUpload: 'CompleteUploadRequest',
  createJob: 'CreateJobRequest',
  createJobOutput: 'CreateJobOutputRequest',
  createWebhookEndpoint: 'CreateWebhookEndpointRequest',
  updateWebhookEndpoint: 'UpdateWebhookEndpointRequest',
} as const satisfies Partial<Record<OperationId, string>>;

type BodySchemaName = (typeof BODY_SCHEMAS)[keyof typeof BODY_SCHEMAS];

/** Schema validation of a parsed body: 422 `validation_failed` with one field error per bad field. */
export function validateBody(operation: OperationId, body: unknown): void {
  const name = (BODY_SCHEMAS as Partial<Record<OperationId, BodySchemaName>>)[operation];
  if (name === undefined) return;
  const fieldErrors = validateRequestBody(name, body);
  if (fieldErrors.length === 0) return;
  const detail =
    fieldErrors.length === 1
      ? `The request has an invalid field: ${fieldErrors[0]?.field ?? ''}.`
      : `The request has ${fieldErrors.length} invalid fields: ${fieldErrors.map((item) => item.field).join(', ')}.`;
  throw new TransmuteError('validation_failed', detail, { fieldErrors });
}
