import type {
  CompleteUploadRequest,
  CreateJobOutputRequest,
  CreateJobRequest,
  CreateUploadIntentRequest,
  CreateWebhookEndpointRequest,
  JobStatus,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryStatus,
} from '@transmute/contract';
import {
  QUERY_KINDS,
  type OperationId,
  type PathParameterName,
  type QueryKind,
} from '@transmute/contract/operations';
import type { Caller, TransmuteService } from '@transmute/service';
import { parseQuery, type ListQuery } from './query.js';

/** Everything an operation needs once the request has passed every check. */
export interface OperationInput {
  caller: Caller;
  params: Partial<Record<PathParameterName, string>>;
  /** The validated JSON body (operations with a body only). */
  body: unknown;
  /** The query, parsed as the operation's query kind says (empty for `none`). */
  query: ListQuery;
}

type Call = (service: TransmuteService, input: OperationInput) => Promise<unknown>;

/**
 * Parses the query string of an operation by its query kind (the contract's `QUERY_KINDS`); bad
 * values, unknown and repeated parameters throw 400 (an operation of kind `none` takes none).
 */
export function parseOperationQuery(kind: QueryKind, query: string): ListQuery {
  return parseQuery(query, QUERY_KINDS[kind]) ?? { limit: QUERY_KINDS.list.limit.default };
}

function param(input: OperationInput, name: PathParameterName): string {
  return input.params[name] ?? '';
}

function page(query: ListQuery): { limit: number; cursor?: string } {
  return query.cursor === undefined ? { limit: query.limit } : { limit: query.limit, cursor: query.cursor };
}

/**
 * The service method of each of the 25 operations. Each answers the service's value as it is: the
 * HTTP answer (status, `Location`, body) is built from it by `operationResponse`, for a first answer
 * and for an idempotent replay alike.
 */
const CALLS: Record<OperationId, Call> = {
  getCapabilities: (s, i) => s.getCapabilities(i.caller),
  createUploadIntent: (s, i) => s.createUploadIntent(i.caller, i.body as CreateUploadIntentRequest),
  getFile: (s, i) => s.getFile(i.caller, param(i, 'file_id')),
  deleteFile: (s, i) => s.deleteFile(i.caller, param(i, 'file_id')),
  completeFileUpload: (s, i) =>
    s.completeFileUpload(i.caller, param(i, 'file_id'), i.body as CompleteUploadRequest),
  listJobs: (s, i) => {
    const { status } = i.query;
    const params = page(i.query);
    return s.listJobs(i.caller, status === undefined ? params : { ...params, status: status as JobStatus });
  },
  createJob: (s, i) => s.createJob(i.caller, i.body as CreateJobRequest),
  getJob: (s, i) => s.getJob(i.caller, param(i, 'job_id')),
  deleteJob: (s, i) => s.deleteJob(i.caller, param(i, 'job_id')),
  cancelJob: (s, i) => s.cancelJob(i.caller, param(i, 'job_id')),
  listJobOutputs: (s, i) => s.listJobOutputs(i.caller, param(i, 'job_id'), page(i.query)),
  createJobOutput: (s, i) =>
    s.createJobOutput(i.caller, param(i, 'job_id'), i.body as CreateJobOutputRequest),
  getOutput: (s, i) => s.getOutput(i.caller, param(i, 'output_id')),
  getOutputContent: (s, i) => s.getOutputContent(i.caller, param(i, 'output_id'), page(i.query)),
  getUsage: (s, i) => s.getUsage(i.caller),
  listWebhookEndpoints: (s, i) => s.listWebhookEndpoints(i.caller, page(i.query)),
  createWebhookEndpoint: (s, i) => s.createWebhookEndpoint(i.caller, i.body as CreateWebhookEndpointRequest),
  updateWebhookEndpoint: (s, i) =>
    s.updateWebhookEndpoint(i.caller, param(i, 'endpoint_id'), i.body as UpdateWebhookEndpointRequest),
  deleteWebhookEndpoint: (s, i) => s.deleteWebhookEndpoint(i.caller, param(i, 'endpoint_id')),
  listWebhookDeliveries: (s, i) => {
    const { status } = i.query;
    const params = page(i.query);
    const filter = status === undefined ? params : { ...params, status: status as WebhookDeliveryStatus };
    return s.listWebhookDeliveries(i.caller, param(i, 'endpoint_id'), filter);
  },
  replayWebhookDelivery: (s, i) =>
    s.replayWebhookDelivery(i.caller, param(i, 'endpoint_id'), param(i, 'delivery_id')),
  pauseWebhookEndpoint: (s, i) => s.pauseWebhookEndpoint(i.caller, param(i, 'endpoint_id')),
  resumeWebhookEndpoint: (s, i) => s.resumeWebhookEndpoint(i.caller, param(i, 'endpoint_id')),
  rotateWebhookEndpointSecret: (s, i) => s.rotateWebhookEndpointSecret(i.caller, param(i, 'endpoint_id')),
  testWebhookEndpoint: (s, i) => s.testWebhookEndpoint(i.caller, param(i, 'endpoint_id')),
};

/** Calls the service method of an operation and answers its value. */
export function callOperation(
  service: TransmuteService,
  operationId: OperationId,
  input: OperationInput,
): Promise<unknown> {
  return CALLS[operationId](service, input);
}
