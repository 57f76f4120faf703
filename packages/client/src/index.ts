export { createClient } from './create-client.js';
export type {
  ArtifactToDownload,
  ClientOptions,
  DownloadOptions,
  DownloadResult,
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
export { ArtifactVerificationError } from './artifact-verification-error.js';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookHeaders,
} from './verify-webhook.js';
