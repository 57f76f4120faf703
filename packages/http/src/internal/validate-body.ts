import { TransmuteError, validateRequestBody, type RequestBodyName } from '@transmute/contract';

/** Schema validation of a parsed body: 422 `validation_failed` with one field error per bad field. */
export function validateBody(schema: RequestBodyName, body: unknown): void {
  const fieldErrors = validateRequestBody(schema, body);
  if (fieldErrors.length === 0) return;
  const detail =
    fieldErrors.length === 1
      ? `The request has an invalid field: ${fieldErrors[0]?.field ?? ''}.`
      : `The request has ${fieldErrors.length} invalid fields: ${fieldErrors.map((item) => item.field).join(', ')}.`;
  throw new TransmuteError('validation_failed', detail, { fieldErrors });
}
