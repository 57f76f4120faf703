import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** Each table with an owner, and the one file that may write to it (docs/ARCHITECTURE.md, tables/). */
const OWNERS: Record<string, string> = {
  jobs: 'tables/job-row.ts',
  job_tasks: 'tables/task-row.ts',
  outputs: 'tables/output-row.ts',
  files: 'tables/file-row.ts',
  webhook_deliveries: 'tables/delivery-row.ts',
  job_checkpoints: 'tables/checkpoint-row.ts',
};

const SOURCES = join(import.meta.dirname, '..', 'src');

/** The store conformance suite (`@transmute/service/testing`) seeds rows as it finds them, on purpose. */
const SEEDS_ROWS = new Set(['testing.ts']);

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every write to an owned table (Kysely's builders or SQL text) outside its owner: `file: table`. */
async function writesOutsideOwners(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of await sourceFiles(root)) {
    const path = relative(root, file);
    if (SEEDS_ROWS.has(path)) continue;
    const text = await readFile(file, 'utf8');
    for (const [table, owner] of Object.entries(OWNERS)) {
      if (path === owner) continue;
      const builder = new RegExp(String.raw`\b(insertInto|updateTable|deleteFrom)\(\s*'${table}'`);
      const sqlText = new RegExp(String.raw`\b(insert\s+into|update|delete\s+from)\s+${table}\b`, 'i');
      if (builder.test(text) || sqlText.test(text)) found.push(`${path}: ${table}`);
    }
  }
  return found;
}

describe('one owner per table', () => {
  let probe: string | undefined;
  afterEach(async () => {
    if (probe !== undefined) await rm(probe, { recursive: true, force: true });
    probe = undefined;
  });

  it('writes to jobs, job_tasks, outputs, files, webhook_deliveries and job_checkpoints only from their row modules', async () => {
    expect(await writesOutsideOwners(SOURCES)).toEqual([]);
  });

  it('finds a write outside its owner, through Kysely or SQL text', async () => {
    probe = await mkdtemp(join(tmpdir(), 'transmute-owners-'));
    await writeFile(
      join(probe, 'stray.ts'),
      "await trx.updateTable('outputs').set({ status: 'failed' }).execute();\n" +
        'await sql`delete from webhook_deliveries where id = ${id}`.execute(db);\n',
    );
    expect((await writesOutsideOwners(probe)).sort()).toEqual([
      'stray.ts: outputs',
      'stray.ts: webhook_deliveries',
    ]);
  });
});
