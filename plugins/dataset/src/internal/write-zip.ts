import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import type { Artifact, RenderedFile, SourceFile } from '@transmute/plugin-sdk';
import { CountingSink } from './counting-sink.js';

/** Every entry gets this date so the same rendering gives the same archive bytes. */
export const ZIP_ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

/** Where and what to write. */
export interface WriteZipOptions {
  path: string;
  name: string;
  files: RenderedFile[];
  /** Original files, added under `originals/` (include_raw_source). */
  originals: SourceFile[];
  level: number;
  maximumBytes: number;
  signal: AbortSignal;
}

/**
 * Streams a zip (archiver 8 `ZipArchive`) to a file with fixed entry dates and modes, hashing
 * and counting the bytes as they are written; past the byte limit the archive is aborted and the
 * partial file removed.
 */
export async function writeZip(options: WriteZipOptions): Promise<Artifact> {
  const archive = new ZipArchive({ zlib: { level: options.level } });
  const sink = new CountingSink(options.maximumBytes, 'zip archive');
  const done = pipeline(archive, sink, createWriteStream(options.path), { signal: options.signal });
  try {
    for (const file of options.files) {
      archive.append(Buffer.from(file.content, 'utf8'), {
        name: file.name,
        date: ZIP_ENTRY_DATE,
        mode: 0o644,
      });
    }
    for (const name of originalNames(options.originals)) {
      archive.append(createReadStream(name.path), { name: name.entry, date: ZIP_ENTRY_DATE, mode: 0o644 });
    }
    await Promise.all([archive.finalize(), done]);
  } catch (error) {
    archive.abort();
    await done.catch(() => undefined);
    await rm(options.path, { force: true });
    throw error;
  }
  return {
    name: options.name,
    mediaType: 'application/zip',
    path: options.path,
    sizeBytes: sink.bytes,
    sha256: sink.digest(),
  };
}

/** Unique, flat entry names for the originals (no directories or traversal from user names). */
function originalNames(originals: SourceFile[]): { path: string; entry: string }[] {
  const used = new Set<string>();
  return originals.map((file) => {
    const base = basename(file.name.replace(/\\/g, '/')).replace(/\p{Cc}/gu, '_') || 'original';
    let entry = `originals/${base}`;
    for (let suffix = 2; used.has(entry); suffix += 1) entry = `originals/${suffix}-${base}`;
    used.add(entry);
    return { path: file.path, entry };
  });
}
