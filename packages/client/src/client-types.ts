import type { Writable } from 'node:stream';
import type {
  Capabilities,
  CompleteUploadRequest,
  CreateJobOutputRequest,
  CreateJobRequest,
  CreateUploadIntentRequest,
  CreateWebhookEndpointRequest,
  FileResource,
  Job,
  JobList,
  JobStatus,
  Output,
  OutputContentPage,
  OutputList,
  RotatedWebhookEndpoint,
  UpdateWebhookEndpointRequest,
  UploadIntent,
  Usage,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@transmute/contract';
import type { OperationId, OperationResponseBody } from '@transmute/contract/operations';
import type { CallInput } from './call-input.js';

/** Options of `createClient`. */
export interface ClientOptions {
  /** Installation address, e.g. `https://transmute.example.com` (a trailing `/v1` is accepted). */
  baseUrl: string;
  /** API key (`tmk_…`) or OAuth access token, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** `fetch` implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Retries of a retryable failure (default 2). */
  maxRetries?: number;
  /** First backoff delay when no `Retry-After` is sent (default 500 ms, doubled per attempt). */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts; a longer `Retry-After` returns the error instead (default 30 s). */
  maxRetryDelayMs?: number;
  /** `User-Agent` header (default `transmute-client/<version>`). */
  userAgent?: string;
}

/** Per-call options. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Idempotency key to use instead of a random UUID (POST and PATCH only). */
  idempotencyKey?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** Cursor pagination parameters (CONTRACT §6). */
export interface ListParams {
  /** Page size 1..100 (server default 20). */
  limit?: number;
  /** `page.next_cursor` of the previous page. */
  cursor?: string;
}

/** listJobs parameters. */
export interface ListJobsParams extends ListParams {
  status?: JobStatus;
}

/** listWebhookDeliveries parameters. */
export interface ListWebhookDeliveriesParams extends ListParams {
  status?: WebhookDeliveryStatus;
}

/** getOutputContent parameters (CONTRACT §9). */
export interface OutputContentParams {
  cursor?: string;
  /** Characters per page (server default 262144, max 1048576). */
  limit?: number;
}

/** A file to upload: bytes in memory, or a stream with its size and digest known up front. */
export type UploadFileInput = { name: string; mediaType: string } & (
  | { bytes: Uint8Array; sha256?: string }
  | {
      /** Sent once, never retried (a stream cannot be replayed); `Readable.toWeb()` converts Node streams. */
      stream: ReadableStream<Uint8Array>;
      sizeBytes: number;
      sha256: string;
    }
);

/** Options of `uploadFile`. */
export interface UploadFileOptions {
  signal?: AbortSignal;
  /** Poll until the file leaves `validating` (becomes `ready`, `rejected` or `expired`). */
  waitUntilValidated?: boolean;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

/** Options of `createJobAndWait`. */
export interface WaitOptions {
  /** Delay between polls (default 1000 ms). */
  pollIntervalMs?: number;
  /** Give up after this long with a `WaitTimeoutError` (default 10 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  idempotencyKey?: string;
  /** Called with the job as created and after every poll (the last call sees the terminal job). */
  onProgress?: (job: Job) => void;
}

/**
 * What `downloadArtifact` fetches: a manifest file (`output.manifest.files[i]`) or any object
 * with a signed `download_url`; `size_bytes` and `sha256`, when present, are checked.
 */
export interface ArtifactToDownload {
  download_url: string;
  size_bytes?: number;
  sha256?: string;
}

/** Options of `downloadArtifact`. */
export interface DownloadOptions {
  signal?: AbortSignal;
  /** Called after every chunk with the bytes received so far (resumed bytes included) and the total when known. */
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  /** To a path: continue a `<path>.part` left by an interrupted download (default true). */
  resume?: boolean;
  /** To a stream: end it when the download is done (default true). */
  end?: boolean;
}

/** What `downloadArtifact` wrote. */
export interface DownloadResult {
  sizeBytes: number;
  /** sha256 of the whole artifact, hex. */
  sha256: string;
  /** Whether an earlier partial download was continued with a byte range. */
  resumed: boolean;
}

/** Options of `readOutputContent`. */
export interface ReadContentOptions {
  /** Characters per page requested. */
  limit?: number;
  signal?: AbortSignal;
}

/** The typed v1 client: one method per operation, plus helpers. Methods are bound (safe to pass around). */
export interface TransmuteClient {
  getCapabilities(options?: RequestOptions): Promise<Capabilities>;
  createUploadIntent(body: CreateUploadIntentRequest, options?: RequestOptions): Promise<UploadIntent>;
  getFile(fileId: string, options?: RequestOptions): Promise<FileResource>;
  deleteFile(fileId: string, options?: RequestOptions): Promise<void>;
  completeFileUpload(
    fileId: string,
    body: CompleteUploadRequest,
    options?: RequestOptions,
  ): Promise<FileResource>;
  listJobs(params?: ListJobsParams, options?: RequestOptions): Promise<JobList>;
  createJob(body: CreateJobRequest, options?: RequestOptions): Promise<Job>;
  getJob(jobId: string, options?: RequestOptions): Promise<Job>;
  deleteJob(jobId: string, options?: RequestOptions): Promise<void>;
  cancelJob(jobId: string, options?: RequestOptions): Promise<Job>;
  listJobOutputs(jobId: string, params?: ListParams, options?: RequestOptions): Promise<OutputList>;
  createJobOutput(jobId: string, body: CreateJobOutputRequest, options?: RequestOptions): Promise<Output>;
  getOutput(outputId: string, options?: RequestOptions): Promise<Output>;
  getOutputContent(
    outputId: string,
    params?: OutputContentParams,
    options?: RequestOptions,
  ): Promise<OutputContentPage>;
  getUsage(options?: RequestOptions): Promise<Usage>;
  listWebhookEndpoints(params?: ListParams, options?: RequestOptions): Promise<WebhookEndpointList>;
  createWebhookEndpoint(
    body: CreateWebhookEndpointRequest,
    options?: RequestOptions,
  ): Promise<WebhookEndpointWithSecret>;
  updateWebhookEndpoint(
    endpointId: string,
    body: UpdateWebhookEndpointRequest,
    options?: RequestOptions,
  ): Promise<WebhookEndpoint>;
  deleteWebhookEndpoint(endpointId: string, options?: RequestOptions): Promise<void>;
  listWebhookDeliveries(
    endpointId: string,
    params?: ListWebhookDeliveriesParams,
    options?: RequestOptions,
  ): Promise<WebhookDeliveryList>;
  replayWebhookDelivery(
    endpointId: string,
    deliveryId: string,
    options?: RequestOptions,
  ): Promise<WebhookDelivery>;
  pauseWebhookEndpoint(endpointId: string, options?: RequestOptions): Promise<WebhookEndpoint>;
  resumeWebhookEndpoint(endpointId: string, options?: RequestOptions): Promise<WebhookEndpoint>;
  rotateWebhookEndpointSecret(endpointId: string, options?: RequestOptions): Promise<RotatedWebhookEndpoint>;
  testWebhookEndpoint(endpointId: string, options?: RequestOptions): Promise<WebhookDelivery>;

  /**
   * Calls one operation by its id in the contract's table, with its path parameters, query and
   * body by name; what every method above does, for callers that hold an operation id (MCP tools).
   */
  call<Id extends OperationId>(
    operationId: Id,
    input: CallInput<Id>,
    options?: RequestOptions,
  ): Promise<OperationResponseBody<Id>>;
  /** Direct upload: createUploadIntent → PUT of the bytes with `upload_headers` → completeFileUpload. */
  uploadFile(input: UploadFileInput, options?: UploadFileOptions): Promise<FileResource>;
  /** createJob, then polls getJob until the job is terminal; returns the terminal job. */
  createJobAndWait(body: CreateJobRequest, options?: WaitOptions): Promise<Job>;
  /** Polls getJob until an existing job is terminal; returns the terminal job. */
  waitForJob(jobId: string, options?: Omit<WaitOptions, 'idempotencyKey'>): Promise<Job>;
  /** Reads every content page of an output and returns their concatenation (the whole artifact). */
  readOutputContent(outputId: string, options?: ReadContentOptions): Promise<string>;
  /** Streams a manifest file to a path or stream, verified by size and sha256, resuming a partial file. */
  downloadArtifact(
    artifact: ArtifactToDownload,
    destination: string | Writable,
    options?: DownloadOptions,
  ): Promise<DownloadResult>;
}
