import type { ApiErrorCode } from './error-catalogue.js';
import type { PathParameterName } from './path-parameters.js';
import type { QueryKind } from './query-kinds.js';
import type { RequestBodyName, RequestBodyTypes, ResourceName, ResourceTypes } from './schemas/registry.js';

/** HTTP methods of the v1 operations. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Whether an operation takes `Idempotency-Key` (CONTRACT §5). */
export type IdempotencyRequirement = 'required' | 'optional' | 'none';

/** One success response of an operation (CONTRACT §2). */
export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  /** Body schema; null for 204. */
  body: ResourceName | null;
  description: string;
}

/** The JSON body an operation takes: its schema and which byte limit applies (CONTRACT §1). */
export interface RequestBody {
  schema: RequestBodyName;
  /** `createJob`: 16 MiB; `default`: 64 KiB. */
  limit: 'createJob' | 'default';
}

/** Where `Location` of a 201 points: the get operation of the created resource and the body field with its id. */
export interface LocationRule {
  /** An operation id (checked against the table by the type of {@link locationOf}). */
  operation: string;
  /** The field of the response body that holds the new resource's id. */
  field: string;
}

/** One row of the operation table. */
export interface OperationDefinition {
  method: HttpMethod;
  /** Path template with `{param}` placeholders, starting with `/v1`. */
  path: string;
  summary: string;
  requestBody: RequestBody | null;
  query: QueryKind;
  /** `required` on the four create* operations; `optional` (honoured) on other POST/PATCH. */
  idempotencyKey: IdempotencyRequirement;
  /** The success responses; where there are two, the first answers a change and the second a no-op. */
  responses: readonly SuccessResponse[];
  /** For 201 answers: how `Location` is built. */
  location: LocationRule | null;
  /** Error codes specific to this operation, beyond those every operation of its kind can return. */
  errors: readonly ApiErrorCode[];
}

// Generic so that each row keeps its schema names as literal types (the client's types derive from them).
const ok = <B extends ResourceName>(body: B, description = 'OK.') =>
  ({ status: 200, body, description }) as const;
const created = <B extends ResourceName>(body: B, description: string) =>
  ({ status: 201, body, description }) as const;
const accepted = <B extends ResourceName>(body: B, description: string) =>
  ({ status: 202, body, description }) as const;
const noContent = { status: 204, body: null, description: 'Deleted; no body.' } as const;
const body = <S extends RequestBodyName, L extends RequestBody['limit'] = 'default'>(
  schema: S,
  limit: L = 'default' as L,
) => ({ schema, limit }) as const;

/**
 * The 25 operations of the v1 API (spec "Endpoints" + CONTRACT §1–§6), keyed by operation id, in
 * the spec's order. The one table: the HTTP router, body validation, the client, the OpenAPI
 * document and ERRORS.md are all built from it.
 */
export const OPERATIONS = {
  getCapabilities: {
    method: 'GET',
    path: '/v1/capabilities',
    summary: 'Describe supported sources, outputs, languages and limits',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [ok('Capabilities')],
    location: null,
    errors: [],
  },
  createUploadIntent: {
    method: 'POST',
    path: '/v1/upload-intents',
    summary: 'Create a direct-upload intent',
    requestBody: body('CreateUploadIntentRequest'),
    query: 'none',
    idempotencyKey: 'required',
    responses: [created('UploadIntent', 'Intent created; `Location` names the file.')],
    location: { operation: 'getFile', field: 'file_id' },
    errors: ['quota_exceeded'],
  },
  getFile: {
    method: 'GET',
    path: '/v1/files/{file_id}',
    summary: 'Get an account-owned file',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [ok('File')],
    location: null,
    errors: [],
  },
  deleteFile: {
    method: 'DELETE',
    path: '/v1/files/{file_id}',
    summary: 'Delete an account-owned file',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [noContent],
    location: null,
    errors: [],
  },
  completeFileUpload: {
    method: 'POST',
    path: '/v1/files/{file_id}/complete',
    summary: 'Confirm a direct upload and start validation',
    requestBody: body('CompleteUploadRequest'),
    query: 'none',
    idempotencyKey: 'optional',
    responses: [
      accepted('File', 'Validation started; the file is `validating`.'),
      ok('File', 'The file was already past `pending_upload`; returned as it is.'),
    ],
    location: null,
    errors: ['upload_not_received', 'upload_expired', 'upload_mismatch'],
  },
  listJobs: {
    method: 'GET',
    path: '/v1/jobs',
    summary: 'List jobs with cursor pagination',
    requestBody: null,
    query: 'listJobs',
    idempotencyKey: 'none',
    responses: [ok('JobList')],
    location: null,
    errors: [],
  },
  createJob: {
    method: 'POST',
    path: '/v1/jobs',
    summary: 'Create a durable conversion job',
    requestBody: body('CreateJobRequest', 'createJob'),
    query: 'none',
    idempotencyKey: 'required',
    responses: [created('Job', 'Job created with its first output; `Location` names the job.')],
    location: { operation: 'getJob', field: 'id' },
    errors: ['quota_exceeded'],
  },
  getJob: {
    method: 'GET',
    path: '/v1/jobs/{job_id}',
    summary: 'Get job status and progress',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [ok('Job')],
    location: null,
    errors: [],
  },
  deleteJob: {
    method: 'DELETE',
    path: '/v1/jobs/{job_id}',
    summary: 'Delete a terminal job and its outputs',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [noContent],
    location: null,
    errors: ['job_not_terminal'],
  },
  cancelJob: {
    method: 'POST',
    path: '/v1/jobs/{job_id}/cancel',
    summary: 'Request cooperative cancellation',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [
      accepted('Job', 'The state changed (`queued` → `canceled`, `processing` → `canceling`).'),
      ok('Job', 'The job was already `canceling` or `canceled`.'),
    ],
    location: null,
    errors: ['job_not_cancelable'],
  },
  listJobOutputs: {
    method: 'GET',
    path: '/v1/jobs/{job_id}/outputs',
    summary: 'List outputs of a job',
    requestBody: null,
    query: 'list',
    idempotencyKey: 'none',
    responses: [ok('OutputList')],
    location: null,
    errors: [],
  },
  createJobOutput: {
    method: 'POST',
    path: '/v1/jobs/{job_id}/outputs',
    summary: 'Create another output from an existing job',
    requestBody: body('CreateJobOutputRequest'),
    query: 'none',
    idempotencyKey: 'required',
    responses: [created('Output', 'Output created; `Location` names it.')],
    location: { operation: 'getOutput', field: 'id' },
    errors: ['job_not_renderable', 'quota_exceeded'],
  },
  getOutput: {
    method: 'GET',
    path: '/v1/outputs/{output_id}',
    summary: 'Get output metadata and artifact manifest',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [ok('Output')],
    location: null,
    errors: [],
  },
  getOutputContent: {
    method: 'GET',
    path: '/v1/outputs/{output_id}/content',
    summary: 'Read output content page by page using an optional opaque cursor',
    requestBody: null,
    query: 'content',
    idempotencyKey: 'none',
    responses: [ok('OutputContentPage')],
    location: null,
    errors: ['output_not_ready', 'content_not_paginable', 'stored_data_missing'],
  },
  getUsage: {
    method: 'GET',
    path: '/v1/usage',
    summary: 'Get usage for the current billing period',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [ok('Usage')],
    location: null,
    errors: [],
  },
  listWebhookEndpoints: {
    method: 'GET',
    path: '/v1/webhook-endpoints',
    summary: 'List registered endpoints',
    requestBody: null,
    query: 'list',
    idempotencyKey: 'none',
    responses: [ok('WebhookEndpointList')],
    location: null,
    errors: [],
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/v1/webhook-endpoints',
    summary: 'Register a signed endpoint',
    requestBody: body('CreateWebhookEndpointRequest'),
    query: 'none',
    idempotencyKey: 'required',
    responses: [
      created(
        'WebhookEndpointWithSecret',
        'Endpoint created; the only response besides rotation with the full secret.',
      ),
    ],
    location: { operation: 'updateWebhookEndpoint', field: 'id' },
    errors: [],
  },
  updateWebhookEndpoint: {
    method: 'PATCH',
    path: '/v1/webhook-endpoints/{endpoint_id}',
    summary: 'Update URL, description or event subscriptions',
    requestBody: body('UpdateWebhookEndpointRequest'),
    query: 'none',
    idempotencyKey: 'optional',
    responses: [ok('WebhookEndpoint')],
    location: null,
    errors: [],
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: '/v1/webhook-endpoints/{endpoint_id}',
    summary: 'Delete an endpoint',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'none',
    responses: [noContent],
    location: null,
    errors: [],
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/v1/webhook-endpoints/{endpoint_id}/deliveries',
    summary: 'List redacted delivery attempts',
    requestBody: null,
    query: 'listWebhookDeliveries',
    idempotencyKey: 'none',
    responses: [ok('WebhookDeliveryList')],
    location: null,
    errors: [],
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay',
    summary: 'Replay a dead-lettered delivery with the same event id',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [accepted('WebhookDelivery', 'The delivery is queued for one manual attempt.')],
    location: null,
    errors: ['delivery_not_dead_lettered'],
  },
  pauseWebhookEndpoint: {
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/pause',
    summary: 'Pause delivery',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [ok('WebhookEndpoint')],
    location: null,
    errors: [],
  },
  resumeWebhookEndpoint: {
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/resume',
    summary: 'Resume delivery',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [ok('WebhookEndpoint')],
    location: null,
    errors: [],
  },
  rotateWebhookEndpointSecret: {
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/rotate-secret',
    summary: 'Rotate the endpoint signing secret',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [
      ok(
        'RotatedWebhookEndpoint',
        'The new secret; the previous one signs until `previous_secret_expires_at`.',
      ),
    ],
    location: null,
    errors: [],
  },
  testWebhookEndpoint: {
    method: 'POST',
    path: '/v1/webhook-endpoints/{endpoint_id}/test',
    summary: 'Queue a signed test event',
    requestBody: null,
    query: 'none',
    idempotencyKey: 'optional',
    responses: [accepted('WebhookDelivery', 'The test delivery is queued.')],
    location: null,
    errors: [],
  },
} as const satisfies Record<string, OperationDefinition>;

/** An operation id of the v1 API. */
export type OperationId = keyof typeof OPERATIONS;

/** The `{name}` placeholders of a path template, as a union of names. */
export type PathParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamsOf<Rest>
  : never;

/** The path parameter names of an operation. */
export type OperationPathParams<Id extends OperationId> = PathParamsOf<(typeof OPERATIONS)[Id]['path']> &
  PathParameterName;

/** The JSON body type an operation takes (`never` when it takes none). */
export type OperationRequestBody<Id extends OperationId> = (typeof OPERATIONS)[Id]['requestBody'] extends {
  schema: infer Schema extends RequestBodyName;
}
  ? RequestBodyTypes[Schema]
  : never;

/** The body type of an operation's success answer (`void` for 204). */
export type OperationResponseBody<Id extends OperationId> =
  (typeof OPERATIONS)[Id]['responses'][number]['body'] extends infer Body
    ? Body extends ResourceName
      ? ResourceTypes[Body]
      : void
    : never;

/** One operation with its id, as the list views give it. */
export interface ApiOperation extends OperationDefinition {
  operationId: OperationId;
  /** The path's `{param}` names, in order. */
  pathParams: readonly PathParameterName[];
}

/** The 25 operation ids, in the spec's order. */
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** The path parameter names of a path template, in order. */
function pathParamsOf(path: string): PathParameterName[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] as PathParameterName);
}

/** The table as a list (spec order), each row with its id and path parameters. */
export const API_OPERATIONS: readonly ApiOperation[] = OPERATION_IDS.map((operationId) => ({
  operationId,
  ...OPERATIONS[operationId],
  pathParams: pathParamsOf(OPERATIONS[operationId].path),
}));

type LocationTarget = Extract<(typeof OPERATIONS)[OperationId]['location'], LocationRule>['operation'];
/** Compiles only while every `location.operation` names an operation of the table. */
type CheckedTarget<T extends OperationId> = T;

/**
 * The `Location` path of a created resource (CONTRACT §2), without the mount's base path: the
 * path of the row's `location.operation` with the body field named by the row. Null for operations
 * that answer no `Location`.
 */
export function locationOf(operationId: OperationId, body: unknown): string | null {
  const rule: LocationRule | null = OPERATIONS[operationId].location;
  if (rule === null || typeof body !== 'object' || body === null) return null;
  const id = (body as Record<string, unknown>)[rule.field];
  if (typeof id !== 'string') return null;
  const target: CheckedTarget<LocationTarget> = rule.operation as LocationTarget;
  return OPERATIONS[target].path.replace(/\{[a-z_]+\}/, encodeURIComponent(id));
}
