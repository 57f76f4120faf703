import type { NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../engine-types.js';
import type { EnrichmentProvider } from '../enrichment/enrichment-provider.js';
import { checkAborted } from '../internal/abort.js';
import type { PipelineContext } from '../internal/pipeline-context.js';
import { buildProfileRendering } from '../profiles/build-profile-rendering.js';

/**
 * Stages enrichment (only with a configured provider) and rendering: the profile computed once in
 * every shape its formats need.
 */
export async function renderingStage(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: PipelineContext,
  enrichment: EnrichmentProvider | undefined,
): Promise<ProfileRendering> {
  checkAborted(ctx.signal);
  ctx.progress.stage(enrichment ? 'enrichment' : 'rendering', output.profile);
  const rendering = await buildProfileRendering(document, output, {
    signal: ctx.signal,
    ...(enrichment ? { enrichment } : {}),
    meter: (unit, quantity) => ctx.recorder.meter(unit, quantity),
    warn: (code, detail) => ctx.recorder.warn(code, detail),
  });
  checkAborted(ctx.signal);
  if (enrichment) ctx.progress.stage('rendering', output.profile);
  return rendering;
}
