import type { ApiOperation } from '../operation-table.js';
import { PATH_PARAMETERS, idPattern } from '../path-parameters.js';
import { MAX_CURSOR_LENGTH, QUERY_KINDS, type LimitBounds } from '../query-kinds.js';

const limitSchema = ({ min, max, default: fallback }: LimitBounds): unknown => ({
  type: 'integer',
  minimum: min,
  maximum: max,
  default: fallback,
});

function ref(name: string): { $ref: string } {
  return { $ref: `#/components/parameters/${name}` };
}

/** `components.parameters` of the document. */
export function componentParameters(): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const [name, { resource, component }] of Object.entries(PATH_PARAMETERS)) {
    parameters[component] = {
      name,
      in: 'path',
      required: true,
      description: `Identifier of the ${resource}. A malformed or foreign id answers 404 \`not_found\`.`,
      schema: { type: 'string', pattern: idPattern(name as keyof typeof PATH_PARAMETERS) },
    };
  }
  const key = (required: boolean): unknown => ({
    name: 'Idempotency-Key',
    in: 'header',
    required,
    description:
      'A bare token or an RFC 8941 quoted string; unquoted it must match `^[\\x21-\\x7E]{1,255}$`. ' +
      'Scoped to the account, kept 24 hours; a repeat with the same request replays the first response.',
    schema: { type: 'string', minLength: 1, maxLength: 257 },
  });
  parameters.IdempotencyKey = key(true);
  parameters.IdempotencyKeyOptional = key(false);
  parameters.Limit = {
    name: 'limit',
    in: 'query',
    description: 'Page size.',
    schema: limitSchema(QUERY_KINDS.list.limit),
  };
  parameters.Cursor = {
    name: 'cursor',
    in: 'query',
    description: 'Opaque cursor from `page.next_cursor` of the previous page (valid 72 hours).',
    schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
  };
  parameters.JobStatusFilter = {
    name: 'status',
    in: 'query',
    description: 'Only jobs in this status.',
    schema: { type: 'string', enum: QUERY_KINDS.listJobs.statuses },
  };
  parameters.DeliveryStatusFilter = {
    name: 'status',
    in: 'query',
    description: 'Only deliveries in this status.',
    schema: { type: 'string', enum: QUERY_KINDS.listWebhookDeliveries.statuses },
  };
  parameters.ContentLimit = {
    name: 'limit',
    in: 'query',
    description: 'Maximum characters of `data` in this page; a page ends on a record boundary.',
    schema: limitSchema(QUERY_KINDS.content.limit),
  };
  parameters.ContentCursor = {
    name: 'cursor',
    in: 'query',
    description: 'Opaque cursor from `page.next_cursor` of the previous content page.',
    schema: { type: 'string', minLength: 1, maxLength: MAX_CURSOR_LENGTH },
  };
  return parameters;
}

/** The parameter `$ref`s of an operation: path ids, idempotency header, query. */
export function operationParameters(operation: ApiOperation): unknown[] {
  const refs: unknown[] = [];
  for (const name of operation.pathParams) refs.push(ref(PATH_PARAMETERS[name].component));
  if (operation.idempotencyKey === 'required') refs.push(ref('IdempotencyKey'));
  if (operation.idempotencyKey === 'optional') refs.push(ref('IdempotencyKeyOptional'));
  switch (operation.query) {
    case 'none':
      break;
    case 'list':
      refs.push(ref('Limit'), ref('Cursor'));
      break;
    case 'listJobs':
      refs.push(ref('Limit'), ref('Cursor'), ref('JobStatusFilter'));
      break;
    case 'listWebhookDeliveries':
      refs.push(ref('Limit'), ref('Cursor'), ref('DeliveryStatusFilter'));
      break;
    case 'content':
      refs.push(ref('ContentLimit'), ref('ContentCursor'));
      break;
  }
  return refs;
}
