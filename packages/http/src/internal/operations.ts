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
import type { Caller, TransmuteService } from '@transmute/service';
import { parseListQuery, type LimitBounds } from './query.js';
import type { OperationId } from './routes.js';

/** Everything an operation needs once the request has passed every check. */
export interface OperationInput {
  caller: Caller;
  params: Record<string, string>;
  /** The validated JSON body (operations with a body only). */
  body: unknown;
  query: string;
  /** Prefix for `Location` headers (the mount's base path). */
  basePath: string;
}

/** What an operation answers before headers are added. */
export interface OperationResult {
  status: number;
  body: unknown;
  location?: string;
}

type Run = (service: TransmuteService, input: OperationInput) => Promise<OperationResult>;

const LIST_LIMIT: LimitBounds = { min: 1, max: 100, fallback: 20 };
const CONTENT_LIMIT: LimitBounds = { min: 1, max: 1_048_576, fallback: 262_144 };
const JOB_STATUSES: readonly JobStatus[] = [
  'queued',
  'processing',
  'succeeded',
  'failed',
  'canceling',
  'canceled',
  'expired',
];
const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = [
  'pending',
  'delivering',
  'succeeded',
  'retrying',
  'dead_letter',
];

function param(input: OperationInput, name: string): string {
  return input.params[name] ?? '';
}

function list(
  query: string,
  statuses?: readonly string[],
): { limit: number; cursor?: string; status?: string } {
  return parseListQuery(query, LIST_LIMIT, statuses);
}

const ok = (body: unknown): OperationResult => ({ status: 200, body });
const noContent = (): OperationResult => ({ status: 204, body: null });

/** The service call and success status of each of the 25 operations (CONTRACT §2). */
export const OPERATIONS: Record<OperationId, Run> = {
  getCapabilities: async (s, i) => ok(await s.getCapabilities(i.caller)),
  createUploadIntent: async (s, i) => {
    const intent = await s.createUploadIntent(i.caller, i.body as CreateUploadIntentRequest);
    return { status: 201, body: intent, location: `${i.basePath}/v1/files/${intent.file_id}` };
  },
  getFile: async (s, i) => ok(await s.getFile(i.caller, param(i, 'file_id'))),
  deleteFile: async (s, i) => {
    await s.deleteFile(i.caller, param(i, 'file_id'));
    return noContent();
  },
  completeFileUpload: async (s, i) => {
    const result = await s.completeFileUpload(i.caller, param(i, 'file_id'), i.body as CompleteUploadRequest);
    return { status: result.changed ? 202 : 200, body: result.file };
  },
  listJobs: async (s, i) => {
    const { status, ...params } = list(i.query, JOB_STATUSES);
    return ok(
      await s.listJobs(i.caller, status === undefined ? params : { ...params, status: status as JobStatus }),
    );
  },
  createJob: async (s, i) => {
    const job = await s.createJob(i.caller, i.body as CreateJobRequest);
    return { status: 201, body: job, location: `${i.basePath}/v1/jobs/${job.id}` };
  },
  getJob: async (s, i) => ok(await s.getJob(i.caller, param(i, 'job_id'))),
  deleteJob: async (s, i) => {
    await s.deleteJob(i.caller, param(i, 'job_id'));
    return noContent();
  },
  cancelJob: async (s, i) => {
    const result = await s.cancelJob(i.caller, param(i, 'job_id'));
    return { status: result.changed ? 202 : 200, body: result.job };
  },
  listJobOutputs: async (s, i) => ok(await s.listJobOutputs(i.caller, param(i, 'job_id'), list(i.query))),
  createJobOutput: async (s, i) => {
    const output = await s.createJobOutput(i.caller, param(i, 'job_id'), i.body as CreateJobOutputRequest);
    return { status: 201, body: output, location: `${i.basePath}/v1/outputs/${output.id}` };
  },
  getOutput: async (s, i) => ok(await s.getOutput(i.caller, param(i, 'output_id'))),
  getOutputContent: async (s, i) => {
    const params = parseListQuery(i.query, CONTENT_LIMIT);
    return ok(await s.getOutputContent(i.caller, param(i, 'output_id'), params));
  },
  getUsage: async (s, i) => ok(await s.getUsage(i.caller)),
  listWebhookEndpoints: async (s, i) => ok(await s.listWebhookEndpoints(i.caller, list(i.query))),
  createWebhookEndpoint: async (s, i) => {
    const endpoint = await s.createWebhookEndpoint(i.caller, i.body as CreateWebhookEndpointRequest);
    return { status: 201, body: endpoint, location: `${i.basePath}/v1/webhook-endpoints/${endpoint.id}` };
  },
  updateWebhookEndpoint: async (s, i) =>
    ok(
      await s.updateWebhookEndpoint(
        i.caller,
        param(i, 'endpoint_id'),
        i.body as UpdateWebhookEndpointRequest,
      ),
    ),
  deleteWebhookEndpoint: async (s, i) => {
    await s.deleteWebhookEndpoint(i.caller, param(i, 'endpoint_id'));
    return noContent();
  },
  listWebhookDeliveries: async (s, i) => {
    const { status, ...params } = list(i.query, DELIVERY_STATUSES);
    const filter = status === undefined ? params : { ...params, status: status as WebhookDeliveryStatus };
    return ok(await s.listWebhookDeliveries(i.caller, param(i, 'endpoint_id'), filter));
  },
  replayWebhookDelivery: async (s, i) => ({
    status: 202,
    body: await s.replayWebhookDelivery(i.caller, param(i, 'endpoint_id'), param(i, 'delivery_id')),
  }),
  pauseWebhookEndpoint: async (s, i) => ok(await s.pauseWebhookEndpoint(i.caller, param(i, 'endpoint_id'))),
  resumeWebhookEndpoint: async (s, i) => ok(await s.resumeWebhookEndpoint(i.caller, param(i, 'endpoint_id'))),
  rotateWebhookEndpointSecret: async (s, i) =>
    ok(await s.rotateWebhookEndpointSecret(i.caller, param(i, 'endpoint_id'))),
  testWebhookEndpoint: async (s, i) => ({
    status: 202,
    body: await s.testWebhookEndpoint(i.caller, param(i, 'endpoint_id')),
  }),
};

/** Operations that take a JSON body, with their byte limit key. */
export const BODY_OPERATIONS: Partial<Record<OperationId, 'createJob' | 'default'>> = {
  createUploadIntent: 'default',
  completeFileUpload: 'default',
  createJob: 'createJob',
  createJobOutput: 'default',
  createWebhookEndpoint: 'default',
  updateWebhookEndpoint: 'default',
};

/** Whether Idempotency-Key is required (the four create* operations). */
export function requiresIdempotencyKey(operation: OperationId): boolean {
  return operation.startsWith('create');
}
