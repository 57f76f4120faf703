import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../blackbox/support/service.js';
import { cliNodeArgs } from '../../../../../scripts/cli-under-test.js';

/** What one `transmute …` run did. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment of a client command: the server and key in `TRANSMUTE_BASE_URL` /
 * `TRANSMUTE_API_KEY`, and a private `XDG_CONFIG_HOME` and `HOME` so no user config is read.
 */
export function clientEnv(baseUrl: string, apiKey: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'transmute-cli-home-'));
  return {
    TRANSMUTE_BASE_URL: baseUrl,
    TRANSMUTE_API_KEY: apiKey,
    XDG_CONFIG_HOME: join(home, '.config'),
    HOME: home,
    ...extra,
  };
}

/** Runs `transmute <args>` to completion (stdout and stderr are pipes: not a terminal). */
export function transmute(args: readonly string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliNodeArgs(), ...args], {
      cwd: ROOT,
      env: { ...process.env, TRANSMUTE_BASE_URL: '', TRANSMUTE_API_KEY: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The JSON a successful run printed on stdout (fails with its stderr otherwise). */
export function jsonOf<T = Record<string, unknown>>(run: CliRun): T {
  if (run.code !== 0) throw new Error(`exit ${String(run.code)}: ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout) as T;
}

/**
 * Runs `transmute <args>` in a pseudo-terminal (`script` from util-linux), so stdout and stderr
 * are a terminal; returns everything the terminal showed and the exit code.
 */
export function transmuteInTerminal(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, ...cliNodeArgs(), ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, TRANSMUTE_BASE_URL: '', TRANSMUTE_API_KEY: '', COLUMNS: '120', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    child.stdin.end();
  });
}
