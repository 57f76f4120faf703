import { randomUUID } from 'node:crypto';
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
import type { DocumentFile } from './internal/format-reader.js';
import { parseInWorker } from './internal/parse-in-worker.js';
import { DEFAULT_WORKER_MAX_HEAP_MB } from './internal/worker-memory.js';
import { feedMediaTypeOf, GENERIC_XML_TYPES } from './feed/feed-root.js';
import { checkLegacyFile } from './legacy/check-legacy-file.js';
import { withSofficeConversion } from './legacy/convert-with-soffice.js';
import { legacyFormatOf } from './legacy/index.js';
import { locateSoffice } from './legacy/locate-soffice.js';

/** Options of {@link createDocumentsSource}; every field has a sensible default. */
export interface DocumentsSourceOptions {
  /** Overrides of the manifest's limits (`maximum_bytes`, `parse_timeout_seconds`, …). */
  limits?: Record<string, number>;
  /**
   * LibreOffice's `soffice` (a path, or a name looked up on PATH) for the legacy .doc, .xls and .ppt
   * formats; defaults to `TRANSMUTE_SOFFICE`, else `soffice` on PATH. When it is not found those
   * media types are not offered and such files fail validation saying what to install.
   */
  soffice?: string;
}

const HEAD_BYTES = 16;
/** Enough of an XML file to pass its prologue (declaration, stylesheet, comments) to the root. */
const XML_HEAD_BYTES = 4096;

function toMediaType(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The reader's media type: the declared one, or a feed's when a generic XML type hides it. */
function readableType(mediaType: string, head: Uint8Array): string | undefined {
  if (Object.hasOwn(FORMATS, mediaType)) return mediaType;
  return GENERIC_XML_TYPES.has(mediaType) ? feedMediaTypeOf(head) : undefined;
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
  const soffice = locateSoffice(options.soffice);
  const manifest = createDocumentsManifest(soffice !== undefined);
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
      detail: `reads ${String(manifest.mediaTypes.length)} document media types${soffice === undefined ? ' (LibreOffice not found: no .doc, .xls, .ppt)' : ''}`,
    }),
    // By declared type: which package a zip or OLE file really is, the engine's sniffing says. A
    // feed declared only as XML (a `.xml` file, `text/xml`) is told by its root element.
    accepts: (probe: SourceProbe) => readableType(toMediaType(probe.mediaType), probe.head) !== undefined,
    inspect: (file: SourceFile) => inspect(file, manifest.limits, soffice),
    extract: (file: SourceFile, ctx: StageContext) => extract(file, ctx, manifest.limits, soffice),
  });
}

async function inspect(
  file: SourceFile,
  defaults: Record<string, number>,
  soffice: string | undefined,
): Promise<FileInspection> {
  const tooLarge = checkByteLimit(file, resolveByteLimit(defaults), 'document');
  if (tooLarge) return tooLarge;
  try {
    const legacy = legacyFormatOf(toMediaType(file.mediaType));
    if (legacy !== undefined) await checkLegacyFile(file, legacy, soffice);
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
  soffice: string | undefined,
): Promise<ExtractedDocument> {
  const limits = { ...defaults, ...ctx.limits };
  assertWithinByteLimit(file, resolveByteLimit(defaults, ctx.limits), 'document');
  const declared = toMediaType(file.mediaType);
  const mediaType = readableType(declared, await readFileHead(file.path, XML_HEAD_BYTES));
  if (mediaType === undefined)
    throw new TransmuteError('unsupported_content', `No document reader for ${declared}.`);
  const documentFile = { path: file.path, name: file.name, mediaType, sizeBytes: file.sizeBytes };
  await checkContainer(documentFile, await readFileHead(file.path, HEAD_BYTES), limits);
  const legacy = legacyFormatOf(mediaType);
  if (legacy !== undefined) await checkLegacyFile(file, legacy, soffice);
  ctx.stage('extraction');
  // A directory of its own: the run's workDir is shared by every file (and attachment) of the job.
  // Named here, made by writeAttachments before its first file: most documents embed none.
  const outputDir = join(ctx.workDir, `documents-${randomUUID()}`);
  const parse = (parsed: DocumentFile) =>
    parseInWorker(
      { file: parsed, limits, outputDir },
      {
        timeoutMs: (limits['parse_timeout_seconds'] ?? 120) * 1000,
        maxHeapMb: limits['worker_max_heap_mb'] ?? DEFAULT_WORKER_MAX_HEAP_MB,
        signal: ctx.signal,
      },
    );
  // A legacy file is converted here, in a child process of its own (already isolated); the worker
  // then reads the OOXML it became with the reader FORMATS names for the legacy media type.
  const { document, warnings } =
    legacy === undefined || soffice === undefined
      ? await parse(documentFile)
      : await withSofficeConversion(
          {
            soffice,
            path: file.path,
            format: legacy,
            timeoutMs: (limits['convert_timeout_seconds'] ?? 120) * 1000,
            maximumOutputBytes: limits['maximum_converted_bytes'] ?? 209_715_200,
            signal: ctx.signal,
          },
          (path, sizeBytes) => parse({ ...documentFile, path, sizeBytes }),
        );
  if (legacy !== undefined)
    ctx.warn(
      'converted_from_legacy_format',
      `${file.name} (${legacy.name}) was converted to .${legacy.target} with LibreOffice before reading; layout details may differ from the original.`,
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
