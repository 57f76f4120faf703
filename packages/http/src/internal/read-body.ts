import { TransmuteError } from '@transmute/contract';
import type { CoreRequest } from './core-types.js';

/** Options of {@link readJsonBody}. */
export interface ReadJsonBodyOptions {
  maxBytes: number;
  /** PATCH also accepts `application/merge-patch+json`. */
  allowMergePatch: boolean;
}

function mediaTypeOf(contentType: string | null): string | null {
  if (contentType === null) return null;
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function tooLarge(maxBytes: number): TransmuteError {
  return new TransmuteError('payload_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/** Checks the media type of a JSON request (415 `unsupported_media_type`). */
export function assertJsonContentType(request: CoreRequest, allowMergePatch: boolean): void {
  const mediaType = mediaTypeOf(request.header('content-type'));
  if (mediaType === 'application/json') return;
  if (allowMergePatch && mediaType === 'application/merge-patch+json') return;
  const accepted = allowMergePatch ? 'application/json or application/merge-patch+json' : 'application/json';
  throw new TransmuteError('unsupported_media_type', `The request body must be ${accepted}.`);
}

/**
 * Reads the whole body while counting bytes: past `maxBytes` it stops reading at once (413),
 * so a client cannot make the server buffer more than the limit.
 */
export async function readBodyBytes(request: CoreRequest, maxBytes: number): Promise<Uint8Array> {
  const declared = request.header('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (request.bytes !== undefined) {
    const whole = await request.bytes(maxBytes);
    if (whole === null) throw tooLarge(maxBytes);
    return whole;
  }
  const stream = request.body();
  if (stream === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, total);
}

/**
 * Content type (415) → size (413) → JSON syntax (400 `invalid_json`, also for a non-object).
 * Returns the parsed object.
 */
export async function readJsonBody(
  request: CoreRequest,
  options: ReadJsonBodyOptions,
): Promise<Record<string, unknown>> {
  assertJsonContentType(request, options.allowMergePatch);
  const bytes = await readBodyBytes(request, options.maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new TransmuteError('invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TransmuteError('invalid_json', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}
