import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliNodeArgs } from '../../../scripts/cli-under-test.js';

const NODE_ARGS = cliNodeArgs();
// `--import tsx` resolves from the working directory: the commands run in the repository root.
const ROOT = new URL('../../../', import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI entry to completion. */
function transmute(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...NODE_ARGS, ...args],
      { cwd: ROOT, env: { ...process.env, TRANSMUTE_PORT: '', TRANSMUTE_API_KEY: '' } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'transmute-cli-28-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('transmute convert <host name without a scheme>', () => {
  it('says the file does not exist and suggests the https:// URL', async () => {
    const run = await transmute(['convert', 'example.com']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('ENOENT');
    expect(run.stderr).toContain('https://example.com');
  });

  it('makes no such suggestion for a missing path that is no host name', async () => {
    const run = await transmute(['convert', 'notes/missing.md']);
    expect(run.stderr).toContain('ENOENT');
    expect(run.stderr).not.toContain('https://');
  });
});

describe('transmute convert x.md | head', () => {
  it('exits 0 without an error when the reader closes the pipe early', async () => {
    const path = join(work, 'long.md');
    await writeFile(
      path,
      `# Notes\n\n${'A line of text about pipes and readers that stop early.\n\n'.repeat(8_000)}`,
    );
    const command = [process.execPath, ...NODE_ARGS, 'convert', '-q', path]
      .map((word) => `'${word}'`)
      .join(' ');
    const run = await new Promise<Run>((resolve) => {
      const child = execFile(
        'bash',
        ['-c', `${command} 2>"${join(work, 'stderr')}" | head -c 100 >/dev/null; echo "\${PIPESTATUS[0]}"`],
        { cwd: ROOT },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(await readFile(join(work, 'stderr'), 'utf8')).toBe('');
    expect(run.stdout.trim()).toBe('0');
  });
});

describe('transmute serve on a busy port', { timeout: 120_000 }, () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('fails saying the port is taken, creates no account, and the next start prints the key', async () => {
    const dataDir = join(work, 'data');
    const port = (busy.address() as { port: number }).port;
    const refused = await transmute([
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`Port ${String(port)} on 127.0.0.1 is already in use`);
    expect(refused.stdout).not.toContain('API key');
    expect(refused.stdout).not.toContain('curl');

    const child = spawn(process.execPath, [...NODE_ARGS, 'serve', '--port', '0', '--data-dir', dataDir], {
      cwd: ROOT,
      env: { ...process.env, TRANSMUTE_PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Transmute listening on')) resolve(output);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${String(code)}: ${output}`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(started).toMatch(/API key \(shown only once, keep it\): tmk_\w+/);
  });
});
