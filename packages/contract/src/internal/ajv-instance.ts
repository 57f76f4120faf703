import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv/dist/2020.js';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type AjvFormats from 'ajv-formats';
import type { JsonSchema } from '../schemas/json-schema.js';

let shared: Ajv2020 | undefined;

/** The one ajv instance (draft 2020-12, all errors, formats, OpenAPI discriminator), made on first use. */
function getAjv(): Ajv2020 {
  if (shared === undefined) {
    // Required on first validation, not imported: ajv is ~90 CommonJS modules that every importer of the
    // contract would load (`transmute convert` never validates a request).
    const require = createRequire(import.meta.url);
    const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof AjvModule;
    const addFormats = require('ajv-formats') as typeof AjvFormats;
    shared = new Ajv({
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
