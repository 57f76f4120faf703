export { createPostgresStore, type PostgresStoreOptions } from './create-postgres-store.js';
