import type {
  Capabilities,
  FileResource,
  Job,
  JobList,
  Output,
  OutputContentPage,
  OutputList,
  RotatedWebhookEndpoint,
  UploadIntent,
  Usage,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@transmute/contract';
import type { ClientOptions, TransmuteClient } from './client-types.js';
import { createApiCaller, normalizeBaseUrl, type CallInput } from './internal/api-caller.js';
import type { Transport } from './internal/transport.js';
import { uploadFile } from './internal/upload-file.js';
import { createJobAndWait, readOutputContent } from './internal/wait-helpers.js';

/** Version sent in the default `User-Agent`. */
const CLIENT_VERSION = '0.1.0';

/**
 * Creates a typed client of the v1 API. Every method maps to one operation, throws
 * `TransmuteApiError` on a problem answer, and retries retryable failures (honouring `Retry-After`)
 * with the same `Idempotency-Key`.
 *
 * @example
 * const client = createClient({ baseUrl: 'https://transmute.example.com', apiKey: process.env.TRANSMUTE_KEY ?? '' });
 * const job = await client.createJobAndWait({
 *   source: { type: 'text', content: '# Notes\n\nShip on Friday.' },
 *   output: { profile: 'source_summary' },
 * });
 * const markdown = await client.readOutputContent(job.output_ids[0] ?? '');
 */
export function createClient(options: ClientOptions): TransmuteClient {
  const transport: Transport = {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    maxRetries: options.maxRetries ?? 2,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
  };
  const call = createApiCaller({
    baseUrl: normalizeBaseUrl(options.baseUrl),
    apiKey: options.apiKey,
    userAgent: options.userAgent ?? `transmute-client/${CLIENT_VERSION}`,
    transport,
  });
  const as = <T>(promise: Promise<unknown>): Promise<T> => promise as Promise<T>;
  const none = async (promise: Promise<unknown>): Promise<void> => {
    await promise;
  };
  const endpoint = (endpointId: string): CallInput => ({ path: { endpoint_id: endpointId } });

  const client: TransmuteClient = {
    getCapabilities: (o) => as<Capabilities>(call('getCapabilities', {}, o)),
    createUploadIntent: (body, o) => as<UploadIntent>(call('createUploadIntent', { body }, o)),
    getFile: (fileId, o) => as<FileResource>(call('getFile', { path: { file_id: fileId } }, o)),
    deleteFile: (fileId, o) => none(call('deleteFile', { path: { file_id: fileId } }, o)),
    completeFileUpload: (fileId, body, o) =>
      as<FileResource>(call('completeFileUpload', { path: { file_id: fileId }, body }, o)),
    listJobs: (params = {}, o) => as<JobList>(call('listJobs', { query: { ...params } }, o)),
    createJob: (body, o) => as<Job>(call('createJob', { body }, o)),
    getJob: (jobId, o) => as<Job>(call('getJob', { path: { job_id: jobId } }, o)),
    deleteJob: (jobId, o) => none(call('deleteJob', { path: { job_id: jobId } }, o)),
    cancelJob: (jobId, o) => as<Job>(call('cancelJob', { path: { job_id: jobId } }, o)),
    listJobOutputs: (jobId, params = {}, o) =>
      as<OutputList>(call('listJobOutputs', { path: { job_id: jobId }, query: { ...params } }, o)),
    createJobOutput: (jobId, body, o) =>
      as<Output>(call('createJobOutput', { path: { job_id: jobId }, body }, o)),
    getOutput: (outputId, o) => as<Output>(call('getOutput', { path: { output_id: outputId } }, o)),
    getOutputContent: (outputId, params = {}, o) =>
      as<OutputContentPage>(
        call('getOutputContent', { path: { output_id: outputId }, query: { ...params } }, o),
      ),
    getUsage: (o) => as<Usage>(call('getUsage', {}, o)),
    listWebhookEndpoints: (params = {}, o) =>
      as<WebhookEndpointList>(call('listWebhookEndpoints', { query: { ...params } }, o)),
    createWebhookEndpoint: (body, o) =>
      as<WebhookEndpointWithSecret>(call('createWebhookEndpoint', { body }, o)),
    updateWebhookEndpoint: (endpointId, body, o) =>
      as<WebhookEndpoint>(call('updateWebhookEndpoint', { ...endpoint(endpointId), body }, o)),
    deleteWebhookEndpoint: (endpointId, o) => none(call('deleteWebhookEndpoint', endpoint(endpointId), o)),
    listWebhookDeliveries: (endpointId, params = {}, o) =>
      as<WebhookDeliveryList>(
        call('listWebhookDeliveries', { ...endpoint(endpointId), query: { ...params } }, o),
      ),
    replayWebhookDelivery: (endpointId, deliveryId, o) =>
      as<WebhookDelivery>(
        call('replayWebhookDelivery', { path: { endpoint_id: endpointId, delivery_id: deliveryId } }, o),
      ),
    pauseWebhookEndpoint: (endpointId, o) =>
      as<WebhookEndpoint>(call('pauseWebhookEndpoint', endpoint(endpointId), o)),
    resumeWebhookEndpoint: (endpointId, o) =>
      as<WebhookEndpoint>(call('resumeWebhookEndpoint', endpoint(endpointId), o)),
    rotateWebhookEndpointSecret: (endpointId, o) =>
      as<RotatedWebhookEndpoint>(call('rotateWebhookEndpointSecret', endpoint(endpointId), o)),
    testWebhookEndpoint: (endpointId, o) =>
      as<WebhookDelivery>(call('testWebhookEndpoint', endpoint(endpointId), o)),
    uploadFile: (input, o) => uploadFile(client, transport, input, o),
    createJobAndWait: (body, o) => createJobAndWait(client, body, o),
    readOutputContent: (outputId, o) => readOutputContent(client, outputId, o),
  };
  return client;
}
