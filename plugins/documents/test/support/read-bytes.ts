import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { FormatReader } from '../../src/internal/format-reader.js';

/** What a reader returned for these bytes, with the warnings it recorded. */
export interface ReadResult {
  document: ExtractedDocument;
  warnings: string[];
}

/** Writes the bytes to a temporary file and reads it with the reader (the file is removed after). */
export async function readBytes(
  reader: FormatReader,
  bytes: string | Buffer,
  name: string,
  mediaType: string,
): Promise<ReadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'documents-'));
  try {
    const path = join(dir, name);
    const content = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    await writeFile(path, content);
    const warnings: string[] = [];
    const document = await reader(
      { path, name, mediaType, sizeBytes: content.length },
      {
        signal: new AbortController().signal,
        limits: {},
        warn: (code, detail) => warnings.push(`${code}: ${detail}`),
      },
    );
    return { document, warnings };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
