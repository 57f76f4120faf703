import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import type { Artifact, NormalizedDocument, SourceFile } from '@transmute/plugin-sdk';
import type { OutputRequest, RenderResult } from '../engine-types.js';
import type { EnrichmentProvider } from '../enrichment/enrichment-provider.js';
import { packagingStage } from '../stages/packaging.js';
import { checkAborted } from '../internal/abort.js';
import { renderingStage } from '../stages/rendering.js';
import type { PipelineContext } from './pipeline-context.js';

/** Where artifacts go: the caller's workDir, else a new directory the caller then owns. */
export async function resolveArtifactDir(workDir: string | undefined): Promise<string> {
  return workDir ?? (await mkdtemp(join(tmpdir(), 'transmute-output-')));
}

/**
 * The render pipeline: (enrichment →) rendering → packaging. An empty document fails with
 * `empty_content`; when cancelled after writing, the artifacts are removed (nothing is produced).
 */
export async function runRender(
  document: NormalizedDocument,
  output: OutputRequest,
  ctx: PipelineContext,
  target: { directory: string; originals: SourceFile[]; enrichment: EnrichmentProvider | undefined },
): Promise<RenderResult> {
  if (document.text.trim() === '')
    throw new TransmuteError('empty_content', 'The source contains no extractable content.');
  const chunking = ctx.options.chunking ?? {};
  // Without a provider the rendering is pure CPU work, sent to a worker thread when the document
  // is large; with one it stays here (it waits on the provider's network calls).
  const rendering = target.enrichment
    ? await renderingStage(document, output, ctx, chunking, target.enrichment)
    : await ctx.cpu.run('render', { document, output, chunking }, ctx);
  for (const warning of rendering.warnings) ctx.recorder.add(warning);
  let artifacts: Artifact[] = [];
  try {
    artifacts = await packagingStage(rendering, output, ctx, target);
    checkAborted(ctx.signal);
  } catch (error) {
    await Promise.all(artifacts.map((artifact) => rm(artifact.path, { force: true })));
    throw error;
  }
  ctx.progress.finish(`${artifacts.length} artifact(s)`);
  return { artifacts, warnings: [...ctx.recorder.warnings], usage: { ...ctx.recorder.usage } };
}
