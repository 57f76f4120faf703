import type { ApiErrorCode } from './error-catalogue.js';
import type { RequestBodyName, ResourceName } from './schemas/registry.js';

/** HTTP methods of the v1 operations. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Query parameters an operation takes (CONTRACT §6, §9). */
export type QueryKind = 'none' | 'list' | 'listJobs' | 'listWebhookDeliveries' | 'content';

/** One success response of an operation (CONTRACT §2). */
export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  /** Body schema; null for 204. */
  body: ResourceName | null;
  description: string;
}

/** One of the 25 operations of the v1 API. */
export interface ApiOperation {
  operationId: OperationId;
  method: HttpMethod;
  /** Path template with `{param}` placeholders, starting with `/v1`. */
  path: string;
  summary: string;
  requestBody: RequestBodyName | null;
  query: QueryKind;
  /** `required` on the four create* operations; `optional` (honoured) on other POST/PATCH. */
  idempotencyKey: 'required' | 'optional' | 'none';
  responses: readonly SuccessResponse[];
  /** Error codes specific to this operation, beyond those every operation of its kind can return. */
  errors: readonly ApiErrorCode[];
}

/** The 25 operation ids of the spec, in the spec's order. */
export const OPERATION_IDS = [
  'getCapabilities',
  'createUploadIntent',
  'getFile',
  'deleteFile',
  'completeFileUpload',
  'listJobs',
  'createJob',
  'getJob',
  'deleteJob',
  'cancelJob',
  'listJobOutputs',
  'createJobOutput',
  'getOutput',
  'getOutputContent',
  'getUsage',
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'listWebhookDeliveries',
  'replayWebhookDelivery',
  'pauseWebhookEndpoint',
  'resumeWebhookEndpoint',
  'rotateWebhookEndpointSecret',
  'testWebhookEndpoint',
] as const;

/** An operation id of the v1 API. */
export type OperationId = (typeof OPERATION_IDS)[number];

type Row = Omit<ApiOperation, 'operationId' | 'query' | 'idempotencyKey' | 'errors' | 'requestBody'> &
  Partial<Pick<ApiOperation, 'query' | 'errors' | 'requestBody'>>;

const ok = (body: ResourceName, description = 'OK.'): SuccessResponse => ({ status: 200, body, description });
const created = (body: ResourceName, description: string): SuccessResponse => ({
  status: 201,
  body,
  description,
});
const accepted = (body: ResourceName, description: string): SuccessResponse => ({
  status: 202,
  body,
  description,
});
const noContent: SuccessResponse = { status: 204, body: null, description: 'Deleted; no body.' };

const WH = '/v1/webhook-endpoints/{endpoint_id}';

const ROWS: Record<OperationId, Row> = {
  getCapabilities: {
    method: 'GET',
    path: '/v1/capabilities',
    summary: 'Describe supported sources, outputs, languages and limits',
    responses: [ok('Capabilities')],
  },
  createUploadIntent: {
    method: 'POST',
    path: '/v1/upload-intents',
    summary: 'Create a direct-upload intent',
    requestBody: 'CreateUploadIntentRequest',
    responses: [created('UploadIntent', 'Intent created; `Location` names the file.')],
    errors: ['quota_exceeded'],
  },
  getFile: {
    method: 'GET',
    path: '/v1/files/{file_id}',
    summary: 'Get an account-owned file',
    responses: [ok('File')],
  },
  deleteFile: {
    method: 'DELETE',
    path: '/v1/files/{file_id}',
    summary: 'Delete an account-owned file',
    responses: [noContent],
  },
  completeFileUpload: {
    method: 'POST',
    path: '/v1/files/{file_id}/complete',
    summary: 'Confirm a direct upload and start validation',
    requestBody: 'CompleteUploadRequest',
    responses: [
      accepted('File', 'Validation started; the file is `validating`.'),
      ok('File', 'The file was already past `pending_upload`; returned as it is.'),
    ],
    errors: ['upload_not_received', 'upload_expired', 'upload_mismatch'],
  },
  listJobs: {
    method: 'GET',
    path: '/v1/jobs',
    summary: 'List jobs with cursor pagination',
    query: 'listJobs',
    responses: [ok('JobList')],
  },
  createJob: {
    method: 'POST',
    path: '/v1/jobs',
    summary: 'Create a durable conversion job',
    requestBody: 'CreateJobRequest',
    responses: [created('Job', 'Job created with its first output; `Location` names the job.')],
    errors: ['quota_exceeded'],
  },
  getJob: {
    method: 'GET',
    path: '/v1/jobs/{job_id}',
    summary: 'Get job status and progress',
    responses: [ok('Job')],
  },
  deleteJob: {
    method: 'DELETE',
    path: '/v1/jobs/{job_id}',
    summary: 'Delete a terminal job and its outputs',
    responses: [noContent],
    errors: ['job_not_terminal'],
  },
  cancelJob: {
    method: 'POST',
    path: '/v1/jobs/{job_id}/cancel',
    summary: 'Request cooperative cancellation',
    responses: [
      accepted('Job', 'The state changed (`queued` → `canceled`, `processing` → `canceling`).'),
      ok('Job', 'The job was already `canceling` or `canceled`.'),
    ],
    errors: ['job_not_cancelable'],
  },
  listJobOutputs: {
    method: 'GET',
    path: '/v1/jobs/{job_id}/outputs',
    summary: 'List outputs of a job',
    query: 'list',
    responses: [ok('OutputList')],
  },
  createJobOutput: {
    method: 'POST',
    path: '/v1/jobs/{job_id}/outputs',
    summary: 'Create another output from an existing job',
    requestBody: 'CreateJobOutputRequest',
    responses: [created('Output', 'Output created; `Location` names it.')],
    errors: ['job_not_renderable', 'quota_exceeded'],
  },
  getOutput: {
    method: 'GET',
    path: '/v1/outputs/{output_id}',
    summary: 'Get output metadata and artifact manifest',
    responses: [ok('Output')],
  },
  getOutputContent: {
    method: 'GET',
    path: '/v1/outputs/{output_id}/content',
    summary: 'Read output content page by page using an optional opaque cursor',
    query: 'content',
    responses: [ok('OutputContentPage')],
    errors: ['output_not_ready', 'content_not_paginable'],
  },
  getUsage: {
    method: 'GET',
    path: '/v1/usage',
    summary: 'Get usage for the current billing period',
    responses: [ok('Usage')],
  },
  listWebhookEndpoints: {
    method: 'GET',
    path: '/v1/webhook-endpoints',
    summary: 'List registered endpoints',
    query: 'list',
    responses: [ok('WebhookEndpointList')],
  },
  createWebhookEndpoint: {
    method: 'POST',
    path: '/v1/webhook-endpoints',
    summary: 'Register a signed endpoint',
    requestBody: 'CreateWebhookEndpointRequest',
    responses: [
      created(
        'WebhookEndpointWithSecret',
        'Endpoint created; the only response besides rotation with the full secret.',
      ),
    ],
  },
  updateWebhookEndpoint: {
    method: 'PATCH',
    path: WH,
    summary: 'Update URL, description or event subscriptions',
    requestBody: 'UpdateWebhookEndpointRequest',
    responses: [ok('WebhookEndpoint')],
  },
  deleteWebhookEndpoint: {
    method: 'DELETE',
    path: WH,
    summary: 'Delete an endpoint',
    responses: [noContent],
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: `${WH}/deliveries`,
    summary: 'List redacted delivery attempts',
    query: 'listWebhookDeliveries',
    responses: [ok('WebhookDeliveryList')],
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: `${WH}/deliveries/{delivery_id}/replay`,
    summary: 'Replay a dead-lettered delivery with the same event id',
    responses: [accepted('WebhookDelivery', 'The delivery is queued for one manual attempt.')],
    errors: ['delivery_not_dead_lettered'],
  },
  pauseWebhookEndpoint: {
    method: 'POST',
    path: `${WH}/pause`,
    summary: 'Pause delivery',
    responses: [ok('WebhookEndpoint')],
  },
  resumeWebhookEndpoint: {
    method: 'POST',
    path: `${WH}/resume`,
    summary: 'Resume delivery',
    responses: [ok('WebhookEndpoint')],
  },
  rotateWebhookEndpointSecret: {
    method: 'POST',
    path: `${WH}/rotate-secret`,
    summary: 'Rotate the endpoint signing secret',
    responses: [
      ok(
        'RotatedWebhookEndpoint',
        'The new secret; the previous one signs until `previous_secret_expires_at`.',
      ),
    ],
  },
  testWebhookEndpoint: {
    method: 'POST',
    path: `${WH}/test`,
    summary: 'Queue a signed test event',
    responses: [accepted('WebhookDelivery', 'The test delivery is queued.')],
  },
};

function toOperation(operationId: OperationId): ApiOperation {
  const row = ROWS[operationId];
  const mutating = row.method === 'POST' || row.method === 'PATCH';
  return {
    operationId,
    ...row,
    requestBody: row.requestBody ?? null,
    query: row.query ?? 'none',
    idempotencyKey: operationId.startsWith('create') ? 'required' : mutating ? 'optional' : 'none',
    errors: row.errors ?? [],
  };
}

/**
 * The 25 operations of the v1 API (spec "Endpoints" + CONTRACT §2): method, path, body, query,
 * idempotency and success statuses. The OpenAPI document, the HTTP router and the client all derive
 * from this table.
 */
export const API_OPERATIONS: readonly ApiOperation[] = OPERATION_IDS.map(toOperation);
