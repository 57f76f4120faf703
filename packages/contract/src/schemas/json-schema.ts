/** A JSON value, as JSON Schema's `const`, `enum`, `default` and `examples` hold them. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The `type` names of JSON Schema. */
export type JsonSchemaTypeName = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/**
 * The subset of JSON Schema draft 2020-12 the contract's schemas use. Every schema of this package is
 * a plain JSON value typed by this interface, so the same objects feed ajv and the OpenAPI document.
 * `discriminator` is the OpenAPI keyword that ajv also understands (option `discriminator: true`).
 */
export interface JsonSchema {
  readonly $schema?: string;
  readonly $id?: string;
  readonly $ref?: string;
  readonly title?: string;
  readonly description?: string;
  readonly type?: JsonSchemaTypeName | readonly JsonSchemaTypeName[];
  readonly properties?: { readonly [name: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly minProperties?: number;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly enum?: readonly JsonValue[];
  readonly const?: JsonValue;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: 'date-time' | 'uri';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly discriminator?: {
    readonly propertyName: string;
    readonly mapping?: { readonly [value: string]: string };
  };
  readonly default?: JsonValue;
  readonly examples?: readonly JsonValue[];
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
}
