import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import {
  TransmuteError,
  assertWithinByteLimit,
  checkByteLimit,
  definePlugin,
  readFileHead,
  resolveByteLimit,
  toFailedInspection,
  type ExtractedAttachment,
  type ExtractedDocument,
  type FileInspection,
  type SourceAdapter,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';
import { toString } from 'mdast-util-to-string';
import { sniffArchive, type ArchiveLimits, type ArchiveListing } from './internal/archive-types.js';
import { buildDigest, type DigestDocument } from './internal/build-digest.js';
import { createRepositoryManifest } from './internal/manifest.js';
import { readTar } from './internal/read-tar.js';
import { readZip } from './internal/read-zip.js';

/** Options of {@link createRepositorySource}: limits that override the manifest's. */
export interface RepositorySourceOptions {
  limits?: Partial<
    Record<
      | 'maximum_entries'
      | 'maximum_uncompressed_bytes'
      | 'maximum_compression_ratio'
      | 'maximum_file_bytes'
      | 'maximum_document_bytes',
      number
    >
  >;
}

function toLimits(limits: Record<string, number>, read: boolean): ArchiveLimits {
  return {
    maximumEntries: limits['maximum_entries'] ?? 20_000,
    maximumUncompressedBytes: limits['maximum_uncompressed_bytes'] ?? 536_870_912,
    maximumCompressionRatio: limits['maximum_compression_ratio'] ?? 100,
    maximumFileBytes: read ? (limits['maximum_file_bytes'] ?? 1_048_576) : 0,
    maximumDocumentBytes: read ? (limits['maximum_document_bytes'] ?? 33_554_432) : 0,
  };
}

async function walk(file: SourceFile, limits: ArchiveLimits, signal: AbortSignal): Promise<ArchiveListing> {
  const kind = sniffArchive(await readFileHead(file.path, 512));
  switch (kind) {
    case 'zip':
      return readZip(file.path, file.sizeBytes, limits, signal);
    case 'tar':
      return readTar(file.path, false, file.sizeBytes, limits, signal);
    case 'tar.gz':
      return readTar(file.path, true, file.sizeBytes, limits, signal);
    case undefined:
      throw new TransmuteError('unsupported_content', 'The file is not a zip, tar or tar.gz archive.');
  }
}

function repositoryName(file: SourceFile): string {
  return basename(file.name).replace(/\.(zip|tar|tgz|tar\.gz)$/i, '') || 'repository';
}

/**
 * Creates the `source.repository_archive` adapter: a zip, tar or tar.gz of a code repository
 * becomes a markdown digest, with entry count, total size, compression ratio and paths checked
 * (zip bombs and zip-slip archives fail with `archive_unsafe`) and links never followed.
 *
 * @example
 * const repo = createRepositorySource();
 * const { root } = await repo.extract(file, ctx);
 */
export function createRepositorySource(options: RepositorySourceOptions = {}): SourceAdapter {
  const manifest = createRepositoryManifest();
  for (const [name, value] of Object.entries(options.limits ?? {})) {
    if (!(name in manifest.limits)) throw new TypeError(`createRepositorySource: unknown limit ${name}`);
    if (!Number.isFinite(value) || value <= 0)
      throw new TypeError(`createRepositorySource: ${name} must be > 0`);
    manifest.limits[name] = value;
  }
  return definePlugin<SourceAdapter>({
    manifest,
    health: async () => ({ ok: true, detail: 'zip, tar and tar.gz archives' }),
    accepts: (probe) =>
      manifest.mediaTypes.includes(probe.mediaType) || sniffArchive(probe.head) !== undefined,
    inspect: (file, signal) => inspect(file, signal, manifest.limits),
    extract: (file, ctx) => extract(file, ctx, manifest.limits),
  });
}

async function inspect(
  file: SourceFile,
  signal: AbortSignal,
  limits: Record<string, number>,
): Promise<FileInspection> {
  const tooLarge = checkByteLimit(file, resolveByteLimit(limits), 'archive');
  if (tooLarge) return tooLarge;
  try {
    const listing = await walk(file, toLimits(limits, false), signal);
    return {
      ok: true,
      warnings: [],
      facts: { entries: listing.entries.length, uncompressed_bytes: listing.uncompressedBytes },
    };
  } catch (error) {
    return toFailedInspection(error);
  }
}

async function extract(
  file: SourceFile,
  ctx: StageContext,
  defaults: Record<string, number>,
): Promise<ExtractedDocument> {
  assertWithinByteLimit(file, resolveByteLimit(defaults, ctx.limits), 'archive');
  ctx.progress(0, 'reading the archive');
  const listing = await walk(file, toLimits(ctx.limits, true), ctx.signal);
  ctx.progress(60, `${listing.entries.length} entries read`);
  const name = repositoryName(file);
  const digestOptions = {
    name,
    maximumDigestCharacters: ctx.limits['maximum_digest_characters'] ?? 20_000_000,
    maximumInlineBytes: ctx.limits['maximum_file_bytes'] ?? 1_048_576,
  };
  const { root, stats, documents } = buildDigest(
    listing.entries,
    file.fileId === undefined ? digestOptions : { ...digestOptions, fileId: file.fileId },
  );
  if (stats.inlined === 0 && stats.summarized === 0 && stats.converted === 0)
    throw new TransmuteError('empty_content', 'The archive holds no files.');
  if (stats.links > 0)
    ctx.warn('archive_links_skipped', `${stats.links} symbolic or hard links were listed, not followed.`);
  const characters = toString(root).length;
  ctx.meter('extracted_characters', characters);
  ctx.progress(100, `${stats.inlined} files inlined, ${stats.summarized} summarized`);
  return {
    root,
    attachments: await writeDocuments(documents, ctx.workDir),
    metadata: {
      title: name,
      mediaType: file.mediaType,
      sizeBytes: file.sizeBytes,
      facts: {
        files: stats.files,
        inlined_files: stats.inlined,
        summarized_files: stats.summarized,
        converted_files: stats.converted,
        ignored_files: stats.ignored,
        uncompressed_bytes: listing.uncompressedBytes,
      },
    },
  };
}

/** Media types the engine would not sniff from the bytes alone; others are sniffed (`application/octet-stream`). */
const DECLARED_TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
};

/**
 * Writes the archive's documents into the work directory for the engine to read as child
 * documents, each named by its position and extension (never by its path in the archive).
 */
async function writeDocuments(documents: DigestDocument[], workDir: string): Promise<ExtractedAttachment[]> {
  if (documents.length === 0) return [];
  const directory = join(workDir, `repository-${randomUUID()}`);
  await mkdir(directory, { recursive: true });
  const attachments: ExtractedAttachment[] = [];
  for (const [index, document] of documents.entries()) {
    const extension = /\.([a-z0-9]{1,10})$/i.exec(document.path)?.[1]?.toLowerCase() ?? 'bin';
    const path = join(directory, `${String(index).padStart(4, '0')}.${extension}`);
    await writeFile(path, document.content);
    attachments.push({
      name: document.path,
      path,
      sizeBytes: document.content.length,
      mediaType: DECLARED_TYPES[extension] ?? 'application/octet-stream',
      part: document.path,
    });
  }
  return attachments;
}
