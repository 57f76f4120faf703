export type {
  Account,
  Caller,
  ListParams,
  StoredOutcome,
  IdempotencyRequest,
  BlobDownload,
  TransmuteService,
} from './service-types.js';
export type { Store, StoreDialect, Database } from './store.js';
export type { BlobStore, BlobInfo, BlobPutOptions } from './blob-store.js';
export { createKyselyStore, type KyselyStoreOptions } from './create-kysely-store.js';
export { createSqliteStore, type SqliteStoreOptions } from './create-sqlite-store.js';
export { createFsBlobStore, type FsBlobStoreOptions } from './create-fs-blob-store.js';
export { encryptSecret, decryptSecret } from './internal/secrets.js';
