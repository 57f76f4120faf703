import type { Database as BetterSqlite3Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Wraps a better-sqlite3 connection for Kysely's SqliteDialect so each distinct SQL text is
 * prepared once: Kysely's driver calls `prepare()` for every query, and preparing costs more than
 * running the small indexed reads the API serves (a getJob is two of them). Least recently used
 * statements beyond `capacity` are dropped. A statement still iterating (a streamed select) is
 * never shared: the caller gets a fresh one (only a reader is asked whether it is).
 */
export function withStatementCache(database: BetterSqlite3Database, capacity = 512): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      // Only a statement returning rows can be iterating (`iterate` refuses the others); `reader`
      // is a plain property, `busy` a call into the addon (~0.2 µs), so writes skip it.
      if (cached !== undefined && (!cached.reader || !cached.busy)) {
        // Re-insert to mark it most recently used (Map keeps insertion order).
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (cached === undefined) {
        statements.set(sql, statement);
        if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
