import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/index.js';

const script = fileURLToPath(new URL('./support/kill-target.ts', import.meta.url));
const root = fileURLToPath(new URL('../../..', import.meta.url));

function run(
  args: string[],
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', script, ...args], {
      cwd: root,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('crash recovery', () => {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('completes a job once after SIGKILL mid-job, resuming from the stored checkpoint', async () => {
    const log = join(dir, 'extract.log');
    const first = await run(['first', dir, log]);
    expect(first.signal).toBe('SIGKILL');
    const { jobId, accountId, stage } = JSON.parse(first.stdout.trim()) as {
      jobId: string;
      accountId: string;
      stage: string;
    };
    // A files job's first checkpoint is its one task's result (orchestration.batch).
    expect(stage).toBe('task:0');

    const store = await createSqliteStore({ path: join(dir, 'transmute.db') });
    const crashed = await store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(crashed.status).toBe('processing');
    await store.close();

    const second = await run(['resume', dir, `${jobId},${accountId}`]);
    expect(second.stderr).not.toMatch(/job crashed/);
    expect(second.stdout).toContain('done');

    const after = await createSqliteStore({ path: join(dir, 'transmute.db') });
    const job = await after.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('succeeded');
    expect(job.attempts).toBe(2);
    const outputs = await after.db.selectFrom('outputs').selectAll().where('job_id', '=', jobId).execute();
    expect(outputs.map((o) => o.status)).toEqual(['succeeded']);
    const events = await after.db
      .selectFrom('events')
      .select('type')
      .where('account_id', '=', accountId)
      .execute();
    const count = (type: string): number => events.filter((e) => e.type === type).length;
    expect([
      count('job.queued'),
      count('job.processing'),
      count('job.succeeded'),
      count('output.created'),
    ]).toEqual([1, 1, 1, 1]);
    await after.close();
    // The slow extraction ran once: the restarted worker resumed from the extraction checkpoint.
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['extract']);
  }, 180_000);
});
