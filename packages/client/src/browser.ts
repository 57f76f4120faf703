/**
 * The client for browsers and other runtimes without node built-ins: everything of the main entry
 * except `verifyWebhook` (node:crypto; webhooks are verified on a server). `downloadArtifact`
 * writes to node streams and files, so a browser follows `download_url` itself; `uploadFile` needs
 * the `sha256` given (WebCrypto's `crypto.subtle.digest`).
 */
export { createClient } from './create-client.js';
export type {
  ClientOptions,
  ListJobsParams,
  ListParams,
  ListWebhookDeliveriesParams,
  OutputContentParams,
  ReadContentOptions,
  RequestOptions,
  TransmuteClient,
  UploadFileInput,
  UploadFileOptions,
  WaitOptions,
} from './client-types.js';
export type { CallInput } from './call-input.js';
export { TransmuteApiError, isTransmuteApiError } from './transmute-api-error.js';
export { WaitTimeoutError } from './wait-timeout-error.js';
export { paginate } from './paginate.js';
export { jobFailure, type JobFailure } from './job-failure.js';
