import { performance } from 'node:perf_hooks';
import type { Source } from '@transmute/contract';
import type { CheckpointStore, ConvertSource } from '../kernel/engine.js';
import type { ServiceContext } from '../kernel/context.js';
import type { JobLease } from './job-lease.js';
import { LEASE_LOST, withLease } from '../tables/job-row.js';
import { jobCheckpointKeys, saveCheckpoint } from '../tables/checkpoint-row.js';
import type { JobsTable } from '../storage/schema.js';
import { stringifyInParts } from '../kernel/json-in-parts.js';
import { jobFiles } from '../tables/job-inputs.js';

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
 * A stage checkpoint is saved only once the run has worked this long: redoing less work after a
 * crash costs less than writing a blob and a row for every tiny job.
 */
export const CHECKPOINT_AFTER_MS = 100;

/**
 * Per-stage checkpoints of a job, kept in the BlobStore (so a restarted job resumes); a checkpoint
 * is saved only while the run holds its lease (a run that lost it stops there), and only once the
 * run has worked {@link CHECKPOINT_AFTER_MS}.
 */
export function createCheckpointStore(ctx: ServiceContext, lease: JobLease): CheckpointStore {
  const jobId = lease.jobId;
  const began = performance.now();
  // The engine looks for its latest checkpoint stage by stage when a run begins: one read answers
  // them all (a save of this run updates it), none when the claim found the job holds none.
  let keys: Promise<Map<string, string>> | null = lease.mayHoldCheckpointsOrTasks
    ? null
    : Promise.resolve(new Map());
  return {
    async load(stage) {
      keys ??= jobCheckpointKeys(ctx.store.db, jobId).then(
        (rows) => new Map(rows.map((row) => [row.stage, row.blob_key])),
      );
      const key = (await keys).get(stage);
      if (key === undefined) return undefined;
      try {
        return JSON.parse((await ctx.blobs.getBytes(key)).toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    async save(stage, state) {
      if (performance.now() - began < CHECKPOINT_AFTER_MS) return;
      const blob = await ctx.blobs.putBytes(await stringifyInParts(state));
      const now = ctx.nowIso();
      lease.mayHoldCheckpointsOrTasks = true;
      const saved = await withLease(ctx, lease.held, async (trx) => {
        await saveCheckpoint(trx, { jobId, stage, blobKey: blob.key, createdAt: now });
      });
      if (saved === LEASE_LOST) {
        lease.abort('lost');
        lease.checkStop();
      }
      if (keys !== null) (await keys).set(stage, blob.key);
    },
  };
}
