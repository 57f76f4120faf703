import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** An S3-protocol server (s3rver) on loopback, in a child process, with one bucket. */
export interface S3rverProcess {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** The directory s3rver keeps the bucket in (its objects are `<bucket>/<key>._S3rver_object`). */
  directory: string;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

/** s3rver's fixed credentials (it checks SigV4 signatures with them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver on a free port of 127.0.0.1 with `bucket` in a fresh directory. It runs in a child process so that an
 * exception s3rver leaves unguarded under concurrent deletes (see s3rver-main.mjs) fails one request, not the test run.
 */
export async function startS3rverProcess(bucket: string): Promise<S3rverProcess> {
  const directory = mkdtempSync(join(tmpdir(), 'transmute-s3rver-'));
  const script = join(import.meta.dirname, 's3rver-main.mjs');
  const child = spawn(process.execPath, [script, directory, bucket], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`s3rver exited with code ${String(code)} before it listened`);
  });
  const first = (async () => {
    for await (const line of lines) return JSON.parse(line) as { port: number };
    throw new Error('s3rver closed its output before it listened');
  })();
  const { port } = await Promise.race([first, exited]);
  exited.catch(() => undefined);
  return {
    endpoint: `http://127.0.0.1:${String(port)}`,
    directory,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = once(child, 'exit');
        child.kill('SIGTERM');
        await ended;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
