import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

/** The PostgreSQL server the fleet benches run on. */
export const BENCH_POSTGRES_URL =
  process.env.TRANSMUTE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs one statement on its own connection (schema set-up and clean-up). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Starts a worker process (`script` with the connection, schema, worker id and blob directory) and
 * resolves once it prints `ready`; it rejects when the worker exits other than by SIGKILL.
 */
export function startBenchWorker(
  script: string,
  schema: string,
  id: string,
  blobDir: string,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', script, BENCH_POSTGRES_URL, schema, id, blobDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`worker ${id} exited (${String(code)})`));
    });
  });
}
