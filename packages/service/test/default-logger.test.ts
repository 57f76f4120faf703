import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHarness, waitForJob, type Harness } from './support/harness.js';
import { captureConsole } from './support/capture-console.js';

describe('the default logger', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h?.close();
    h = undefined;
  });

  it('prints nothing to the embedding program’s console while jobs run', async () => {
    const { printed, stderrWrites: writes } = captureConsole();
    h = await startHarness();
    for (let index = 0; index < 3; index += 1) {
      const job = await h.service.createJob(h.caller, {
        source: { type: 'text', content: `Note ${String(index)}.` },
        output: { profile: 'raw_source' },
      });
      await waitForJob(h, job.id, ['succeeded']);
    }
    expect(printed).toEqual([]);
    expect(writes).not.toHaveBeenCalled();
  });

  it('still prints warnings to stderr', async () => {
    const warned: unknown[][] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warned.push(args);
    });
    h = await startHarness({ allowPrivateNetworks: true });
    const job = await h.service.createJob(h.caller, {
      source: { type: 'url', url: 'http://127.0.0.1:1/nothing-listens-here' },
      output: { profile: 'raw_source' },
    });
    await waitForJob(h, job.id, ['failed']);
    expect(warned.map((args) => String(args[0]))).toContain('[transmute] job failed');
  });
});
