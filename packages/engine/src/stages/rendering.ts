import type { NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../engine-types.js';
import type { EnrichmentProvider } from '../enrichment/enrichment-provider.js';
import { checkAborted } from '../internal/abort.js';
import type { ChunkSettings, CpuContext } from '../internal/cpu-context.js';
import { buildProfileRendering } from '../profiles/build-profile-rendering.js';
import { withChunks } from './chunking.js';

/**
 * Stages enrichment (only with a configured provider) and rendering: the profile computed once in
 * every shape its formats need, chunking the document first when it has no chunks. With a provider
 * the stage is `enrichment` until the model calls are done, then `rendering`. Without one it is
 * pure CPU work (the `render` CPU task); where it runs is the pipeline runner's choice.
 */
export async function renderingStage(
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
