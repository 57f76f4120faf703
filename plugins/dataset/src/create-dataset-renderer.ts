import { join } from 'node:path';
import {
  TransmuteError,
  SDK_VERSION,
  definePlugin,
  type Artifact,
  type OutputRenderer,
  type PluginManifest,
  type RenderRequest,
  type StageContext,
} from '@transmute/plugin-sdk';
import { writeJsonl } from './internal/write-jsonl.js';
import { writeZip } from './internal/write-zip.js';

/** Options of {@link createDatasetRenderer}. */
export interface DatasetRendererOptions {
  /** Deflate level of zip entries, 0 (store) to 9 (default 6). */
  compressionLevel?: number;
}

const MANIFEST: PluginManifest = {
  id: 'renderer.dataset_artifacts',
  kind: 'output_renderer',
  canonicalIdentifier: 'dataset_artifacts.v1',
  useCase:
    'Packs every output profile as JSONL records or a zip of its files, with record and archive size limits.',
  mediaTypes: [],
  outputFormats: ['jsonl', 'zip'],
  costUnit: 'extracted_characters',
  limits: { maximum_archive_bytes: 536_870_912, maximum_records: 100_000 },
  qualityThreshold: 0.9,
  sdkVersion: SDK_VERSION,
};

/**
 * The `renderer.dataset_artifacts` plugin: writes a profile's rendering as a JSONL file (one
 * record per line) or a zip of its files (plus the originals with `include_raw_source`), each
 * with its size and sha256. Limits are enforced while writing: more records than
 * `maximum_records` or more bytes than `maximum_archive_bytes` fail with `limit_exceeded` and
 * leave no artifact behind.
 *
 * @example
 * const engine = createEngine({ plugins: [createDatasetRenderer()] });
 * const { artifacts } = await engine.convert(source, { profile: 'dataset_markdown', format: 'jsonl', language: 'en', includeRawSource: false });
 */
export function createDatasetRenderer(options: DatasetRendererOptions = {}): OutputRenderer {
  const level = options.compressionLevel ?? 6;
  if (!Number.isInteger(level) || level < 0 || level > 9) {
    throw new TypeError('compressionLevel must be an integer from 0 to 9');
  }
  async function render(request: RenderRequest, ctx: StageContext): Promise<Artifact[]> {
    ctx.signal.throwIfAborted();
    const maximumRecords = limit(ctx, 'maximum_records');
    const maximumBytes = limit(ctx, 'maximum_archive_bytes');
    const { rendering } = request;
    if (rendering.records.length > maximumRecords) {
      throw new TransmuteError(
        'limit_exceeded',
        `The ${request.profile} output has ${rendering.records.length} records, more than maximum_records (${maximumRecords}); nothing was written.`,
      );
    }
    ctx.progress(0, `packing ${request.profile} as ${request.format}`);
    const artifact = await write(request, ctx, { maximumBytes, level });
    ctx.progress(100);
    return [artifact];
  }
  return definePlugin({ manifest: MANIFEST, health: async () => ({ ok: true }), render });
}

async function write(
  request: RenderRequest,
  ctx: StageContext,
  options: { maximumBytes: number; level: number },
): Promise<Artifact> {
  const format = request.format;
  switch (format) {
    case 'jsonl': {
      const name = `${request.profile}.jsonl`;
      return writeJsonl({
        path: join(ctx.workDir, name),
        name,
        records: request.rendering.records,
        maximumBytes: options.maximumBytes,
        signal: ctx.signal,
      });
    }
    case 'zip': {
      const name = `${request.profile}.zip`;
      return writeZip({
        path: join(ctx.workDir, name),
        name,
        files: request.rendering.files,
        originals: request.includeRawSource ? request.originals : [],
        level: options.level,
        maximumBytes: options.maximumBytes,
        signal: ctx.signal,
      });
    }
    case 'markdown':
      throw new TransmuteError(
        'unsupported_content',
        'renderer.dataset_artifacts renders jsonl and zip; markdown is written by the engine.',
      );
  }
}

function limit(ctx: StageContext, name: 'maximum_records' | 'maximum_archive_bytes'): number {
  const value = ctx.limits[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : (MANIFEST.limits[name] ?? Number.POSITIVE_INFINITY);
}
