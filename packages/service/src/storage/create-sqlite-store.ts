import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from './store.js';
import type { Database } from './schema.js';
import { createKyselyStore } from './create-kysely-store.js';
import { withStatementCache } from './statement-cache.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startSqliteCheckpointer } from './sqlite-checkpointer.js';

/** Options of {@link createSqliteStore}. */
export interface SqliteStoreOptions {
  /** Database file (created with its directory when missing: file mode 0600, directory 0700). */
  path: string;
  /** Milliseconds a writer waits for another process's lock (default 5000). */
  busyTimeoutMs?: number;
}

/**
 * The embedded default store: SQLite through better-sqlite3 in WAL mode with a busy timeout;
 * migrations applied at start; each distinct statement is prepared once; the log checkpointed by
 * a worker thread. Several processes may
 * share one file.
 *
 * @example
 * const store = await createSqliteStore({ path: './data/transmute.db' });
 */
export async function createSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  // Private from the start: the database holds API key hashes, webhook secrets and content.
  // SQLite gives its -wal and -shm files the database file's mode.
  mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
  closeSync(openSync(options.path, 'a', 0o600));
  const database = new BetterSqlite3(options.path);
  database.pragma(`busy_timeout = ${String(options.busyTimeoutMs ?? 5000)}`);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // The log is checkpointed by a worker thread (startSqliteCheckpointer), not inside commits.
  database.pragma(`wal_autocheckpoint = ${String(FALLBACK_AUTOCHECKPOINT_PAGES)}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const stopCheckpointer = startSqliteCheckpointer(options.path);
  // Changes whenever another connection committed (the checkpointer commits nothing).
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  try {
    return await createKyselyStore({
      db,
      dialect: 'sqlite',
      onClose: stopCheckpointer,
      writesElsewhere: () => dataVersion.get() as number,
    });
  } catch (error) {
    await stopCheckpointer();
    throw error;
  }
}
