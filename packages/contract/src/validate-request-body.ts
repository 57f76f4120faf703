import { runSchema } from './internal/ajv-instance.js';
import { textFieldErrors } from './internal/text-field-errors.js';
import { toFieldErrors } from './internal/to-field-errors.js';
import { REQUEST_BODY_SCHEMAS, type RequestBodyName, type RequestBodyTypes } from './schemas/registry.js';
import { TransmuteError } from './transmute-error.js';
import type { FieldError } from './wire-types.js';

/**
 * Validates a parsed JSON request body against its contract schema and returns CONTRACT §3 field
 * errors: one per invalid field, `field` a dotted path with bracket indices (`source.file_ids[2]`),
 * `code` a field error code (`required`, `invalid_type`, `unknown_field`, …). An empty array means
 * the body is valid. Defaults are not applied. Schemas are compiled once, on first use.
 *
 * For `CreateJobRequest`, a missing or unknown `source.type` yields exactly one error on
 * `source.type`; otherwise only the errors of the shape `source.type` selects are reported.
 * Errors about the body as a whole (not an object; an empty PATCH) use the field name `body`.
 *
 * A string field holding a NUL character or an unpaired UTF-16 surrogate is `invalid_value`
 * (`isStorableText`), in place of whatever else its value breaks: such a string can be
 * neither stored nor fingerprinted, so it must be refused before anything else looks at it.
 *
 * @example
 * const errors = validateRequestBody('CreateJobRequest', body);
 * if (errors.length > 0) {
 *   throw new TransmuteError('validation_failed', 'The request body is invalid.', { fieldErrors: errors });
 * }
 */
export function validateRequestBody(name: RequestBodyName, body: unknown): FieldError[] {
  const schema = REQUEST_BODY_SCHEMAS[name];
  const byField = new Map(toFieldErrors(runSchema(schema, body), body).map((error) => [error.field, error]));
  for (const error of textFieldErrors(schema, body)) byField.set(error.field, error);
  return [...byField.values()];
}

/**
 * Validates a request body and narrows its type, throwing a 422 `validation_failed`
 * {@link TransmuteError} carrying the field errors when it is invalid.
 *
 * @example
 * assertRequestBody('CreateJobOutputRequest', body);
 * await service.createJobOutput(caller, jobId, body); // body: CreateJobOutputRequest
 */
export function assertRequestBody<TName extends RequestBodyName>(
  name: TName,
  body: unknown,
): asserts body is RequestBodyTypes[TName] {
  const fieldErrors = validateRequestBody(name, body);
  if (fieldErrors.length === 0) return;
  const detail =
    fieldErrors.length === 1
      ? `The request has an invalid field: ${fieldErrors[0]?.field ?? ''}. ${fieldErrors[0]?.detail ?? ''}`
      : `The request has ${fieldErrors.length} invalid fields: ${fieldErrors.map((item) => item.field).join(', ')}.`;
  throw new TransmuteError('validation_failed', detail, { fieldErrors });
}
