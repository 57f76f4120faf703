export type {
  Account,
  Caller,
  ListParams,
  IdempotentResult,
  IdempotencyRequest,
  BlobDownload,
  TransmuteService,
} from './service-types.js';
export type { Store, StoreDialect, Database } from './store.js';
export type { BlobStore, BlobInfo, BlobPutOptions } from './blob-store.js';
export type { ServiceConfig, ServiceOptions, ServiceLogger, RetentionConfig } from './service-config.js';
export type { TransmuteAdmin, BillingObject, AccountObject, CreateAccountOptions } from './admin-types.js';
export { createService, type Service } from './create-service.js';
export { createAdmin, type AdminOptions } from './create-admin.js';
export { createKyselyStore, type KyselyStoreOptions } from './create-kysely-store.js';
export { createSqliteStore, type SqliteStoreOptions } from './create-sqlite-store.js';
export { createFsBlobStore, type FsBlobStoreOptions } from './create-fs-blob-store.js';
export { PLANS, PRICES, type PlanLimits } from './plans.js';
export { encryptSecret, decryptSecret } from './internal/secrets.js';
// webhooks: dispatcher, signing, preview redaction, retry schedule (webhook dispatch engineer)
export {
  createWebhookDispatcher,
  type WebhookDispatcher,
  type WebhookDispatcherOptions,
} from './webhooks/dispatch-webhooks.js';
export {
  WEBHOOK_DISPATCH_CHANNEL,
  queueWebhookReplay,
  endEndpointDeliveries,
} from './webhooks/dispatch-control.js';
export { signWebhook, toWebhookHeaders, type WebhookSignatureInput } from './webhooks/sign-webhook.js';
export { toResponsePreview } from './webhooks/redact-preview.js';
export {
  DEFAULT_RETRY_DELAYS_SECONDS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  parseRetryDelays,
  parseTimeoutMs,
} from './webhooks/schedule-retry.js';
