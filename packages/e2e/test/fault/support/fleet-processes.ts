import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../../blackbox/support/service.js';
import { cliNodeArgs } from '../../../../../scripts/cli-under-test.js';

/** One `transmute serve --no-worker` or `transmute worker` process of the fleet. */
export interface FleetProcess {
  name: string;
  /** `http://127.0.0.1:P` of an API process; '' for a worker. */
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr (for failure messages). */
  output(): string;
}

/** A set of CLI processes sharing one environment (database, blob store, secrets). */
export interface Fleet {
  /** `transmute serve --no-worker`; with `worker: true` the API process runs jobs too. */
  startApi(name: string, options?: { worker?: boolean }): Promise<FleetProcess>;
  startWorker(name: string): Promise<FleetProcess>;
  /** SIGKILL (no grace: the lease and the outbox must cover it); resolves once it is gone. */
  kill(process: FleetProcess): Promise<void>;
  /** SIGKILLs every process still running and removes their data directories. */
  stopAll(): Promise<void>;
}

async function waitFor(process: FleetProcess, ready: RegExp, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!ready.test(process.output())) {
    if (process.child.exitCode !== null || process.child.signalCode !== null)
      throw new Error(`${process.name} exited before it was ready:\n${process.output()}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`${process.name} was not ready in time:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts fleet processes of the real CLI with `env` (each with a data directory of its own). */
export function createFleet(env: NodeJS.ProcessEnv): Fleet {
  const running = new Set<FleetProcess>();
  const dirs: string[] = [];

  function launch(name: string, args: string[], url: string): FleetProcess {
    const dataDir = mkdtempSync(join(tmpdir(), `transmute-fleet-${name}-`));
    dirs.push(dataDir);
    const child = spawn(process.execPath, [...cliNodeArgs(), ...args, '--data-dir', dataDir], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const started: FleetProcess = { name, url, child, output: () => text };
    running.add(started);
    child.once('exit', () => running.delete(started));
    return started;
  }

  return {
    async startApi(name, options = {}) {
      const port = await freePort();
      const url = `http://127.0.0.1:${String(port)}`;
      const worker = options.worker === true ? [] : ['--no-worker'];
      const api = launch(name, ['serve', ...worker, '--port', String(port), '--base-url', url], url);
      await waitFor(api, /Transmute listening on/, 120_000);
      return api;
    },
    async startWorker(name) {
      const worker = launch(name, ['worker'], '');
      await waitFor(worker, /Transmute worker started/, 120_000);
      return worker;
    },
    async kill(target) {
      if (target.child.exitCode !== null || target.child.signalCode !== null) return;
      const gone = new Promise((resolve) => target.child.once('exit', resolve));
      target.child.kill('SIGKILL');
      await gone;
    },
    async stopAll() {
      await Promise.all([...running].map((each) => this.kill(each)));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the CLI to completion with `env` and returns its stdout (rejects on a non-zero exit). */
export function runFleetCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'transmute-fleet-cli-'));
    const child = spawn(process.execPath, [...cliNodeArgs(), ...args, '--data-dir', dataDir], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      if (code === 0) resolve(out);
      else reject(new Error(`transmute ${args.join(' ')} exited ${String(code)}: ${err}${out}`));
    });
  });
}
