import { availableParallelism } from 'node:os';
import type { CpuWorkerOptions } from '../engine-types.js';
import type { CpuContext } from '../internal/cpu-context.js';
import { CpuPool } from './cpu-pool.js';
import { runCpuTask, sizeOfTask, type CpuTaskKind, type CpuTasks } from './cpu-tasks.js';

/** Below this many characters a task runs inline: the thread hop would cost more than it saves. */
const DEFAULT_MIN_WORKER_CHARACTERS = 200_000;

/** Runs the engine's CPU tasks inline or on the engine's worker pool. */
export interface CpuRunner {
  run<K extends CpuTaskKind>(
    kind: K,
    input: CpuTasks[K]['input'],
    ctx: CpuContext,
  ): Promise<CpuTasks[K]['result']>;
  close(): Promise<void>;
}

/** Creates the runner of one engine: its pool starts on the first large task. */
export function createCpuRunner(options: CpuWorkerOptions | false | undefined): CpuRunner {
  if (options === undefined || options === false) return { run: runCpuTask, close: async () => {} };
  const threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
  const minCharacters = options.minCharacters ?? DEFAULT_MIN_WORKER_CHARACTERS;
  let pool: CpuPool | undefined;
  return {
    run(kind, input, ctx) {
      if (sizeOfTask(kind, input, minCharacters) < minCharacters) return runCpuTask(kind, input, ctx);
      pool ??= new CpuPool(threads);
      return pool.run(kind, input, ctx);
    },
    async close() {
      // Kept closed: a later large task fails with "The engine is closed." instead of starting threads.
      pool ??= new CpuPool(threads);
      await pool.close();
    },
  };
}
