/**
 * Renders `transmute/_models.py` of the Python client from the contract's OpenAPI document (the one
 * `packages/contract` builds and publishes): a `Literal` alias per named enumeration of the contract,
 * one TypedDict per component schema (nested objects get their own, named after their place), a
 * `Union` for the `oneOf` source, the contract's status groups (`TERMINAL_JOB_STATUSES`, …) as
 * frozensets, and `OPERATIONS`: method, path and `Idempotency-Key` use per
 * operation id. Python ≥ 3.9: TypedDicts in their functional form (a key may be a Python keyword),
 * required and optional keys in two bases, references as forward-reference strings.
 */
import { fileURLToPath } from 'node:url';
import {
  ACCOUNT_STATUSES,
  ACTIVE_JOB_STATUSES,
  buildOpenApiDocument,
  CONTRACT_VERSION,
  COST_UNITS,
  EVENT_TYPES,
  FIELD_ERROR_CODES,
  FILE_STATUSES,
  JOB_STAGES,
  JOB_STATUSES,
  OUTPUT_FORMATS,
  OUTPUT_PROFILES,
  OUTPUT_STATUSES,
  PLANS,
  PLUGIN_IDS,
  PLUGIN_KINDS,
  PLUGIN_STATUSES,
  READ_ONLY_ACCOUNT_STATUSES,
  RETENTION_CLASSES,
  SETTLED_OUTPUT_STATUSES,
  SOURCE_TYPES,
  SURFACES,
  TERMINAL_JOB_STATUSES,
  UNSETTLED_FILE_STATUSES,
  USAGE_UNITS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
} from '../../packages/contract/src/index.js';

/** The generated module of the Python client. */
export const PYTHON_MODELS_PATH = fileURLToPath(
  new URL('../../packages/client-python/transmute/_models.py', import.meta.url),
);

/** The contract's enumerations under their TypeScript type names; an enum equal to one is named after it. */
const NAMED_ENUMS: Record<string, readonly string[]> = {
  SourceType: SOURCE_TYPES,
  OutputFormat: OUTPUT_FORMATS,
  OutputProfile: OUTPUT_PROFILES,
  RetentionClass: RETENTION_CLASSES,
  UsageUnit: USAGE_UNITS,
  EventType: EVENT_TYPES,
  JobStage: JOB_STAGES,
  FileStatus: FILE_STATUSES,
  JobStatus: JOB_STATUSES,
  OutputStatus: OUTPUT_STATUSES,
  WebhookEndpointStatus: WEBHOOK_ENDPOINT_STATUSES,
  WebhookDeliveryStatus: WEBHOOK_DELIVERY_STATUSES,
  Plan: PLANS,
  AccountStatus: ACCOUNT_STATUSES,
  PluginId: PLUGIN_IDS,
  PluginKind: PLUGIN_KINDS,
  PluginStatus: PLUGIN_STATUSES,
  CostUnit: COST_UNITS,
  Surface: SURFACES,
  FieldErrorCode: FIELD_ERROR_CODES,
};

interface Schema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  description?: string;
}

const enumKey = (values: readonly unknown[]): string => JSON.stringify([...values].map(String).sort());
const ENUM_NAMES = new Map(Object.entries(NAMED_ENUMS).map(([name, values]) => [enumKey(values), name]));

const pascal = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** A JSON value as a Python literal. */
const literal = (value: unknown): string => {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value);
};

/** Renders TypedDicts, collecting the nested ones before the schema that uses them. */
class Renderer {
  readonly blocks: string[] = [];

  /** The Python type of `schema`, found at `place` (the name a nested object would get). */
  typeOf(schema: Schema, place: string): string {
    if (schema.$ref !== undefined) return literal(schema.$ref.split('/').at(-1) ?? '');
    if (schema.const !== undefined) return `Literal[${literal(schema.const)}]`;
    if (schema.oneOf !== undefined)
      return `Union[${schema.oneOf.map((one, index) => this.typeOf(one, `${place}${String(index)}`)).join(', ')}]`;
    if (schema.enum !== undefined) {
      return ENUM_NAMES.get(enumKey(schema.enum)) ?? `Literal[${schema.enum.map(literal).join(', ')}]`;
    }
    const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
    const nullable = types.includes('null');
    const base = types.filter((type) => type !== 'null')[0] ?? 'object';
    const rendered = this.baseType(base, schema, place);
    return nullable ? `Optional[${rendered}]` : rendered;
  }

  private baseType(type: string, schema: Schema, place: string): string {
    switch (type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'array':
        return `List[${schema.items === undefined ? 'Any' : this.typeOf(schema.items, `${place}Item`)}]`;
      default:
        if (schema.properties !== undefined && Object.keys(schema.properties).length > 0) {
          this.typedDict(place, schema);
          return literal(place);
        }
        if (typeof schema.additionalProperties === 'object')
          return `Dict[str, ${this.typeOf(schema.additionalProperties, `${place}Value`)}]`;
        return 'Dict[str, Any]';
    }
  }

  /** `_NameRequired` / `_NameOptional` in functional form, and `Name` inheriting both. */
  typedDict(name: string, schema: Schema): void {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(
      ([key, property]) => [key, this.typeOf(property, name + pascal(key))] as const,
    );
    const dict = (pairs: (readonly [string, string])[]): string =>
      `{\n${pairs.map(([key, type]) => `    ${literal(key)}: ${type},\n`).join('')}}`;
    const bases: string[] = [];
    const lines: string[] = [];
    for (const [suffix, total] of [
      ['Required', true],
      ['Optional', false],
    ] as const) {
      const pairs = fields.filter(([key]) => required.has(key) === total);
      if (pairs.length === 0) continue;
      const baseName = `_${name}${suffix}`;
      bases.push(baseName);
      lines.push(
        `${baseName} = TypedDict(${literal(baseName)}, ${dict(pairs)}${total ? '' : ', total=False'})`,
      );
    }
    if (bases.length === 0) bases.push('TypedDict');
    const doc = (schema.description ?? `The \`${name}\` object of the contract.`).replace(/"""/g, "'''");
    lines.push(`class ${name}(${bases.join(', ')}):\n    """${doc}"""`);
    this.blocks.push(lines.join('\n\n'));
  }
}

interface OperationObject {
  operationId: string;
  parameters?: { $ref?: string }[];
}

function renderOperations(paths: Record<string, Record<string, unknown>>): string {
  const rows = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, value]) => {
      const operation = value as OperationObject;
      const idempotent = (operation.parameters ?? []).some((parameter) =>
        (parameter.$ref ?? '').includes('/IdempotencyKey'),
      );
      return `    ${literal(operation.operationId)}: Operation(${literal(method.toUpperCase())}, ${literal(path)}, ${idempotent ? 'True' : 'False'}),`;
    }),
  );
  return `OPERATIONS: Dict[str, Operation] = {\n${rows.join('\n')}\n}`;
}

/** The contract's status groups (status-groups.ts): name, the enumeration its values are of, what it means. */
const STATUS_GROUPS: readonly (readonly [string, string, readonly string[], string])[] = [
  [
    'TERMINAL_JOB_STATUSES',
    'JobStatus',
    TERMINAL_JOB_STATUSES,
    'Job statuses after which nothing changes any more.',
  ],
  ['ACTIVE_JOB_STATUSES', 'JobStatus', ACTIVE_JOB_STATUSES, 'Job statuses of a job still at work.'],
  [
    'SETTLED_OUTPUT_STATUSES',
    'OutputStatus',
    SETTLED_OUTPUT_STATUSES,
    'Output statuses after which an output changes no more.',
  ],
  [
    'UNSETTLED_FILE_STATUSES',
    'FileStatus',
    UNSETTLED_FILE_STATUSES,
    'File statuses between the uploaded bytes and the verdict.',
  ],
  [
    'READ_ONLY_ACCOUNT_STATUSES',
    'AccountStatus',
    READ_ONLY_ACCOUNT_STATUSES,
    'Account statuses in which an account may only read.',
  ],
];

/** The status groups as typed frozensets, each with its meaning as a `#:` comment. */
export function renderStatusGroups(): string {
  return STATUS_GROUPS.map(
    ([name, type, values, meaning]) =>
      `#: ${meaning}\n${name}: FrozenSet[${type}] = frozenset({${values.map(literal).join(', ')}})`,
  ).join('\n\n');
}

/** The whole module, as the generator writes it. */
export function renderPythonModels(): string {
  const document = buildOpenApiDocument();
  const renderer = new Renderer();
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const object = schema as Schema;
    if (object.oneOf !== undefined) {
      renderer.blocks.push(`${name} = ${renderer.typeOf({ oneOf: object.oneOf }, name)}`);
    } else {
      renderer.typedDict(name, object);
    }
  }
  const names = [
    ...Object.keys(NAMED_ENUMS),
    ...Object.keys(document.components.schemas),
    ...STATUS_GROUPS.map(([name]) => name),
    'Operation',
    'OPERATIONS',
  ];
  const enums = Object.entries(NAMED_ENUMS).map(
    ([name, values]) => `${name} = Literal[${values.map(literal).join(', ')}]`,
  );
  return `${[
    `"""Typed models of the Transmute v1 API (contract ${CONTRACT_VERSION}).

Generated by scripts/generate-python-models.ts from the contract's OpenAPI document: do not edit.
"""`,
    'from typing import Any, Dict, FrozenSet, List, Literal, NamedTuple, Optional, TypedDict, Union',
    ...enums,
    renderStatusGroups(),
    ...renderer.blocks,
    `class Operation(NamedTuple):
    """How one operation is called: HTTP method, path template, and whether it takes Idempotency-Key."""

    method: str
    path: str
    idempotency_key: bool`,
    renderOperations(document.paths),
    `__all__ = [\n${names.map((name) => `    ${literal(name)},\n`).join('')}]`,
  ].join('\n\n\n')}\n`;
}
