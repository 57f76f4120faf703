import { runSchema } from './internal/ajv-instance.js';
import { toClosedSchema } from './internal/closed-schema.js';
import { toFieldErrors } from './internal/to-field-errors.js';
import { RESOURCE_SCHEMAS, type ResourceName } from './schemas/registry.js';
import type { JsonSchema } from './schemas/json-schema.js';
import type { FieldError } from './wire-types.js';

/** Options of {@link validateResource}. */
export interface ValidateResourceOptions {
  /**
   * Also reject properties the contract does not define (default true). The published schemas
   * leave responses open for additive changes; tests of this server want to catch any drift, e.g.
   * a `secret` leaking into a listed endpoint.
   */
  strict?: boolean;
}

const closed = new Map<ResourceName, JsonSchema>();

/**
 * Validates a response body (or webhook envelope) against its contract schema; returns the field
 * errors (empty when it conforms). Meant for tests: every e2e test can check every body it reads.
 *
 * @example
 * expect(validateResource('Job', await response.json())).toEqual([]);
 */
export function validateResource(
  name: ResourceName,
  value: unknown,
  options: ValidateResourceOptions = {},
): FieldError[] {
  let schema: JsonSchema = RESOURCE_SCHEMAS[name];
  if (options.strict !== false) {
    const strictSchema = closed.get(name) ?? toClosedSchema(schema);
    closed.set(name, strictSchema);
    schema = strictSchema;
  }
  return toFieldErrors(runSchema(schema, value), value);
}
