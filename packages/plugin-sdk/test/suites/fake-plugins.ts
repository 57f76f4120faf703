import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import {
  SDK_VERSION,
  assertWithinByteLimit,
  checkByteLimit,
  definePlugin,
  resolveByteLimit,
  type OutputRenderer,
  type PluginManifest,
  type SourceAdapter,
} from '../../src/index.js';

/** The fixture every fake source reads. */
export const NOTE = join(import.meta.dirname, 'note.txt');

const SOURCE_MANIFEST: PluginManifest = {
  id: 'source.webpage',
  kind: 'source_adapter',
  canonicalIdentifier: 'fake.v1',
  useCase: 'A fake source for the conformance suite’s own tests.',
  mediaTypes: ['text/plain'],
  outputFormats: [],
  costUnit: 'extracted_characters',
  limits: { maximum_bytes: 1000 },
  qualityThreshold: 0.5,
  sdkVersion: SDK_VERSION,
};

/** How a fake source misbehaves. */
export interface FakeSourceOptions {
  /** health() says disabled. */
  disabled?: boolean;
  /** extract() ignores the byte limit. */
  unbounded?: boolean;
}

/** A source adapter that reads a text file into one paragraph. */
export function createFakeSource(options: FakeSourceOptions = {}): SourceAdapter {
  const manifest = { ...SOURCE_MANIFEST, limits: { ...SOURCE_MANIFEST.limits } };
  return definePlugin<SourceAdapter>({
    manifest,
    health: async () => (options.disabled ? { ok: false, detail: 'the fake tool is missing' } : { ok: true }),
    accepts: (probe) => probe.mediaType === 'text/plain',
    inspect: async (file) =>
      checkByteLimit(file, resolveByteLimit(manifest.limits)) ?? { ok: true, warnings: [] },
    extract: async (file, ctx) => {
      if (options.disabled)
        throw new TransmuteError('transcription_unavailable', 'The fake tool is missing.');
      if (!options.unbounded) assertWithinByteLimit(file, resolveByteLimit(manifest.limits, ctx.limits));
      const value = (await readFile(file.path, 'utf8')).trim();
      if (value === '') throw new TransmuteError('empty_content', 'Nothing to read.');
      return {
        root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value }] }] },
        metadata: {},
      };
    },
  });
}

/** A renderer that writes the markdown; `wrongHash` describes it with a wrong sha256. */
export function createFakeRenderer(options: { wrongHash?: boolean } = {}): OutputRenderer {
  return definePlugin<OutputRenderer>({
    manifest: {
      ...SOURCE_MANIFEST,
      id: 'renderer.dataset_artifacts',
      kind: 'output_renderer',
      mediaTypes: [],
      outputFormats: ['jsonl'],
      limits: {},
    },
    health: async () => ({ ok: true }),
    render: async (request, ctx) => {
      const path = join(ctx.workDir, 'out.jsonl');
      await writeFile(path, request.rendering.markdown);
      const sha256 = createHash('sha256')
        .update(options.wrongHash ? 'other' : request.rendering.markdown)
        .digest('hex');
      const sizeBytes = Buffer.byteLength(request.rendering.markdown);
      return [{ name: 'out.jsonl', mediaType: 'application/x-ndjson', path, sizeBytes, sha256 }];
    },
  });
}
