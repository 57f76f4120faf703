import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The WAL size (pages) past which a committing connection checkpoints by itself, as SQLite does by
 * default at 1000: a fallback for when the checkpointer falls behind (a long reader holds old
 * frames), so the log cannot grow without bound.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * The worker's whole program (CommonJS, evaluated): its own connection to the file, a PASSIVE
 * checkpoint on a timer (it never blocks the process's writers and readers; a checkpoint another
 * connection runs at the same moment makes this one busy, which is fine), closed on any message.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a SQLite database's write-ahead log into its file from a worker thread, so the copy and
 * its fsyncs (a checkpoint syncs the log and the file even with `synchronous = NORMAL`) never stall
 * the event loop. SQLite's own automatic checkpoint runs inside a commit on the committing thread:
 * every 1000 pages, a few times a second under load, each one holding every job in flight. The
 * store's connection keeps an automatic checkpoint only as a fallback
 * ({@link FALLBACK_AUTOCHECKPOINT_PAGES}). Returns how to stop it.
 *
 * @example
 * const stop = startSqliteCheckpointer('./data/transmute.db');
 * await stop();
 */
export function startSqliteCheckpointer(path: string): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: { driver, path, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // Never the reason a process stays up; a failed checkpointer leaves the fallback in place.
  worker.unref();
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    // Held while closing, or a process with nothing else to do would leave before the exit.
    worker.ref();
    worker.postMessage('close');
    await exited;
  };
}
