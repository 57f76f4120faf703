import {
  TransmuteError,
  SDK_VERSION,
  assertWithinByteLimit,
  definePlugin,
  resolveByteLimit,
  type ExtractedDocument,
  type PluginManifest,
  type SourceAdapter,
  type SourceFile,
  type SourceProbe,
  type StageContext,
} from '@transmute/plugin-sdk';
import type { DomImplementation } from './internal/load-dom.js';
import { createPagePool, defaultThreads, type PagePool } from './internal/page-pool.js';
import { MINIMUM_USABLE_CHARACTERS } from './internal/quality.js';
import { inspectHtml } from './internal/inspect-html.js';

/** Options of {@link createWebpageSource}. */
export interface WebpageSourceOptions {
  /** DOM under Readability: `linkedom` (default, fast, light) or `jsdom` (slower, the reference DOM). */
  dom?: DomImplementation;
  /** With `dom: 'linkedom'`, retry a page with jsdom when linkedom fails or finds nothing. Default true. */
  jsdomFallback?: boolean;
  /** Worker threads. Default: cores − 1, between 1 and 4. */
  maxThreads?: number;
  /** Time limit of one page's conversion in ms. Default 15 000. */
  pageTimeoutMs?: number;
  /** Hard heap bound of a worker in MB. Default 512. */
  workerHeapLimitMb?: number;
  /** A worker whose heap passes this (MB) after a page is replaced. Default 256. */
  workerRecycleHeapMb?: number;
  /** Quality score below which a warning is given (or the extraction fails when nothing usable remains). Default 0.8. */
  qualityThreshold?: number;
}

const MEDIA_TYPES = ['text/html', 'application/xhtml+xml'];

/** The capabilities entry of the plugin (spec, plugin table). */
const manifest: PluginManifest = {
  id: 'source.webpage',
  kind: 'source_adapter',
  canonicalIdentifier: 'webpage.v1',
  useCase:
    'Web pages and uploaded HTML: keeps the main content, drops navigation and boilerplate, and produces clean markdown with the page metadata.',
  mediaTypes: MEDIA_TYPES,
  outputFormats: [],
  costUnit: 'extracted_characters',
  limits: { maximum_bytes: 5_000_000, maximum_redirects: 5, timeout_seconds: 20 },
  qualityThreshold: 0.8,
  sdkVersion: SDK_VERSION,
};

/**
 * Creates the `source.webpage` plugin: HTML pages (fetched URLs and uploads) → main content as
 * mdast with metadata. Conversion runs in a worker pool; `close()` stops it.
 *
 * @example
 * const engine = createEngine({ plugins: [createWebpageSource()] });
 * const { document } = await engine.prepare({ type: 'url', url: 'https://example.com/post' });
 */
export function createWebpageSource(options: WebpageSourceOptions = {}): SourceAdapter {
  const settings = resolveOptions(options);
  let pool: PagePool | undefined;
  const getPool = (): PagePool =>
    (pool ??= createPagePool({
      // Resolved from this file so the same relative path works from src/ (tsx) and dist/ (tsup entry).
      workerUrl: new URL(
        `./internal/extract-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
        import.meta.url,
      ),
      maxThreads: settings.maxThreads,
      heapLimitMb: settings.workerHeapLimitMb,
      recycleHeapMb: settings.workerRecycleHeapMb,
      idleTimeoutMs: 30_000,
    }));

  async function extract(file: SourceFile, ctx: StageContext): Promise<ExtractedDocument> {
    ctx.stage('extraction');
    ctx.progress(0, 'reading the page');
    assertWithinByteLimit(file, resolveByteLimit(manifest.limits, ctx.limits), 'page');
    const result = await getPool().run(
      {
        path: file.path,
        url: file.baseUrl,
        charset: file.charset,
        fileId: file.fileId,
        dom: settings.dom,
        jsdomFallback: settings.jsdomFallback,
      },
      { signal: ctx.signal, timeoutMs: settings.pageTimeoutMs },
    );
    for (const warning of result.warnings) {
      const [code = 'warning', ...rest] = warning.split(': ');
      ctx.warn(code, rest.join(': '));
    }
    checkQuality(result.quality, settings.qualityThreshold, ctx);
    ctx.meter('extracted_characters', result.quality.characters);
    ctx.progress(100, 'page converted');
    const metadata = { ...result.metadata, mediaType: file.mediaType, sizeBytes: file.sizeBytes };
    return { root: result.root, metadata, headingLevelsAsMarked: true };
  }

  return definePlugin<SourceAdapter>({
    manifest: { ...manifest, qualityThreshold: settings.qualityThreshold },
    health: async () => ({ ok: true }),
    accepts: (probe: SourceProbe) => acceptsProbe(probe),
    inspect: async (file, signal) => inspectHtml(file, signal, resolveByteLimit(manifest.limits)),
    extract,
    close: async () => {
      const current = pool;
      pool = undefined;
      await current?.destroy();
    },
  });
}

/**
 * A page with readable text is never refused: only a page without a letter or digit fails
 * (`empty_content`); a short page, or one whose text looks incomplete or like boilerplate, converts
 * with a `quality_below_threshold` warning.
 */
function checkQuality(
  quality: { score: number; characters: number; wordCharacters: number },
  threshold: number,
  ctx: StageContext,
): void {
  if (quality.wordCharacters === 0) {
    throw new TransmuteError('empty_content', 'The page contains no readable text.');
  }
  if (quality.score >= threshold) return;
  const detail = `quality score ${quality.score} is below the threshold ${threshold}`;
  const what =
    quality.wordCharacters < MINIMUM_USABLE_CHARACTERS
      ? `The page has very little text (${String(quality.wordCharacters)} letters and digits; ${detail}).`
      : `The extracted text may be incomplete or mostly boilerplate (${detail}).`;
  ctx.warn('quality_below_threshold', what);
}

function acceptsProbe(probe: SourceProbe): boolean {
  const mediaType = probe.mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (MEDIA_TYPES.includes(mediaType)) return true;
  if (mediaType !== '' && mediaType !== 'application/octet-stream') return false;
  const head = Buffer.from(probe.head.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

interface ResolvedOptions {
  dom: DomImplementation;
  jsdomFallback: boolean;
  maxThreads: number;
  pageTimeoutMs: number;
  workerHeapLimitMb: number;
  workerRecycleHeapMb: number;
  qualityThreshold: number;
}

function resolveOptions(options: WebpageSourceOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    dom: options.dom ?? 'linkedom',
    jsdomFallback: options.jsdomFallback ?? true,
    maxThreads: options.maxThreads ?? defaultThreads(),
    pageTimeoutMs: options.pageTimeoutMs ?? 15_000,
    workerHeapLimitMb: options.workerHeapLimitMb ?? 512,
    workerRecycleHeapMb: options.workerRecycleHeapMb ?? 256,
    qualityThreshold: options.qualityThreshold ?? manifest.qualityThreshold,
  };
  if (resolved.dom !== 'linkedom' && resolved.dom !== 'jsdom')
    throw new TypeError('dom must be linkedom or jsdom');
  for (const key of ['maxThreads', 'pageTimeoutMs', 'workerHeapLimitMb', 'workerRecycleHeapMb'] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] <= 0)
      throw new TypeError(`${key} must be a number > 0`);
  }
  if (!(resolved.qualityThreshold >= 0 && resolved.qualityThreshold <= 1)) {
    throw new TypeError('qualityThreshold must be within 0..1');
  }
  return resolved;
}
