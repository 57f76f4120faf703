import type * as WorkerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunRecorder } from '../internal/usage-meter.js';
import { workerResourceLimits } from '@transmute/plugin-sdk';
import { CpuPool } from './cpu-pool.js';

/** Every Worker the pool starts, to read the limits V8 actually gave it. */
const started = vi.hoisted(() => [] as WorkerThreads.Worker[]);

vi.mock('node:worker_threads', async (importOriginal) => {
  const original = await importOriginal<typeof WorkerThreads>();
  class RecordedWorker extends original.Worker {
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super(...args);
      started.push(this);
    }
  }
  return { ...original, Worker: RecordedWorker };
});

describe('CpuPool worker limits', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it('runs its workers with the bounded young generation, not V8 default', { timeout: 60_000 }, async () => {
    pool = new CpuPool(1);
    const ctx = {
      signal: new AbortController().signal,
      progress: { stage: () => {}, within: () => {} },
      recorder: createRunRecorder(),
    };
    const input = { content: '# Title\n\nText.', mediaType: 'text/markdown', name: 'small.md' };
    await pool.run('read-text', input, ctx);
    expect(started).toHaveLength(1);
    // Read while the (idle) worker still runs: a stopped worker reports no limits.
    expect(started[0]?.resourceLimits?.maxYoungGenerationSizeMb).toBe(
      workerResourceLimits().maxYoungGenerationSizeMb,
    );
    expect(workerResourceLimits().maxYoungGenerationSizeMb).toBe(48);
  });
});
