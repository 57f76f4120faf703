import { appendFile, readFile } from 'node:fs/promises';
import { SDK_VERSION, definePlugin, type SourceAdapter } from '@transmute/plugin-sdk';

/** Media type read by {@link createSlowSource}. */
export const SLOW_MEDIA_TYPE = 'application/x-transmute-slow';

/** Waits `ms`, checking `signal` every 25 ms unless `ignoreAbort`. */
async function sleepUnlessAborted(ms: number, signal: AbortSignal, ignoreAbort: boolean): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!ignoreAbort && signal.aborted) throw signal.reason;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A real source adapter for tests: its file says how long extraction takes (`sleep=<ms>`) and
 * whether it honours cancellation (`ignore_abort=1`), and may log each call (`log=<path>`), so cancellation, crashes and forced stops can
 * be exercised mid-stage. Its text becomes one paragraph. Upload validation's `inspect` takes
 * `inspect_sleep=<ms>` (also under `ignore_abort=1`) and logs `inspect <name> start|end` to `inspect_log=<path>`.
 */
export function createSlowSource(): SourceAdapter {
  return definePlugin<SourceAdapter>({
    manifest: {
      id: 'source.repository_archive',
      kind: 'source_adapter',
      canonicalIdentifier: 'slow_test.v1',
      useCase: 'Test adapter that takes a configurable time to extract.',
      mediaTypes: [SLOW_MEDIA_TYPE],
      outputFormats: [],
      costUnit: 'files',
      limits: {},
      qualityThreshold: 0.5,
      sdkVersion: SDK_VERSION,
    },
    health: () => Promise.resolve({ ok: true }),
    accepts: (probe) => probe.mediaType === SLOW_MEDIA_TYPE,
    async inspect(file, signal) {
      const text = await readFile(file.path, 'utf8');
      const log = /inspect_log=(\S+)/.exec(text)?.[1];
      if (log !== undefined) await appendFile(log, `inspect ${file.name} start\n`);
      const sleep = Number(/inspect_sleep=(\d+)/.exec(text)?.[1] ?? '0');
      await sleepUnlessAborted(sleep, signal, text.includes('ignore_abort=1'));
      if (log !== undefined) await appendFile(log, `inspect ${file.name} end\n`);
      return { ok: true, warnings: [] };
    },
    async extract(file, ctx) {
      const text = await readFile(file.path, 'utf8');
      const sleep = Number(/sleep=(\d+)/.exec(text)?.[1] ?? '0');
      const ignoreAbort = text.includes('ignore_abort=1');
      ctx.stage('extraction');
      const end = Date.now() + sleep;
      while (Date.now() < end) {
        if (!ignoreAbort && ctx.signal.aborted) throw ctx.signal.reason;
        ctx.progress(Math.min(99, 100 - ((end - Date.now()) / Math.max(1, sleep)) * 100), 'working');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const log = /(?:^|\s)log=(\S+)/.exec(text)?.[1];
      if (log !== undefined) await appendFile(log, 'extract\n');
      const paragraphs = text.split(/\n\n+/).filter((p) => p.trim() !== '');
      return {
        root: {
          type: 'root',
          children: paragraphs.map((value) => ({
            type: 'paragraph' as const,
            children: [{ type: 'text' as const, value }],
          })),
        },
        metadata: { title: file.name },
      };
    },
  });
}
