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
  artifacts: 'tables/artifact-row.ts',
  job_files: 'tables/job-inputs.ts',
  events: 'tables/events.ts',
  webhook_endpoints: 'tables/endpoint-row.ts',
  idempotency_keys: 'tables/idempotency.ts',
  usage_records: 'billing/usage-records.ts',
};

const SOURCES = join(import.meta.dirname, '..', 'src');

/**
 * The store conformance suite (`@transmute/service/testing`) seeds rows as it finds them, on
 * purpose; a data migration backfills the rows of its own schema version, which an owner of the
 * current schema must not be tied to.
 */
const SEEDS_ROWS = new Set(['testing.ts', 'storage/job-inputs-migration.ts']);

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
      const builder = new RegExp(
        String.raw`\b(insertInto|updateTable|deleteFrom|preparedInsert)\(\s*'${table}'`,
      );
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

  it('writes to every owned table only from its owner module', async () => {
    expect(await writesOutsideOwners(SOURCES)).toEqual([]);
  });

  it('finds a write outside its owner, through Kysely or SQL text', async () => {
    probe = await mkdtemp(join(tmpdir(), 'transmute-owners-'));
    await writeFile(
      join(probe, 'stray.ts'),
      "await trx.updateTable('outputs').set({ status: 'failed' }).execute();\n" +
        'await sql`delete from webhook_deliveries where id = ${id}`.execute(db);\n' +
        "await trx.updateTable('artifacts').set({ blob_key: null }).execute();\n" +
        "const insertJobs = preparedInsert('jobs');\n",
    );
    expect((await writesOutsideOwners(probe)).sort()).toEqual([
      'stray.ts: artifacts',
      'stray.ts: jobs',
      'stray.ts: outputs',
      'stray.ts: webhook_deliveries',
    ]);
  });
});
