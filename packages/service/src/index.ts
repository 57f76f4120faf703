export type {
  Account,
  Caller,
  ListParams,
  IdempotentResult,
  IdempotencyRequest,
  BlobDownload,
  Readiness,
  ReadinessCheck,
  TransmuteService,
} from './service-types.js';
export type { Store, StoreDialect, Database } from './store.js';
export type {
  BlobStore,
  BlobInfo,
  BlobPutOptions,
  DirectBlobAccess,
  DirectUploadIntent,
  DirectUploadTarget,
} from './blob-store.js';
export { BLOB_KEY, newBlobKey, sha256OfBlobKey } from './blob-store.js';
export type { ServiceConfig, ServiceOptions, ServiceLogger, RetentionConfig } from './service-config.js';
export type { TransmuteAdmin, BillingObject, AccountObject, CreateAccountOptions } from './admin-types.js';
export { createService, type Service } from './create-service.js';
export { createAdmin, type AdminOptions } from './create-admin.js';
export { createKyselyStore, type KyselyStoreOptions } from './create-kysely-store.js';
export { createSqliteStore, type SqliteStoreOptions } from './create-sqlite-store.js';
export { createFsBlobStore, type FsBlobStoreOptions } from './create-fs-blob-store.js';
export { createS3BlobStore, type S3BlobStoreOptions } from './create-s3-blob-store.js';
export { s3BlobUrlOptions } from './s3-blob-url.js';
export { createServiceMetrics, type ServiceMetrics, type ServiceMetricsOptions } from './service-metrics.js';
export { contextOfTraceparent, toTraceparent, transmuteTracer } from './trace-context.js';
export { PLANS, PRICES, type PlanLimits } from './plans.js';
// Webhooks: the dispatcher runs inside `service.start()`; exported to run or measure one on its own
// (bench), and the signature, for receivers that verify what they get. The rest stays internal.
export {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './internal/webhooks/dispatch-webhooks.js';
export { signWebhook, type WebhookSignatureInput } from './internal/webhooks/sign-webhook.js';
