import type { NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../engine-types.js';
import type { EnrichmentProvider } from '../enrichment/enrichment-provider.js';
import { checkAborted } from '../internal/abort.js';
import type { ChunkSettings, CpuContext } from '../internal/cpu-context.js';
import type { PipelineContext } from '../internal/pipeline-context.js';
import { buildProfileRendering } from '../profiles/build-profile-rendering.js';
import { withChunks } from './chunking.js';

/**
 * Stages enrichment (only with a configured provider) and rendering: the profile computed once in
 * every shape its formats need. Without a provider the rendering is pure CPU work and runs on the
 * engine's worker pool when the document is large; with one it stays here (it does network I/O).
 * A document without chunks is chunked first.
 */
export async function renderingStage(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: PipelineContext,
  enrichment: EnrichmentProvider | undefined,
): Promise<ProfileRendering> {
  const chunking = ctx.options.chunking ?? {};
  if (!enrichment) return ctx.cpu.run('render', { document, output, chunking }, ctx);
  return renderProfile(document, output, ctx, chunking, enrichment);
}

/**
 * Computes a profile's rendering (chunking the document first when it has no chunks); with a
 * provider the stage is `enrichment` until the model calls are done, then `rendering`. This runs
 * inline or as the `render` CPU task.
 */
export async function renderProfile(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: CpuContext,
  chunking: ChunkSettings,
  enrichment?: EnrichmentProvider,
): Promise<ProfileRendering> {
  const chunked = withChunks(document, chunking, ctx.signal);
  checkAborted(ctx.signal);
  ctx.progress.stage(enrichment ? 'enrichment' : 'rendering', output.profile);
  const rendering = await buildProfileRendering(chunked, output, {
    signal: ctx.signal,
    ...(enrichment ? { enrichment } : {}),
    meter: (unit, quantity) => ctx.recorder.meter(unit, quantity),
    warn: (code, detail) => ctx.recorder.warn(code, detail),
  });
  checkAborted(ctx.signal);
  if (enrichment) ctx.progress.stage('rendering', output.profile);
  return rendering;
}
