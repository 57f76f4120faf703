import type { TransmuteAdmin } from './admin-types.js';
import { createAdminFromContext } from './create-admin.js';
import type { ServiceOptions } from './kernel/service-config.js';
import type { Readiness, TransmuteService } from './kernel/service-types.js';
import type { ServiceMetrics } from './kernel/service-metrics.js';
import { authenticateApiKey, findAccount, loadAccount } from './tables/accounts.js';
import { getCapabilities } from './operations/capabilities.js';
import { createCoreContext, type ServiceContext } from './kernel/context.js';
import { createJob } from './operations/create-job.js';
import * as files from './operations/files.js';
import * as uploads from './operations/uploads.js';
import { runIdempotent } from './tables/idempotency.js';
import { sealAtRest } from './tables/seal-at-rest.js';
import * as jobs from './operations/jobs.js';
import { getOutputContent } from './operations/output-content.js';
import * as outputs from './operations/outputs.js';
import { createOrphanCollector } from './worker/collect-orphans.js';
import { sweepRetention } from './worker/sweep-retention.js';
import { testWebhookEndpoint } from './operations/test-webhook-endpoint.js';
import { computeUsage } from './billing/usage.js';
import { validateFile } from './worker/validate-file.js';
import { ValidationLane } from './worker/validation-lane.js';
import * as webhooks from './operations/webhook-endpoints.js';
import { WorkerPool } from './worker/worker-pool.js';
import { createReadinessCheck } from './operations/check-readiness.js';
import { countBlobErrors } from './kernel/count-blob-errors.js';
import { resolveBatchSettings } from './kernel/batch-settings.js';
import { createServiceMetrics } from './kernel/service-metrics.js';
import { listenForCredentialChanges } from './kernel/credential-cache.js';
import {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './webhooks/dispatch-webhooks.js';

/** The service plus the operator's methods. */
export interface Service extends TransmuteService {
  readonly baseUrl: string;
  readonly admin: TransmuteAdmin;
  readonly metrics: ServiceMetrics;
  readiness(): Promise<Readiness>;
  /**
   * Marks the process as shutting down without stopping anything: `/readyz` answers 503 so load
   * balancers stop sending new requests while in-flight ones finish; `close()` follows.
   */
  beginShutdown(): void;
  /**
   * Runs one sweep now (the sweeper also runs on its interval): a retention pass, then a bounded
   * orphan collection (blobs no row refers to and abandoned temporary files, past
   * `retention.orphanGraceMs`).
   */
  sweep(): Promise<void>;
}

function createValidationLane(ctx: ServiceContext): ValidationLane {
  const concurrency = ctx.config.validationConcurrency ?? 2;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new TypeError('createService: validationConcurrency must be a positive integer');
  const validate = (fileId: string): Promise<void> =>
    validateFile(ctx, fileId).catch((error: unknown) =>
      ctx.logger.error('file validation failed', { fileId, error: String(error) }),
    );
  return new ValidationLane(validate, concurrency);
}

function createDispatcher(ctx: ServiceContext): WebhookDispatcher | null {
  const options = ctx.config.webhooks ?? {};
  if (options.enabled === false) return null;
  const { enabled: _enabled, ...rest } = options;
  const dispatcherOptions = {
    ...(rest as Partial<WebhookDispatcherOptions>),
    store: ctx.store,
    now: () => ctx.now(),
    allowPrivateNetworks: ctx.config.allowPrivateNetworks === true,
    workerId: ctx.workerId,
    logger: ctx.logger,
    metrics: ctx.metrics,
    ...(ctx.config.masterKey === undefined ? {} : { masterKey: ctx.config.masterKey }),
  } satisfies WebhookDispatcherOptions;
  return createWebhookDispatcher(dispatcherOptions);
}

/**
 * The 25 operations over a Store, a BlobStore and an Engine, with the worker pool, retention
 * sweeper and webhook dispatcher started by `start()`.
 *
 * @example
 * const service = createService({ store, blobs, engine, config: { baseUrl, signingSecret } });
 * await service.start();
 */
export function createService(options: ServiceOptions): Service {
  const core = createCoreContext(options.store, options.config);
  const metrics = createServiceMetrics({ store: options.store, now: () => core.now() });
  const blobs = countBlobErrors(options.blobs, metrics);
  const batch = resolveBatchSettings(options.config);
  const ctx: ServiceContext = { ...core, blobs, engine: options.engine, metrics, batch };
  const pool = new WorkerPool(ctx, {
    concurrency: options.config.workerConcurrency ?? 2,
    pollIntervalMs: options.config.pollIntervalMs ?? 1000,
    shutdownGraceMs: options.config.shutdownGraceMs ?? 10_000,
  });
  const validations = createValidationLane(ctx);
  let sweeper: NodeJS.Timeout | null = null;
  let dispatcher: WebhookDispatcher | null = null;
  let closed = false;
  let shuttingDown = false;
  const orphans = createOrphanCollector(ctx);
  const readiness = createReadinessCheck(ctx, { pool, closing: () => shuttingDown || closed });
  // Another process's revocation or account change clears this process's cached credentials.
  const stopListening = listenForCredentialChanges(ctx.store, ctx.credentials);
  const sweep = async (): Promise<void> => {
    await sweepRetention(ctx).catch((error: unknown) =>
      ctx.logger.warn('retention sweep failed', { error: String(error) }),
    );
    await orphans
      .collect()
      .catch((error: unknown) => ctx.logger.warn('orphan collection failed', { error: String(error) }));
  };

  return {
    admin: createAdminFromContext(core),
    baseUrl: options.config.baseUrl.replace(/\/+$/, ''),
    directOrigins: async () => (blobs.direct === undefined ? [] : [await blobs.direct.origin()]),
    sweep,
    metrics,
    readiness,
    beginShutdown: () => {
      shuttingDown = true;
    },
    authenticateApiKey: (apiKey) => authenticateApiKey(core, apiKey),
    getAccount: (accountId) => findAccount(ctx.store.db, accountId),
    runIdempotent: (caller, request, execute) => runIdempotent(core, caller, request, execute),
    getCapabilities: () => getCapabilities(ctx),
    createUploadIntent: (caller, body) => files.createUploadIntent(ctx, caller, body),
    getFile: (caller, fileId) => files.getFile(ctx, caller, fileId),
    deleteFile: (caller, fileId) => files.deleteFile(ctx, caller, fileId),
    async completeFileUpload(caller, fileId, body) {
      const result = await uploads.completeFileUpload(ctx, caller, fileId, body);
      if (result.changed) validations.add(fileId);
      return result;
    },
    listJobs: (caller, params) => jobs.listJobs(ctx, caller, params),
    createJob: (caller, body) => createJob(ctx, caller, body),
    getJob: (caller, jobId) => jobs.getJob(ctx, caller, jobId),
    deleteJob: (caller, jobId) => jobs.deleteJob(ctx, caller, jobId),
    cancelJob: (caller, jobId) => jobs.cancelJob(ctx, caller, jobId),
    listJobOutputs: (caller, jobId, params) => outputs.listJobOutputs(ctx, caller, jobId, params),
    createJobOutput: (caller, jobId, body) => outputs.createJobOutput(ctx, caller, jobId, body),
    getOutput: (caller, outputId) => outputs.getOutput(ctx, caller, outputId),
    getOutputContent: (caller, outputId, params) => getOutputContent(ctx, caller, outputId, params),
    getUsage: async (caller) =>
      computeUsage(core, ctx.store.db, await loadAccount(ctx.store.db, caller.accountId)),
    listWebhookEndpoints: (caller, params) => webhooks.listWebhookEndpoints(core, caller, params),
    createWebhookEndpoint: (caller, body) => webhooks.createWebhookEndpoint(core, caller, body),
    updateWebhookEndpoint: (caller, id, body) => webhooks.updateWebhookEndpoint(core, caller, id, body),
    deleteWebhookEndpoint: (caller, id) => webhooks.deleteWebhookEndpoint(core, caller, id),
    listWebhookDeliveries: (caller, id, params) => webhooks.listWebhookDeliveries(core, caller, id, params),
    replayWebhookDelivery: (caller, id, deliveryId) =>
      webhooks.replayWebhookDelivery(core, caller, id, deliveryId),
    pauseWebhookEndpoint: (caller, id) => webhooks.pauseWebhookEndpoint(core, caller, id),
    resumeWebhookEndpoint: (caller, id) => webhooks.resumeWebhookEndpoint(core, caller, id),
    rotateWebhookEndpointSecret: (caller, id) => webhooks.rotateWebhookEndpointSecret(core, caller, id),
    testWebhookEndpoint: (caller, id) => testWebhookEndpoint(core, caller, id),
    receiveUpload: (token, body) => uploads.receiveUpload(ctx, token, body),
    openArtifact: (token) => outputs.openArtifact(ctx, token),

    async start() {
      await sealAtRest(core);
      pool.start();
      const stuck = await ctx.store.db
        .selectFrom('files')
        .select('id')
        .where('status', '=', 'validating')
        .execute();
      for (const file of stuck) validations.add(file.id);
      sweeper = setInterval(() => void sweep(), ctx.retention.sweepIntervalMs);
      sweeper.unref();
      dispatcher = createDispatcher(ctx);
      dispatcher?.start();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (sweeper !== null) clearInterval(sweeper);
      await pool.close();
      await dispatcher?.stop();
      await validations.close();
      stopListening();
      await ctx.store.close();
    },
  };
}
