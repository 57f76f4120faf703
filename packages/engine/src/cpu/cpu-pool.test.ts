import { TransmuteError } from '@transmute/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { generateLargeInput } from '../../../../fixtures/text/generate.js';
import { createRunRecorder } from '../internal/usage-meter.js';
import type { CpuContext } from '../internal/cpu-context.js';
import { fromWireError, toWireError } from './cpu-messages.js';
import { CpuPool } from './cpu-pool.js';
import { runCpuTask } from './cpu-tasks.js';

function context(signal = new AbortController().signal) {
  const progress: { percent: number; detail: string | null | undefined }[] = [];
  const recorder = createRunRecorder();
  const ctx: CpuContext = {
    signal,
    progress: { stage: () => {}, within: (percent, detail) => progress.push({ percent, detail }) },
    recorder,
  };
  return { ctx, progress, recorder };
}

describe('CpuPool', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });

  it(
    'terminates the worker of a cancelled task and starts a new one for the next',
    { timeout: 120_000 },
    async () => {
      pool = new CpuPool(1);
      const controller = new AbortController();
      const { ctx } = context(controller.signal);
      ctx.progress.within = () => controller.abort(new Error('stop'));
      const input = { content: generateLargeInput(), mediaType: 'text/markdown', name: 'large.md' };
      const run = pool.run('read-text', input, ctx);
      expect(pool.threads).toBe(1);
      await expect(run).rejects.toThrow('stop');
      expect(pool.threads).toBe(0);
      const next = context();
      const small = { content: '# Title\n\nText.', mediaType: 'text/markdown', name: 'small.md' };
      const document = await pool.run('read-text', small, next.ctx);
      expect(document).toEqual(await runCpuTask('read-text', small, context().ctx));
      expect(pool.threads).toBe(1);
    },
  );

  it(
    'fails a task that is running when the pool closes, and refuses new ones',
    { timeout: 60_000 },
    async () => {
      pool = new CpuPool(1);
      const input = { content: generateLargeInput(), mediaType: 'text/markdown', name: 'large.md' };
      const run = pool.run('read-text', input, context().ctx);
      const failed = expect(run).rejects.toThrow('The engine was closed.'); // handled before it rejects
      expect(pool.threads).toBe(1);
      await pool.close();
      await failed;
      await expect(pool.run('read-text', input, context().ctx)).rejects.toThrow('The engine is closed.');
      expect(pool.threads).toBe(0);
    },
  );

  it('rejects with the TransmuteError thrown inside the worker', { timeout: 60_000 }, async () => {
    pool = new CpuPool(1);
    const input = { content: 'a', mediaType: 'image/png', name: 'x.png' };
    const error: unknown = await pool
      .run('read-text', input, context().ctx)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransmuteError);
    expect(error).toMatchObject({
      code: 'unsupported_content',
      message: 'The text source does not read image/png.',
    });
    expect(pool.threads).toBe(0); // a worker that failed a task is replaced
    expect(await pool.run('read-text', { ...input, mediaType: 'text/plain' }, context().ctx)).toMatchObject({
      metadata: { mediaType: 'text/plain' },
    });
  });

  it('replays warnings and progress of the worker on the caller context', { timeout: 60_000 }, async () => {
    pool = new CpuPool(1);
    const inputs = [
      { content: 'a,b\n1,2\n3', mediaType: 'text/csv', name: 'ragged.csv' },
      { content: generateLargeInput(400_000), mediaType: 'text/markdown', name: 'segmented.md' },
    ];
    for (const input of inputs) {
      const inline = context();
      const worker = context();
      const expected = await runCpuTask('read-text', input, inline.ctx);
      expect(inline.recorder.warnings.length + inline.progress.length).toBeGreaterThan(0);
      expect(await pool.run('read-text', input, worker.ctx)).toEqual(expected);
      expect(worker.recorder.warnings).toEqual(inline.recorder.warnings);
      expect(worker.progress).toEqual(inline.progress);
    }
  });

  it('replaces a worker whose heap grew on a large task', { timeout: 120_000 }, async () => {
    // A low bound: how far the heap has grown when the task ends depends on when V8 last collected.
    pool = new CpuPool(1, 8 * 1024 * 1024);
    const input = { content: generateLargeInput(), mediaType: 'text/markdown', name: 'large.md' };
    const document = await pool.run('read-text', input, context().ctx);
    expect(document.root.children.length).toBeGreaterThan(1000);
    expect(pool.threads).toBe(0);
  });

  it('runs queued tasks in order on a one-thread pool', { timeout: 60_000 }, async () => {
    const current = new CpuPool(1);
    pool = current;
    const finished: string[] = [];
    const runs = ['one', 'two', 'three'].map(async (word) => {
      const input = { content: word, mediaType: 'text/plain', name: `${word}.txt` };
      const document = await current.run('read-text', input, context().ctx);
      finished.push(word);
      return document.metadata.mediaType;
    });
    expect(await Promise.all(runs)).toEqual(['text/plain', 'text/plain', 'text/plain']);
    expect(finished).toEqual(['one', 'two', 'three']);
    expect(current.threads).toBe(1);
  });
});

describe('wire errors', () => {
  it('keep code, detail, field errors and retry hint of a TransmuteError', () => {
    const original = new TransmuteError('validation_failed', 'Bad input.', {
      fieldErrors: [{ field: 'source.content', code: 'too_long', detail: 'Too long.' }],
      retryAfter: 3,
    });
    const copy = fromWireError(structuredClone(toWireError(original)));
    expect(copy).toBeInstanceOf(TransmuteError);
    expect(copy).toMatchObject({
      code: 'validation_failed',
      message: 'Bad input.',
      fieldErrors: original.fieldErrors,
      retryAfter: 3,
    });
  });

  it('keep the name and message of any other error', () => {
    const copy = fromWireError(structuredClone(toWireError(new RangeError('deep'))));
    expect(copy).toMatchObject({ name: 'RangeError', message: 'deep' });
  });
});
