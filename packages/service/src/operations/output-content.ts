import { StringDecoder } from 'node:string_decoder';
import { TransmuteError, type OutputContentPage, type OutputFormat } from '@transmute/contract';
import type { Caller } from '../kernel/service-types.js';
import { assertBlobPresent } from '../tables/stored-blob.js';
import type { ServiceContext } from '../kernel/context.js';
import { decodeCursor, encodeCursor, type CursorScope } from './cursor.js';
import { loadOutput } from './outputs.js';

const DEFAULT_LIMIT = 262_144;
const MAX_LIMIT = 1_048_576;

/** The index just after the last record boundary in `text[0..limit]`, or -1. */
function lastBoundary(text: string, limit: number, format: OutputFormat): number {
  const window = text.slice(0, limit);
  if (format === 'jsonl') {
    const at = window.lastIndexOf('\n');
    return at < 0 ? -1 : at + 1;
  }
  const at = window.lastIndexOf('\n\n');
  return at < 0 ? -1 : at + 2;
}

/** The index just after the first record boundary at or after `from`, or -1. */
function nextBoundary(text: string, from: number, format: OutputFormat): number {
  const marker = format === 'jsonl' ? '\n' : '\n\n';
  const at = text.indexOf(marker, Math.max(0, from - marker.length + 1));
  return at < 0 ? -1 : at + marker.length;
}

async function readPage(
  ctx: ServiceContext,
  key: string,
  offset: number,
  limit: number,
  format: OutputFormat,
): Promise<{ data: string; bytes: number; done: boolean }> {
  const stream = ctx.blobs.open(key, { start: offset, end: Number.MAX_SAFE_INTEGER });
  const decoder = new StringDecoder('utf8');
  let text = '';
  let eof = true;
  let cut = -1;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    text += decoder.write(chunk);
    if (text.length > limit) {
      cut = lastBoundary(text, limit, format);
      if (cut < 0) cut = nextBoundary(text, limit, format);
      if (cut > 0) {
        eof = false;
        break;
      }
    }
  }
  stream.destroy();
  if (eof) {
    text += decoder.end();
    cut = text.length;
  }
  const data = text.slice(0, cut);
  const bytes = Buffer.byteLength(data, 'utf8');
  return { data, bytes, done: eof && cut === text.length };
}

/**
 * getOutputContent (CONTRACT §9): a slice of the primary artifact ending on a record boundary;
 * the concatenation of every page is the artifact exactly.
 */
export async function getOutputContent(
  ctx: ServiceContext,
  caller: Caller,
  outputId: string,
  params: { cursor?: string; limit?: number },
): Promise<OutputContentPage> {
  const output = await loadOutput(ctx, caller.accountId, outputId);
  const format = output.format as OutputFormat;
  if (output.status !== 'succeeded') {
    throw new TransmuteError(
      'output_not_ready',
      `The output is ${output.status}; content is readable once succeeded.`,
    );
  }
  if (format === 'zip') {
    throw new TransmuteError(
      'content_not_paginable',
      'zip outputs are read through the manifest download_url.',
    );
  }
  const limit = Math.min(Math.max(1, params.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  const scope: CursorScope = {
    operation: 'getOutputContent',
    accountId: caller.accountId,
    filters: { output: outputId },
  };
  let offset = 0;
  if (params.cursor !== undefined) {
    const position = decodeCursor(ctx, scope, params.cursor) as { b?: unknown } | null;
    if (typeof position?.b !== 'number' || position.b < 0) {
      throw new TransmuteError('invalid_cursor', 'The cursor is invalid.');
    }
    offset = position.b;
  }
  const primary = await ctx.store.db
    .selectFrom('artifacts')
    .selectAll()
    .where('output_id', '=', outputId)
    .orderBy('position', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (primary?.blob_key == null) throw new TransmuteError('output_not_ready', 'The output has no content.');
  await assertBlobPresent(ctx, { key: primary.blob_key, owner: primary.id, kind: 'artifact' });
  const size = Number(primary.size_bytes);
  const page =
    offset >= size
      ? { data: '', bytes: 0, done: true }
      : await readPage(ctx, primary.blob_key, offset, limit, format);
  const end = offset + page.bytes;
  const next = !page.done && end < size ? encodeCursor(ctx, scope, { b: end }) : null;
  return {
    output_id: output.id,
    format,
    media_type: primary.media_type,
    data: page.data,
    page: { next_cursor: next, has_more: next !== null },
  };
}
