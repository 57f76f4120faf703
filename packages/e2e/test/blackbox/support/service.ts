import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliNodeArgs } from '../../../../../scripts/cli-under-test.js';

/** The repository root (this file is packages/e2e/test/blackbox/support/service.ts). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Runs the CLI to completion and returns stdout (rejects on a non-zero exit). */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...cliNodeArgs(), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) done(out);
      else fail(new Error(`transmute ${args.join(' ')} exited ${String(code)}: ${err}${out}`));
    });
  });
}

/** The JSON a `--json` CLI command printed as its last line. */
export function lastJsonLine(out: string): unknown {
  return JSON.parse(out.trim().split('\n').at(-1) ?? '');
}

/** An account created with `transmute accounts create --json`. */
export interface CreatedAccount {
  accountId: string;
  apiKey: string;
}

/** `transmute accounts create --data-dir D --plan P --json`. */
export async function createAccount(dataDir: string, plan = 'developer'): Promise<CreatedAccount> {
  const out = await runCli(['accounts', 'create', '--data-dir', dataDir, '--plan', plan, '--json']);
  const parsed = lastJsonLine(out) as { account_id: string; api_key: string };
  return { accountId: parsed.account_id, apiKey: parsed.api_key };
}

/** Options of {@link startService}. */
export interface StartOptions {
  /** Plans of the accounts to create (default two developer accounts). */
  plans?: readonly string[];
  /** Extra serve flags, e.g. `--allow-private-networks`. */
  flags?: readonly string[];
  /** Extra environment variables. */
  env?: NodeJS.ProcessEnv;
}

/** A running `transmute serve` process. */
export interface RunningService {
  baseUrl: string;
  dataDir: string;
  accounts: CreatedAccount[];
  /** Everything the process wrote (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

async function waitListening(child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!/listening on/i.test(output())) {
    if (child.exitCode !== null) throw new Error(`serve exited ${String(child.exitCode)}:\n${output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`serve did not start in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the real service exactly as a user would: accounts created with the CLI on a fresh data
 * dir, then `transmute serve --port P --data-dir D --host 127.0.0.1 --base-url http://127.0.0.1:P`.
 */
export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'transmute-bb-'));
  const plans = options.plans ?? ['developer', 'developer'];
  // The first create migrates the fresh database; the rest run while the server starts.
  const first = await createAccount(dataDir, plans[0]).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const args = [
    ...cliNodeArgs(),
    'serve',
    '--port',
    String(port),
    '--data-dir',
    dataDir,
    '--host',
    '127.0.0.1',
    '--base-url',
    baseUrl,
    ...(options.flags ?? []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const rest = Promise.all(plans.slice(1).map((plan) => createAccount(dataDir, plan)));
  try {
    await waitListening(child, () => output, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const accounts = [first, ...(await rest)];
  return {
    baseUrl,
    dataDir,
    accounts,
    log: () => output,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
