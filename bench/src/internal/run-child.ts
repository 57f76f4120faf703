import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs one bench child script in a fresh Node process (so its peak RSS is its own) with the
 * workspace's development conditions and tsx, and returns the JSON of the last line it printed.
 */
export async function runChild<T>(script: string, args: readonly string[]): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', script, ...args],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as T;
}
