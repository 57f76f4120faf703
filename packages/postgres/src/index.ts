export { createPostgresStore, type PostgresStoreOptions } from './create-postgres-store.js';
export { createPostgresRateLimitStore } from './create-postgres-rate-limit-store.js';
