import type { ServiceContext } from './context.js';

/**
 * Deletes a content-addressed blob once nothing refers to it any more (two files with the same
 * bytes share one blob).
 */
export async function releaseBlob(ctx: ServiceContext, key: string | null): Promise<void> {
  if (key === null) return;
  const db = ctx.store.db;
  const [file, artifact, job, checkpoint] = await Promise.all([
    db.selectFrom('files').select('id').where('blob_key', '=', key).limit(1).executeTakeFirst(),
    db.selectFrom('artifacts').select('id').where('blob_key', '=', key).limit(1).executeTakeFirst(),
    db.selectFrom('jobs').select('id').where('document_key', '=', key).limit(1).executeTakeFirst(),
    db.selectFrom('job_checkpoints').select('job_id').where('blob_key', '=', key).limit(1).executeTakeFirst(),
  ]);
  if (file ?? artifact ?? job ?? checkpoint) return;
  await ctx.blobs.delete(key);
}
