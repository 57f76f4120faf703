import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import type { Artifact, ProfileRendering, SourceFile } from '@transmute/plugin-sdk';
import type { OutputRequest } from '../engine-types.js';
import { checkAborted } from '../internal/abort.js';
import { inPluginSpan } from '../internal/plugin-span.js';
import { toStageContext, type RunContext } from './run-context.js';
import { noteWrittenBytes } from './written-bytes.js';

/** Bytes up to which an artifact is written synchronously. */
const SYNC_WRITE_BYTES = 256 * 1024;

/** Writes a text artifact and describes it (size, sha256). */
export async function writeTextArtifact(
  directory: string,
  name: string,
  mediaType: string,
  content: string,
): Promise<Artifact> {
  const bytes = Buffer.from(content, 'utf8');
  const path = join(directory, name);
  // A small artifact (most are) is written in this thread: one open/write/close costs less than
  // three hops through the thread pool. A large one is written there, not to hold up the thread.
  const small = bytes.length <= SYNC_WRITE_BYTES;
  if (small) writeFileSync(path, bytes);
  else await writeFile(path, bytes);
  const artifact: Artifact = {
    name,
    mediaType,
    path,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  // Its store need not read a small one back (a large one is not held on to).
  if (small) noteWrittenBytes(artifact, bytes);
  return artifact;
}

/**
 * Stage packaging: `markdown` is written by the engine (`<profile>.md`); `jsonl` and `zip` go to
 * the registered output renderer of that format. Meters `output_bytes`.
 */
export async function packagingStage(
  rendering: ProfileRendering,
  output: OutputRequest,
  ctx: RunContext,
  target: { directory: string; originals: SourceFile[] },
): Promise<Artifact[]> {
  checkAborted(ctx.signal);
  ctx.progress.stage('packaging', output.format);
  let artifacts: Artifact[];
  if (output.format === 'markdown') {
    artifacts = [
      await writeTextArtifact(target.directory, `${output.profile}.md`, 'text/markdown', rendering.markdown),
    ];
  } else {
    const renderer = await ctx.registry.findRenderer(output.format);
    if (!renderer)
      throw new TransmuteError(
        'unsupported_content',
        `No installed renderer produces the ${output.format} format.`,
      );
    artifacts = await inPluginSpan(renderer.manifest, 'render', () =>
      renderer.render(
        { ...output, rendering, originals: target.originals },
        toStageContext(ctx, renderer, target.directory),
      ),
    );
  }
  for (const artifact of artifacts) ctx.recorder.meter('output_bytes', artifact.sizeBytes);
  return artifacts;
}
