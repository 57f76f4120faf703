import type {
  AccountStatus,
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
  Plan,
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
import type { ServiceMetrics } from './service-metrics.js';

/** An account, as the operator manages it. */
export interface Account {
  id: string;
  plan: Plan;
  status: AccountStatus;
  createdAt: string;
}

/** Who is calling: resolved from the credential by the HTTP layer, never from the request body. */
export interface Caller {
  accountId: string;
  requestId: string;
  /** W3C traceparent of the request's span, kept on the jobs it creates (tracing; optional). */
  traceparent?: string;
}

/** List parameters (CONTRACT §6); `limit` is already checked to be 1..100 by the HTTP layer. */
export interface ListParams {
  limit: number;
  cursor?: string;
}

/** What {@link TransmuteService.runIdempotent} answers: the operation's value, first or replayed. */
export interface IdempotentResult<T> {
  /** The value the operation returned (on a replay: the remembered one, as JSON gives it back). */
  value: T;
  /** True when the value was remembered from an earlier request with the same key. */
  replayed: boolean;
}

/** Idempotency claim of one request (CONTRACT §5). */
export interface IdempotencyRequest {
  key: string;
  /** SHA-256 hex of `METHOD path` + canonical JSON (RFC 8785) of the body. */
  fingerprint: string;
  /**
   * The operation `execute` runs (an id of the operation table). Lets the service claim the key
   * in the operation's own transaction where the operation supports it (createJob), instead of
   * by a commit of its own before the operation runs.
   */
  operationId?: string;
}

/** A readable artifact or upload, for the routes outside `/v1`. */
export interface BlobDownload {
  name: string;
  mediaType: string;
  sizeBytes: number;
  sha256: string;
  /** Opens the bytes; `range` is inclusive start..end. */
  open(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  /** A presigned URL of the storage service serving the bytes (with Range), when the store has one. */
  presignedUrl?: string;
}

/** One `/readyz` check: whether it passed, and what it found (never a secret). */
export interface ReadinessCheck {
  ok: boolean;
  detail: string;
}

/** What `/readyz` reports: ready only when every check passed. */
export interface Readiness {
  ready: boolean;
  checks: Record<'store' | 'blob_store' | 'migrations' | 'workers' | 'shutdown', ReadinessCheck>;
}

/**
 * The 25 operations over a Store and a BlobStore, account-scoped by {@link Caller}, plus the
 * routes outside `/v1` and the operator's admin methods. Errors are thrown as `TransmuteError`.
 */
export interface TransmuteService {
  // ---- credentials ----
  /** Resolves an API key (`tmk_…`) to its account; null when unknown or revoked. */
  authenticateApiKey(apiKey: string): Promise<Account | null>;
  /** The account of an id (used after OAuth token verification); null when unknown. */
  getAccount(accountId: string): Promise<Account | null>;

  // ---- idempotency (CONTRACT §5) ----
  /**
   * Runs `execute` (one operation of this service) at most once per (account, key) and remembers
   * its value, or its error when the error catalogue marks the code `remembered`, in the same
   * transaction as the side effect. A repeat with the same fingerprint answers the remembered value
   * (`replayed: true`) or throws the remembered error again (with `Idempotent-Replayed: true`);
   * another fingerprint throws `idempotency_key_reused`, a running one `idempotency_key_in_use`.
   * Other errors leave no record.
   */
  runIdempotent<T>(
    caller: Caller,
    request: IdempotencyRequest,
    execute: () => Promise<T>,
  ): Promise<IdempotentResult<T>>;

  // ---- the 25 operations ----
  getCapabilities(caller: Caller): Promise<Capabilities>;
  createUploadIntent(caller: Caller, body: CreateUploadIntentRequest): Promise<UploadIntent>;
  getFile(caller: Caller, fileId: string): Promise<FileResource>;
  deleteFile(caller: Caller, fileId: string): Promise<void>;
  /** `changed` false when the file was already past `pending_upload`/`uploaded` (→ 200 instead of 202). */
  completeFileUpload(
    caller: Caller,
    fileId: string,
    body: CompleteUploadRequest,
  ): Promise<{ file: FileResource; changed: boolean }>;
  listJobs(caller: Caller, params: ListParams & { status?: JobStatus }): Promise<JobList>;
  createJob(caller: Caller, body: CreateJobRequest): Promise<Job>;
  getJob(caller: Caller, jobId: string): Promise<Job>;
  deleteJob(caller: Caller, jobId: string): Promise<void>;
  /** `changed` false when already `canceling`/`canceled` (→ 200 instead of 202). */
  cancelJob(caller: Caller, jobId: string): Promise<{ job: Job; changed: boolean }>;
  listJobOutputs(caller: Caller, jobId: string, params: ListParams): Promise<OutputList>;
  createJobOutput(caller: Caller, jobId: string, body: CreateJobOutputRequest): Promise<Output>;
  getOutput(caller: Caller, outputId: string): Promise<Output>;
  /** `limit` in characters (default 262144, max 1048576). */
  getOutputContent(
    caller: Caller,
    outputId: string,
    params: { cursor?: string; limit?: number },
  ): Promise<OutputContentPage>;
  getUsage(caller: Caller): Promise<Usage>;
  listWebhookEndpoints(caller: Caller, params: ListParams): Promise<WebhookEndpointList>;
  createWebhookEndpoint(
    caller: Caller,
    body: CreateWebhookEndpointRequest,
  ): Promise<WebhookEndpointWithSecret>;
  updateWebhookEndpoint(
    caller: Caller,
    endpointId: string,
    body: UpdateWebhookEndpointRequest,
  ): Promise<WebhookEndpoint>;
  deleteWebhookEndpoint(caller: Caller, endpointId: string): Promise<void>;
  listWebhookDeliveries(
    caller: Caller,
    endpointId: string,
    params: ListParams & { status?: WebhookDeliveryStatus },
  ): Promise<WebhookDeliveryList>;
  replayWebhookDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<WebhookDelivery>;
  pauseWebhookEndpoint(caller: Caller, endpointId: string): Promise<WebhookEndpoint>;
  resumeWebhookEndpoint(caller: Caller, endpointId: string): Promise<WebhookEndpoint>;
  rotateWebhookEndpointSecret(caller: Caller, endpointId: string): Promise<RotatedWebhookEndpoint>;
  testWebhookEndpoint(caller: Caller, endpointId: string): Promise<WebhookDelivery>;

  // ---- routes outside /v1 (signed tokens; no bearer credential) ----
  /**
   * Streams the body of a direct upload (`PUT {base_url}/uploads/<token>`) into the BlobStore while
   * hashing; throws `payload_too_large` past the intent's size (nothing kept), `not_found` for a
   * bad/expired token, `upload_already_completed` after completion.
   */
  receiveUpload(
    token: string,
    body: ReadableStream<Uint8Array>,
    contentType: string | null,
  ): Promise<FileResource>;
  /** Resolves `GET {base_url}/artifacts/<token>`; throws `not_found` for a bad/expired token. */
  openArtifact(token: string): Promise<BlobDownload>;

  // ---- operators (optional: a service without them answers `/readyz` like `/healthz`, no `/metrics`) ----
  /** Store, blob store, migrations, workers and shutdown state, for `/readyz`. */
  readiness?(): Promise<Readiness>;
  /** This instance's Prometheus registry and instruments, served at `/metrics`. */
  readonly metrics?: ServiceMetrics;
  /**
   * The installation's public base URL (`config.baseUrl`, the `{base}` of its links); the HTTP
   * layer points problem `type` URIs at `{base}/docs/problems/<code>` from it by default.
   */
  readonly baseUrl?: string;
  /**
   * Origins other than the API's that a browser client talks to: the blob store's, when uploads
   * and downloads go straight to it by presigned URLs (none with the filesystem store).
   */
  directOrigins?(): Promise<string[]>;

  // ---- lifecycle ----
  /**
   * Encrypts values an earlier run without a master key stored in clear (when one is configured),
   * then starts workers, the retention sweeper and (when configured) the webhook dispatcher.
   */
  start(): Promise<void>;
  /** Graceful shutdown: stop claiming, finish or release in-flight work, close the store. */
  close(): Promise<void>;
}
