import type { NormalizedDocument } from '@transmute/plugin-sdk';
import type { CheckpointStore, ConvertSource, PrepareResult, TaskRunner } from '../engine-types.js';
import { checkAborted } from '../internal/abort.js';
import { loadLatestCheckpoint, type CheckpointState } from '../internal/checkpoint-state.js';
import { extractSources } from '../stages/extraction.js';
import { scanSources } from '../stages/scanning.js';
import { acquireSource } from '../stages/source-acquisition.js';
import type { PipelineContext } from './pipeline-context.js';

async function save(store: CheckpointStore | undefined, state: CheckpointState): Promise<void> {
  if (store) await store.save(state.stage, state);
}

/**
 * The prepare pipeline: acquisition → scanning → extraction (→ transcription) → normalization →
 * chunking, resuming after the latest checkpoint and saving one after extraction and chunking.
 * Text parsing, normalization and chunking of a large input run on the engine's worker pool.
 */
export async function runPrepare(
  source: ConvertSource,
  ctx: PipelineContext,
  store: CheckpointStore | undefined,
  checkpoint: CheckpointState | undefined,
  runner?: TaskRunner,
): Promise<PrepareResult> {
  let document: NormalizedDocument;
  if (checkpoint?.stage === 'chunking') {
    document = checkpoint.document;
  } else {
    let state = checkpoint;
    if (state?.stage !== 'extraction') {
      const acquisition = await acquireSource(source, ctx);
      const scanned = await scanSources(acquisition.items, ctx);
      const extracted = await extractSources(
        scanned,
        ctx,
        (input) => ctx.cpu.run('read-text', input, ctx),
        // Only uploaded files are on every worker.
        source.type === 'files' ? runner : undefined,
      );
      state = {
        version: 1,
        stage: 'extraction',
        extracted,
        ...(acquisition.title ? { title: acquisition.title } : {}),
        ...(acquisition.sourceUrl ? { sourceUrl: acquisition.sourceUrl } : {}),
        usage: { ...ctx.recorder.usage },
        warnings: [...ctx.recorder.warnings],
      };
      checkAborted(ctx.signal);
      await save(store, state);
    }
    document = await ctx.cpu.run(
      'prepare-document',
      {
        extracted: state.extracted,
        extra: {
          ...(state.title ? { title: state.title } : {}),
          ...(state.sourceUrl ? { sourceUrl: state.sourceUrl } : {}),
        },
        chunking: ctx.options.chunking ?? {},
      },
      ctx,
    );
    document.warnings = [...ctx.recorder.warnings];
    checkAborted(ctx.signal);
    await save(store, {
      version: 1,
      stage: 'chunking',
      document,
      usage: { ...ctx.recorder.usage },
      warnings: [...ctx.recorder.warnings],
    });
  }
  checkAborted(ctx.signal);
  return { document, warnings: [...ctx.recorder.warnings], usage: { ...ctx.recorder.usage } };
}

export { loadLatestCheckpoint };
