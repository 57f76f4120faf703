import { readFile } from 'node:fs/promises';
import { TransmuteError } from '@transmute/contract';
import { readFileHead, type SourceAdapter, type SourceFile } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import { findReader } from './find-reader.js';
import type { RunContext } from './run-context.js';
import { toCanonicalMediaType } from '../media-types.js';
import { checkMediaType } from '../sniff/check-media-type.js';
import { decodeTextBytes, type DecodedText } from '../text-source/decode-text-bytes.js';
import type { AcquiredItem } from './source-acquisition.js';

/** A source routed to its reader. */
export type ScannedItem =
  | { kind: 'text'; content: string; mediaType: string; name: string; fileId?: string }
  | { kind: 'plugin'; file: SourceFile; adapter: SourceAdapter };

const HEAD_BYTES = 4100;

/** Reads the first bytes of a file (for sniffing and routing). */
export function readHead(path: string): Promise<Uint8Array> {
  return readFileHead(path, HEAD_BYTES);
}

/** Decodes a text file by the rules of decodeTextBytes (its bytes are read whole, as its text will be). */
export async function readTextFile(file: SourceFile): Promise<DecodedText> {
  return decodeTextBytes(await readFile(file.path), file.charset);
}

async function scanFile(file: SourceFile, ctx: RunContext): Promise<ScannedItem> {
  const head = await readHead(file.path);
  const check = await checkMediaType(head, file.mediaType, file.sizeBytes <= head.length, file.path);
  if (!check.ok) throw new TransmuteError(check.code, `${file.name}: ${check.detail}`);
  for (const warning of check.warnings) ctx.recorder.add(warning);
  const mediaType = toCanonicalMediaType(file.mediaType);
  const reader = await findReader(ctx.registry, { mediaType, name: file.name, head });
  if (reader?.kind === 'text') {
    const { text: content, warnings } = await readTextFile(file);
    for (const warning of warnings) ctx.recorder.add(warning);
    return {
      kind: 'text',
      content,
      mediaType: file.mediaType,
      name: file.name,
      ...(file.fileId ? { fileId: file.fileId } : {}),
    };
  }
  if (reader === undefined)
    throw new TransmuteError('unsupported_content', `No installed source reads ${mediaType} (${file.name}).`);
  return { kind: 'plugin', file, adapter: reader.adapter };
}

/**
 * Stage scanning: sniffs each file's real type from its magic bytes against the declared one
 * (mismatch → failure or warning), decodes text files, and routes every file to its reader
 * (built-in text source, else the first source adapter that accepts it, else the text source again
 * for generic XML no source recognised).
 */
export async function scanSources(items: readonly AcquiredItem[], ctx: RunContext): Promise<ScannedItem[]> {
  const files = items.filter((item) => item.kind === 'file');
  if (files.length > 0) ctx.progress.stage('scanning');
  const scanned: ScannedItem[] = [];
  for (const [index, item] of items.entries()) {
    checkAborted(ctx.signal);
    if (item.kind === 'text') scanned.push(item);
    else scanned.push(await scanFile(item.file, ctx));
    ctx.progress.within(((index + 1) / items.length) * 100);
  }
  return scanned;
}
