import { TransmuteError, type Source } from '@transmute/contract';
import type { CheckpointStore, ConvertSource } from './engine.js';
import type { SourceFile } from '@transmute/plugin-sdk';
import type { ServiceContext } from './context.js';
import type { JobLease } from './job-lease.js';
import { LEASE_LOST, withLease } from './job-row.js';
import type { JobsTable } from './schema.js';
import { stringifyInParts } from './json-in-parts.js';

/** The files of a files job, as local SourceFiles (the blob store's local files). */
export async function jobFiles(ctx: ServiceContext, jobId: string): Promise<SourceFile[]> {
  const rows = await ctx.store.db
    .selectFrom('job_files')
    .leftJoin('files', 'files.id', 'job_files.file_id')
    .select(['job_files.file_id', 'files.name', 'files.media_type', 'files.size_bytes', 'files.blob_key'])
    .where('job_files.job_id', '=', jobId)
    .orderBy('job_files.position', 'asc')
    .execute();
  const files: SourceFile[] = [];
  for (const row of rows) {
    if (row.blob_key == null || row.name == null || row.media_type == null) {
      throw new TransmuteError(
        'source_unreachable',
        `The file ${row.file_id} was deleted before the job ran.`,
      );
    }
    files.push({
      fileId: row.file_id,
      name: row.name,
      mediaType: row.media_type,
      sizeBytes: Number(row.size_bytes),
      path: await ctx.blobs.localFile(row.blob_key),
    });
  }
  return files;
}

/** The job's wire source as the engine's ConvertSource. */
export async function toConvertSource(ctx: ServiceContext, row: JobsTable): Promise<ConvertSource> {
  const source = JSON.parse(row.source_json) as Source;
  switch (source.type) {
    case 'text':
      return {
        type: 'text',
        content: source.content,
        ...(source.title === undefined ? {} : { title: source.title }),
        ...(source.source_url === undefined ? {} : { sourceUrl: source.source_url }),
      };
    case 'url': {
      const prefs = source.resolver_preferences ?? {};
      return {
        type: 'url',
        url: source.url,
        ...(prefs.allow_audio_transcription === undefined
          ? {}
          : { allowAudioTranscription: prefs.allow_audio_transcription }),
        ...(prefs.preferred_language === undefined ? {} : { preferredLanguage: prefs.preferred_language }),
      };
    }
    case 'files':
      return { type: 'files', files: await jobFiles(ctx, row.id) };
  }
}

/**
 * Per-stage checkpoints of a job, kept in the BlobStore (so a restarted job resumes); a checkpoint
 * is saved only while the run holds its lease (a run that lost it stops there).
 */
export function createCheckpointStore(ctx: ServiceContext, lease: JobLease): CheckpointStore {
  const jobId = lease.jobId;
  return {
    async load(stage) {
      const row = await ctx.store.db
        .selectFrom('job_checkpoints')
        .select('blob_key')
        .where('job_id', '=', jobId)
        .where('stage', '=', stage)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      try {
        return JSON.parse((await ctx.blobs.getBytes(row.blob_key)).toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    async save(stage, state) {
      const blob = await ctx.blobs.putBytes(await stringifyInParts(state));
      const now = ctx.nowIso();
      const saved = await withLease(ctx, lease.held, async (trx) => {
        await trx
          .deleteFrom('job_checkpoints')
          .where('job_id', '=', jobId)
          .where('stage', '=', stage)
          .execute();
        await trx
          .insertInto('job_checkpoints')
          .values({ job_id: jobId, stage, blob_key: blob.key, created_at: now })
          .execute();
      });
      if (saved === LEASE_LOST) {
        lease.abort('lost');
        throw lease.controller.signal.reason;
      }
    },
  };
}
