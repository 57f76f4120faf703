import type { OperationId } from '@transmute/contract/operations';
import type { ClientOptions, TransmuteClient } from './client-types.js';
import { createApiCaller, normalizeBaseUrl } from './internal/api-caller.js';
import type { Transport } from './internal/transport.js';
import { uploadFile } from './internal/upload-file.js';
import { createJobAndWait, readOutputContent, waitForJob } from './internal/wait-helpers.js';

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
  const none = async (promise: Promise<unknown>): Promise<void> => {
    await promise;
  };
  const endpoint = (endpointId: string): { path: { endpoint_id: string } } => ({
    path: { endpoint_id: endpointId },
  });

  const client: TransmuteClient = {
    getCapabilities: (o) => call('getCapabilities', {}, o),
    createUploadIntent: (body, o) => call('createUploadIntent', { body }, o),
    getFile: (fileId, o) => call('getFile', { path: { file_id: fileId } }, o),
    deleteFile: (fileId, o) => none(call('deleteFile', { path: { file_id: fileId } }, o)),
    completeFileUpload: (fileId, body, o) =>
      call('completeFileUpload', { path: { file_id: fileId }, body }, o),
    listJobs: (params = {}, o) => call('listJobs', { query: { ...params } }, o),
    createJob: (body, o) => call('createJob', { body }, o),
    getJob: (jobId, o) => call('getJob', { path: { job_id: jobId } }, o),
    deleteJob: (jobId, o) => none(call('deleteJob', { path: { job_id: jobId } }, o)),
    cancelJob: (jobId, o) => call('cancelJob', { path: { job_id: jobId } }, o),
    listJobOutputs: (jobId, params = {}, o) =>
      call('listJobOutputs', { path: { job_id: jobId }, query: { ...params } }, o),
    createJobOutput: (jobId, body, o) => call('createJobOutput', { path: { job_id: jobId }, body }, o),
    getOutput: (outputId, o) => call('getOutput', { path: { output_id: outputId } }, o),
    getOutputContent: (outputId, params = {}, o) =>
      call('getOutputContent', { path: { output_id: outputId }, query: { ...params } }, o),
    getUsage: (o) => call('getUsage', {}, o),
    listWebhookEndpoints: (params = {}, o) => call('listWebhookEndpoints', { query: { ...params } }, o),
    createWebhookEndpoint: (body, o) => call('createWebhookEndpoint', { body }, o),
    updateWebhookEndpoint: (endpointId, body, o) =>
      call('updateWebhookEndpoint', { ...endpoint(endpointId), body }, o),
    deleteWebhookEndpoint: (endpointId, o) => none(call('deleteWebhookEndpoint', endpoint(endpointId), o)),
    listWebhookDeliveries: (endpointId, params = {}, o) =>
      call('listWebhookDeliveries', { ...endpoint(endpointId), query: { ...params } }, o),
    replayWebhookDelivery: (endpointId, deliveryId, o) =>
      call('replayWebhookDelivery', { path: { endpoint_id: endpointId, delivery_id: deliveryId } }, o),
    pauseWebhookEndpoint: (endpointId, o) => call('pauseWebhookEndpoint', endpoint(endpointId), o),
    resumeWebhookEndpoint: (endpointId, o) => call('resumeWebhookEndpoint', endpoint(endpointId), o),
    rotateWebhookEndpointSecret: (endpointId, o) =>
      call('rotateWebhookEndpointSecret', endpoint(endpointId), o),
    testWebhookEndpoint: (endpointId, o) => call('testWebhookEndpoint', endpoint(endpointId), o),
    call,
    uploadFile: (input, o) => uploadFile(client, transport, input, o),
    createJobAndWait: (body, o) => createJobAndWait(client, body, o),
    waitForJob: (jobId, o) => waitForJob(client, jobId, o),
    readOutputContent: (outputId, o) => readOutputContent(client, outputId, o),
    // Loaded on first use: it needs node:fs and node:stream, which a browser bundle does without.
    downloadArtifact: async (artifact, destination, o) =>
      (await import('./internal/download-artifact.js')).downloadArtifact(
        transport.fetch,
        artifact,
        destination,
        o,
      ),
  };
  // One method per row of the contract's table: a new operation fails the build until it has one.
  return client satisfies Record<OperationId, unknown>;
}
