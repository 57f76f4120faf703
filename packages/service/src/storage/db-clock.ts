import { sql, type RawBuilder } from 'kysely';
import type { StoreDialect } from './store.js';

// Lease times are read from the database's clock, never from a worker's: every worker compares
// against the one clock that wrote them, so a machine whose clock runs ahead cannot take a live
// lease, and one that runs behind cannot keep a dead one. Both give ISO 8601 with ms and Z, the
// format of every time column (lexicographic order = time order).

/** The database's time now, `ms` later (a trusted number: it is inlined). */
export function dbTimeIn(dialect: StoreDialect, ms = 0): RawBuilder<string> {
  if (dialect === 'postgres') {
    const later =
      ms === 0
        ? sql`clock_timestamp()`
        : sql`clock_timestamp() + interval ${sql.lit(`${String(Math.round(ms))} milliseconds`)}`;
    return sql<string>`to_char((${later}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  }
  const modifier = sql.lit(`${ms >= 0 ? '+' : '-'}${(Math.abs(ms) / 1000).toFixed(3)} seconds`);
  return sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${modifier})`;
}
