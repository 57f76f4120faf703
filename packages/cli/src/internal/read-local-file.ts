import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import { mediaTypeFromName, sniffMediaType } from '@transmute/engine';
import type { LocalFile } from '@transmute/mcp';

/**
 * Reads a local file for the MCP tools `upload_file` and `convert` (stdio only): the bytes, the
 * name, and the media type given, else told by the name, else sniffed from the bytes.
 */
export async function readLocalFile(path: string, mediaType?: string): Promise<LocalFile> {
  const absolute = resolve(path);
  const bytes = new Uint8Array(await readFile(absolute));
  const type =
    mediaType ?? mediaTypeFromName(absolute) ?? (await sniffMediaType(bytes.subarray(0, 4100), absolute));
  if (type === undefined) {
    throw new TransmuteError(
      'unsupported_content',
      `Cannot tell the media type of ${path}; pass media_type.`,
    );
  }
  return { name: basename(absolute), mediaType: type, bytes };
}
