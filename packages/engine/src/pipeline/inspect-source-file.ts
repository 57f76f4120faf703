import type { FileInspection, SourceFile } from '@transmute/plugin-sdk';
import { isFailureCode, isTransmuteError } from '@transmute/contract';
import { toCanonicalMediaType } from '../media-types.js';
import { checkMediaType } from '../sniff/check-media-type.js';
import { findReader } from '../stages/find-reader.js';
import { readHead } from '../stages/scanning.js';
import type { PluginRegistry } from '../internal/plugin-registry.js';

/**
 * Upload validation's cheap checks: magic bytes against the declared type (text types must be
 * text), a reader must exist, then the reader plugin's own inspect() (pages, duration, entries).
 */
export async function inspectSourceFile(
  registry: PluginRegistry,
  file: SourceFile,
  signal: AbortSignal,
): Promise<FileInspection> {
  let head: Uint8Array;
  try {
    head = await readHead(file.path);
  } catch (error) {
    return {
      ok: false,
      code: 'corrupt_file',
      detail: `The file could not be read: ${(error as Error).message}`,
    };
  }
  if (head.length === 0) return { ok: false, code: 'empty_content', detail: 'The file is empty.' };
  const check = await checkMediaType(head, file.mediaType, file.sizeBytes <= head.length, file.path);
  if (!check.ok) return check;
  const mediaType = toCanonicalMediaType(file.mediaType);
  const reader = await findReader(registry, { mediaType, name: file.name, head });
  if (reader === undefined)
    return { ok: false, code: 'unsupported_content', detail: `No installed source reads ${mediaType}.` };
  if (reader.kind === 'text') return { ok: true, warnings: check.warnings };
  const { adapter } = reader;
  if (!adapter.inspect) return { ok: true, warnings: check.warnings };
  try {
    const inspection = await adapter.inspect(file, signal);
    return inspection.ok
      ? { ...inspection, warnings: [...check.warnings, ...inspection.warnings] }
      : inspection;
  } catch (error) {
    if (signal.aborted) throw error;
    if (isTransmuteError(error)) {
      // A plugin that throws what it found (too_many_pages, encrypted_document…) keeps its code.
      const code =
        isFailureCode(error.code) && error.code !== 'internal_error' ? error.code : 'extraction_failed';
      return { ok: false, code, detail: error.message };
    }
    return {
      ok: false,
      code: 'corrupt_file',
      detail: (error as Error).message || 'The file could not be inspected.',
    };
  }
}
