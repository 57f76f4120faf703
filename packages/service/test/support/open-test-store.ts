import { createKyselyStore, createSqliteStore, type Store } from '../../src/index.js';
import { openPostgresSchema } from './postgres.js';

/**
 * Opens the store a test names in one string, so a child process can open its parent's database:
 * `postgres:<schema>` (a schema of the test PostgreSQL, see `createPostgresTestDb`) or a SQLite
 * file path.
 */
export function openTestStore(location: string): Promise<Store> {
  if (location.startsWith('postgres:')) {
    const db = openPostgresSchema(location.slice('postgres:'.length));
    return createKyselyStore({ db, dialect: 'postgres' });
  }
  return createSqliteStore({ path: location });
}
