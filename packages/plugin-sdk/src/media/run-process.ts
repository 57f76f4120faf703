import { spawn } from 'node:child_process';
import { TransmuteError } from '@transmute/contract';

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Kills the child after this long (ms). */
  timeoutMs?: number;
  /** Output past this many bytes (stdout + stderr) is dropped, keeping memory bounded. */
  maxOutputBytes?: number;
  env?: NodeJS.ProcessEnv;
}

/** What a finished child process left behind. */
export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const live = new Set<number>();

/** PIDs of the media child processes still running (ffmpeg, ffprobe, recognizers). */
export function liveProcessIds(): number[] {
  return [...live];
}

/**
 * Runs a binary without a shell and collects its output. Abort and timeout kill it with SIGKILL,
 * so a canceled job never leaves an ffmpeg or recognizer process behind.
 */
export function runProcess(
  command: string,
  args: string[],
  options: RunProcessOptions = {},
): Promise<ProcessResult> {
  const { signal, timeoutMs, maxOutputBytes = 16 * 1024 * 1024 } = options;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    if (child.pid !== undefined) live.add(child.pid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let kept = 0;
    const keep = (into: Buffer[]) => (chunk: Buffer) => {
      if (kept >= maxOutputBytes) return;
      kept += chunk.length;
      into.push(chunk);
    };
    child.stdout.on('data', keep(out));
    child.stderr.on('data', keep(err));
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer =
      timeoutMs === undefined ? undefined : setTimeout(() => ((timedOut = true), kill()), timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });
    const finish = () => {
      if (child.pid !== undefined) live.delete(child.pid);
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
    };
    child.on('error', (error) => {
      finish();
      reject(
        new TransmuteError('internal_error', `Could not run ${command}: ${error.message}`, { cause: error }),
      );
    });
    child.on('close', (code) => {
      finish();
      if (signal?.aborted)
        return reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
      if (timedOut)
        return reject(new TransmuteError('timeout', `${command} took longer than ${timeoutMs} ms.`));
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
}
