import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { TransmuteError } from '@transmute/plugin-sdk';

/** One soffice run: the command, its private directory and its bounds. */
export interface SofficeRun {
  soffice: string;
  args: readonly string[];
  /** The run's private directory: its working directory, HOME and TMPDIR. */
  directory: string;
  /** Where the output is written; its size is watched while soffice runs. */
  outputDirectory: string;
  timeoutMs: number;
  maximumOutputBytes: number;
  signal: AbortSignal;
}

/** How often the output directory's size is checked while soffice writes. */
const WATCH_INTERVAL_MS = 200;
/** The end of soffice's own output kept for error messages. */
const MESSAGE_BYTES = 2048;
/** How long a killed group is given to be gone (its pipes closed) before the run settles anyway. */
const GROUP_EXIT_WAIT_MS = 5000;

async function directoryBytes(directory: string): Promise<number> {
  const names = await readdir(directory).catch(() => []);
  const sizes = await Promise.all(
    names.map((name) =>
      stat(join(directory, name)).then(
        (entry) => entry.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

/** Kills soffice's whole process group (the launcher script, oosplash and soffice.bin). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs soffice in a process group of its own, stdin ignored, with a minimal environment (HOME and
 * TMPDIR its private directory, so nothing it writes lands outside it). Past `timeoutMs`, past
 * `maximumOutputBytes` written, or on cancellation the whole group is killed and the run rejects
 * (`limit_exceeded`, `job_canceled`); the group is killed after a normal exit too, so no helper
 * process outlives the conversion; the run settles once the group is gone. Resolves with the end of
 * soffice's stdout and stderr.
 */
export function runSoffice(run: SofficeRun): Promise<string> {
  if (run.signal.aborted)
    return Promise.reject(new TransmuteError('job_canceled', 'The conversion was canceled.'));
  const child = spawn(run.soffice, run.args, {
    cwd: run.directory,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      HOME: run.directory,
      TMPDIR: run.directory,
      PATH: '/usr/local/bin:/usr/bin:/bin',
      LC_ALL: 'C.UTF-8',
      SAL_USE_VCLPLUGIN: 'svp',
    },
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-MESSAGE_BYTES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // Every process of the group holds soffice's stdout and stderr, so 'close' means all are gone.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      run.signal.removeEventListener('abort', onAbort);
      killGroup(child.pid);
      // Settles once the killed processes are gone, so the caller never removes a directory they still write.
      void Promise.race([closed, delay(GROUP_EXIT_WAIT_MS)]).then(outcome);
    };
    const fail = (code: 'limit_exceeded' | 'job_canceled' | 'extraction_failed', detail: string): void =>
      finish(() => reject(new TransmuteError(code, detail)));
    const timer = setTimeout(() => {
      fail(
        'limit_exceeded',
        `LibreOffice took longer than ${String(run.timeoutMs / 1000)} s to convert the document (convert_timeout_seconds).`,
      );
    }, run.timeoutMs);
    const watch = setInterval(() => {
      void directoryBytes(run.outputDirectory).then((bytes) => {
        if (bytes > run.maximumOutputBytes)
          fail(
            'limit_exceeded',
            `The converted document grew past ${String(run.maximumOutputBytes)} bytes (maximum_converted_bytes).`,
          );
      });
    }, WATCH_INTERVAL_MS);
    const onAbort = (): void => fail('job_canceled', 'The conversion was canceled.');
    run.signal.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) =>
      fail('extraction_failed', `LibreOffice could not be started: ${error.message}`),
    );
    child.on('close', () => finish(() => resolve(output)));
  });
}
