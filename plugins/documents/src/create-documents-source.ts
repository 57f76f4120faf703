import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import {
  TransmuteError,
  assertWithinByteLimit,
  checkByteLimit,
  definePlugin,
  readFileHead,
  resolveByteLimit,
  toFailedInspection,
  type ExtractedDocument,
  type FileInspection,
  type SourceAdapter,
  type SourceFile,
  type SourceProbe,
  type StageContext,
} from '@transmute/plugin-sdk';
import { toString } from 'mdast-util-to-string';
import { checkContainer } from './internal/check-container.js';
import { FORMATS } from './internal/formats.js';
import { createDocumentsManifest } from './internal/manifest.js';
import { parseInWorker } from './internal/parse-in-worker.js';

/** Options of {@link createDocumentsSource}; every field has a sensible default. */
export interface DocumentsSourceOptions {
  /** Overrides of the manifest's limits (`maximum_bytes`, `parse_timeout_seconds`, …). */
  limits?: Record<string, number>;
}

const HEAD_BYTES = 16;

function toMediaType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * Creates the `source.documents` adapter: office documents (Word first; each format family adds
 * its readers to one table) read in a worker thread with time and heap limits, into markdown that
 * keeps headings, lists, tables, links, notes, comments, equations and images.
 *
 * @example
 * const documents = createDocumentsSource();
 * const doc = await documents.extract({ name: 'a.docx', mediaType: DOCX, sizeBytes, path }, ctx);
 */
export function createDocumentsSource(options: DocumentsSourceOptions = {}): SourceAdapter {
  const manifest = createDocumentsManifest();
  for (const [name, value] of Object.entries(options.limits ?? {})) {
    if (!(name in manifest.limits)) throw new TypeError(`createDocumentsSource: unknown limit ${name}`);
    if (!Number.isFinite(value) || value <= 0)
      throw new TypeError(`createDocumentsSource: ${name} must be > 0`);
    manifest.limits[name] = value;
  }
  return definePlugin<SourceAdapter>({
    manifest,
    health: async () => ({
      ok: true,
      detail: `reads ${String(manifest.mediaTypes.length)} document media types`,
    }),
    // By declared type only: which package a zip or OLE file really is, the engine's sniffing says.
    accepts: (probe: SourceProbe) => Object.hasOwn(FORMATS, toMediaType(probe.mediaType)),
    inspect: (file: SourceFile) => inspect(file, manifest.limits),
    extract: (file: SourceFile, ctx: StageContext) => extract(file, ctx, manifest.limits),
  });
}

async function inspect(file: SourceFile, defaults: Record<string, number>): Promise<FileInspection> {
  const tooLarge = checkByteLimit(file, resolveByteLimit(defaults), 'document');
  if (tooLarge) return tooLarge;
  try {
    const { parts } = await checkContainer(file, await readFileHead(file.path, HEAD_BYTES), defaults);
    return { ok: true, warnings: [], ...(parts === undefined ? {} : { facts: { package_parts: parts } }) };
  } catch (error) {
    return toFailedInspection(error);
  }
}

async function extract(
  file: SourceFile,
  ctx: StageContext,
  defaults: Record<string, number>,
): Promise<ExtractedDocument> {
  const limits = { ...defaults, ...ctx.limits };
  assertWithinByteLimit(file, resolveByteLimit(defaults, ctx.limits), 'document');
  const mediaType = toMediaType(file.mediaType);
  if (!Object.hasOwn(FORMATS, mediaType))
    throw new TransmuteError('unsupported_content', `No document reader for ${mediaType}.`);
  const documentFile = { path: file.path, name: file.name, mediaType, sizeBytes: file.sizeBytes };
  await checkContainer(documentFile, await readFileHead(file.path, HEAD_BYTES), limits);
  ctx.stage('extraction');
  // A directory of its own: the run's workDir is shared by every file (and attachment) of the job.
  const outputDir = await mkdtemp(join(ctx.workDir, 'documents-'));
  const { document, warnings } = await parseInWorker(
    { file: documentFile, limits, outputDir },
    {
      timeoutMs: (limits['parse_timeout_seconds'] ?? 120) * 1000,
      maxHeapMb: limits['worker_max_heap_mb'] ?? 1024,
      signal: ctx.signal,
    },
  );
  for (const [code, detail] of warnings) ctx.warn(code, detail);
  if (file.fileId !== undefined) {
    for (const block of document.root.children)
      block.data = { ...block.data, provenance: { ...block.data?.provenance, fileId: file.fileId } };
  }
  const text = toString(document.root);
  if (text.trim() === '' && document.root.children.length === 0)
    throw new TransmuteError('empty_content', `${file.name} holds no text.`);
  ctx.meter('extracted_characters', text.length);
  ctx.progress(100);
  return document;
}
