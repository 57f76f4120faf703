import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schemas/json-schema.js';

let shared: Ajv2020 | undefined;

/** The one ajv instance (draft 2020-12, all errors, formats, OpenAPI discriminator), made on first use. */
function getAjv(): Ajv2020 {
  if (shared === undefined) {
    shared = new Ajv2020({
      allErrors: true,
      discriminator: true,
      strict: true,
      allowUnionTypes: true,
      // `parentSchema` on errors, for details that name the fields an empty object lacks.
      verbose: true,
    });
    // ajv-formats is CommonJS; `default` is the plugin itself under every interop.
    addFormats.default(shared, ['date-time', 'uri']);
  }
  return shared;
}

const cache = new WeakMap<JsonSchema, ValidateFunction>();

/** Compiles a schema once (cached by identity) and validates `value` against it. */
export function runSchema(schema: JsonSchema, value: unknown): ErrorObject[] {
  let validate = cache.get(schema);
  if (validate === undefined) {
    validate = getAjv().compile(schema as object);
    cache.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []);
}
