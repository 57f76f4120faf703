import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from './create-sqlite-store.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES } from './sqlite-checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('the SQLite store checkpointer', () => {
  it('copies committed pages into the database file without the committing connection doing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transmute-checkpointer-'));
    dirs.push(dir);
    const path = join(dir, 'transmute.db');
    const store = await createSqliteStore({ path });
    try {
      await sql`create table probe (id integer primary key, body text)`.execute(store.db);
      const before = statSync(path).size;
      // About 400 pages of 4 KB, far below the connection's own fallback checkpoint.
      const body = 'x'.repeat(4000);
      for (let i = 0; i < 400; i += 1) await sql`insert into probe (body) values (${body})`.execute(store.db);
      expect(400).toBeLessThan(FALLBACK_AUTOCHECKPOINT_PAGES);
      await waitUntil(() => statSync(path).size > before + 1_000_000);
      expect(statSync(path).size).toBeGreaterThan(before + 1_000_000);
    } finally {
      await store.close();
    }
  });
});
