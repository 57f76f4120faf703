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
} from './kernel/service-types.js';
export type { CommitMode, Store, StoreDialect, Database, TransactionOptions } from './storage/store.js';
export type {
  BlobStore,
  BlobInfo,
  BlobPutOptions,
  PutFileOptions,
  DirectBlobAccess,
  DirectUploadIntent,
  DirectUploadTarget,
} from './storage/blob-store.js';
export { BLOB_KEY, newBlobKey, sha256OfBlobKey } from './storage/blob-store.js';
export type {
  ServiceConfig,
  ServiceOptions,
  ServiceLogger,
  RetentionConfig,
} from './kernel/service-config.js';
export type { TransmuteAdmin, BillingObject, AccountObject, CreateAccountOptions } from './admin-types.js';
export { createService, type Service } from './create-service.js';
export { createAdmin, type AdminOptions } from './create-admin.js';
export { createKyselyStore, type KyselyStoreOptions } from './storage/create-kysely-store.js';
export { createSqliteStore, type SqliteStoreOptions } from './storage/create-sqlite-store.js';
export { createFsBlobStore, type FsBlobStoreOptions } from './storage/create-fs-blob-store.js';
export {
  createServiceMetrics,
  type ServiceMetrics,
  type ServiceMetricsOptions,
} from './kernel/service-metrics.js';
export { contextOfTraceparent, toTraceparent, transmuteTracer } from './kernel/trace-context.js';
export { PLANS, PRICES, type PlanLimits } from './kernel/plans.js';
// Webhooks: the dispatcher runs inside `service.start()`; exported to run or measure one on its own
// (bench), and the signature, for receivers that verify what they get. The rest stays internal.
export {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './webhooks/dispatch-webhooks.js';
export { signWebhook, type WebhookSignatureInput } from './webhooks/sign-webhook.js';
