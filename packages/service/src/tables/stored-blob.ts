import { TransmuteError } from '@transmute/contract';
import type { ServiceContext } from '../kernel/context.js';

/** What a blob read is for, named in the log line when its bytes are gone. */
export interface BlobUse {
  key: string;
  /** The row the bytes belong to (`file_…`, `job_…`, `art_…`). */
  owner: string;
  /** What the bytes are: `file`, `document`, `artifact`. */
  kind: string;
}

/**
 * The error of bytes a row refers to that the storage no longer has: a stable code for the job,
 * output, file or download that needed them, and an error line for the operator (data was lost
 * outside Transmute's deletes: a wiped volume, a bucket lifecycle rule).
 */
function storedDataMissing(ctx: Pick<ServiceContext, 'logger'>, use: BlobUse): TransmuteError {
  ctx.logger.error('stored bytes missing', { key: use.key, owner: use.owner, kind: use.kind });
  return new TransmuteError(
    'stored_data_missing',
    `The stored bytes of ${use.kind} ${use.owner} are missing.`,
  );
}

/** Throws `stored_data_missing` unless the blob is there. */
export async function assertBlobPresent(
  ctx: Pick<ServiceContext, 'logger' | 'blobs'>,
  use: BlobUse,
): Promise<void> {
  if ((await ctx.blobs.stat(use.key)) === null) throw storedDataMissing(ctx, use);
}

/** A local path holding the blob's bytes (the engine reads files by path), or `stored_data_missing`. */
export async function localFileOf(
  ctx: Pick<ServiceContext, 'logger' | 'blobs'>,
  use: BlobUse,
): Promise<string> {
  await assertBlobPresent(ctx, use);
  return ctx.blobs.localFile(use.key);
}

/** The whole bytes of a small blob (a document, a checkpoint), or `stored_data_missing`. */
export async function bytesOf(ctx: Pick<ServiceContext, 'logger' | 'blobs'>, use: BlobUse): Promise<Buffer> {
  try {
    return await ctx.blobs.getBytes(use.key);
  } catch (error) {
    if ((await ctx.blobs.stat(use.key)) === null) throw storedDataMissing(ctx, use);
    throw error;
  }
}
