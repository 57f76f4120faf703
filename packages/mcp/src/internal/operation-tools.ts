import {
  MAX_CURSOR_LENGTH,
  PATH_PARAMETERS,
  QUERY_KINDS,
  REQUEST_BODY_SCHEMAS,
  TransmuteError,
  type ApiOperation,
  type JsonSchema,
} from '@transmute/contract';
import { API_OPERATIONS } from '@transmute/contract/operations';
import type { OperationCall } from '../api-caller.js';
import type { ToolDefinition } from './tool-definition.js';
import { jsonResult } from './tool-result.js';
import { isOfferedOperation } from './tool-sets.js';

/** The query parameters of an operation's query kind, as JSON Schema properties. */
function queryProperties(operation: ApiOperation): Record<string, JsonSchema> {
  const kind = QUERY_KINDS[operation.query];
  if (kind === null) return {};
  const { min, max, default: fallback } = kind.limit;
  const properties: Record<string, JsonSchema> = {
    limit: { type: 'integer', minimum: min, maximum: max, default: fallback, description: 'Page size.' },
    cursor: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_CURSOR_LENGTH,
      description: 'Opaque cursor from `page.next_cursor` of the previous page.',
    },
  };
  if (kind.statuses !== null) {
    properties.status = { type: 'string', enum: kind.statuses, description: 'Only items in this status.' };
  }
  return properties;
}

/** The tool's input: the path parameters, the query parameters and, as `body`, the request body schema. */
export function operationInputSchema(operation: ApiOperation): ToolDefinition['inputSchema'] {
  const properties: Record<string, JsonSchema> = {};
  for (const name of operation.pathParams) {
    properties[name] = {
      type: 'string',
      description: `Identifier of the ${PATH_PARAMETERS[name].resource}.`,
    };
  }
  Object.assign(properties, queryProperties(operation));
  const required: string[] = [...operation.pathParams];
  if (operation.requestBody !== null) {
    properties.body = REQUEST_BODY_SCHEMAS[operation.requestBody.schema];
    required.push('body');
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Splits the tool's arguments into the operation's path, query and body. */
function toOperationCall(operation: ApiOperation, args: Readonly<Record<string, unknown>>): OperationCall {
  const path: Record<string, string> = {};
  for (const name of operation.pathParams) {
    const value = args[name];
    if (typeof value !== 'string' || value === '') {
      const detail = `${name} must be a non-empty string.`;
      throw new TransmuteError('invalid_parameter', detail, {
        fieldErrors: [{ field: name, code: 'required', detail }],
      });
    }
    path[name] = value;
  }
  const query: Record<string, string | number> = {};
  for (const name of Object.keys(queryProperties(operation))) {
    const value = args[name];
    if (typeof value === 'string' || typeof value === 'number') query[name] = value;
  }
  return { path, query, ...(operation.requestBody === null ? {} : { body: args.body }) };
}

/** The description: the summary, the route, and what a success answers (beyond a bare "OK."). */
function describe(operation: ApiOperation): string {
  const answers = operation.responses
    .map((response) => response.description)
    .filter((description) => description !== 'OK.');
  return [`${operation.summary}.`, `${operation.method} ${operation.path}.`, ...answers].join(' ');
}

/**
 * One tool per operation of the contract's table (with `adminTools`; else only the default set of
 * `tool-sets.ts`), in the table's order: the operation id as the name, its summary as the
 * description, its path parameters, query and request body schema as the input. The API validates
 * the arguments, so a bad one answers the API's problem (`validation_failed`, …) as a tool error.
 */
export function operationTools(options: { adminTools: boolean }): ToolDefinition[] {
  const offered = API_OPERATIONS.filter((operation) =>
    isOfferedOperation(operation.operationId, options.adminTools),
  );
  return offered.map((operation) => ({
    name: operation.operationId,
    title: operation.summary,
    description: describe(operation),
    inputSchema: operationInputSchema(operation),
    annotations: {
      readOnlyHint: operation.method === 'GET',
      destructiveHint: operation.method === 'DELETE',
      idempotentHint: operation.method !== 'POST',
      openWorldHint: false,
    },
    async run(args, context) {
      const call = toOperationCall(operation, args);
      return jsonResult(await context.api.call(operation.operationId, call, context.signal));
    },
  }));
}
