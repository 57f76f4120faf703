import { FAILURE_CODES, TransmuteError, isTransmuteError, type FailureCode } from '@transmute/contract';
import type { FileInspection, SourceFile } from '@transmute/plugin-sdk';
import { releaseBlob } from '../tables/blob-refs.js';
import { localFileOf } from '../tables/stored-blob.js';
import { addMs, periodOf, type ServiceContext } from '../kernel/context.js';
import { newId } from '../kernel/ids.js';
import { writeEvent } from '../tables/events.js';
import { dropRejectedBytes, settleValidation } from '../tables/file-row.js';
import { toFileResource } from '../tables/resources.js';
import type { FilesTable, UsageRecordsTable } from '../storage/schema.js';
import { touchStorageMeter } from '../billing/storage-usage.js';
import { insertRecordsAndTotals } from '../billing/usage-totals.js';

/** Past it a validation gives up (`timeout`): well above the plugins' own time limits, for one that has none. */
const DEFAULT_VALIDATION_TIMEOUT_MS = 180_000;

type Verdict = { ok: true; warnings: string[] } | { ok: false; warning: string };

function reject(code: FailureCode, detail?: string): Verdict {
  return { ok: false, warning: `${code}: ${detail ?? FAILURE_CODES[code]}` };
}

/**
 * The engine's checks of a file, given up at the deadline: a plugin that ignores the abort (or
 * hangs) keeps its own resources until its own time limits, but no longer holds the file in
 * `validating` nor its place in the validation lane.
 */
async function inspectWithinDeadline(ctx: ServiceContext, file: SourceFile): Promise<FileInspection> {
  const timeoutMs = ctx.config.validationTimeoutMs ?? DEFAULT_VALIDATION_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<FileInspection>((resolve) => {
    timer = setTimeout(() => {
      const detail = `Checking the file took longer than ${String(Math.ceil(timeoutMs / 1000))} s.`;
      controller.abort(new TransmuteError('timeout', detail));
      resolve({ ok: false, code: 'timeout', detail });
    }, timeoutMs);
  });
  try {
    return await Promise.race([ctx.engine.inspectFile(file, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function inspect(ctx: ServiceContext, row: FilesTable): Promise<Verdict> {
  if (row.blob_key === null) return reject('corrupt_file', 'No bytes were stored for the file.');
  if (Number(row.received_size) !== Number(row.size_bytes)) {
    return reject(
      'size_mismatch',
      `Received ${String(row.received_size)} bytes but the intent declared ${String(row.size_bytes)}.`,
    );
  }
  if (row.received_sha256 !== row.sha256) return reject('digest_mismatch');
  const path = await localFileOf(ctx, { key: row.blob_key, owner: row.id, kind: 'file' });
  const inspection = await inspectWithinDeadline(ctx, {
    fileId: row.id,
    name: row.name,
    mediaType: row.media_type,
    sizeBytes: Number(row.size_bytes),
    path,
  });
  if (inspection.ok) return { ok: true, warnings: inspection.warnings };
  // A plugin's sentence may quote the path it read: the storage's layout is not the client's business.
  return reject(inspection.code, inspection.detail?.replaceAll(path, row.name));
}

/**
 * Validates a `validating` file (CONTRACT §7): size, digest, magic bytes against the declared
 * type, the plugin's cheap checks → `ready`, or `rejected` with the reason in `warnings` and a
 * `file.rejected` event in the same transaction. Rejected bytes are removed. The received bytes
 * are metered as `uploaded_bytes` (recorded under the file's id).
 */
export async function validateFile(ctx: ServiceContext, fileId: string): Promise<void> {
  const row = await ctx.store.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (row?.status !== 'validating') return;
  let verdict: Verdict;
  try {
    verdict = await inspect(ctx, row);
  } catch (error) {
    if (isTransmuteError(error) && error.code === 'stored_data_missing') {
      verdict = reject(error.code, error.message);
    } else {
      ctx.logger.error('file validation crashed', { fileId, error: String(error) });
      verdict = reject('corrupt_file', 'The file could not be inspected.');
    }
  }
  const now = ctx.nowIso();
  const expiresAt = addMs(now, ctx.retention.fileMs);
  const rejected = await ctx.store.transaction(async (trx) => {
    const current = await trx.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    if (current?.status !== 'validating') return false;
    const warnings = verdict.ok ? verdict.warnings : [verdict.warning];
    const next: FilesTable = {
      ...current,
      status: verdict.ok ? 'ready' : 'rejected',
      warnings_json: JSON.stringify(warnings),
      updated_at: now,
      expires_at: current.expires_at === null ? expiresAt : current.expires_at,
    };
    await settleValidation(trx, next);
    const usage: UsageRecordsTable = {
      id: newId('use'),
      account_id: current.account_id,
      job_id: current.id,
      unit: 'uploaded_bytes',
      estimated: Number(current.size_bytes),
      quantity: Number(current.received_size ?? 0),
      state: 'finalized',
      period_start: periodOf(ctx.now()).start,
      created_at: now,
      updated_at: now,
    };
    await insertRecordsAndTotals(trx, ctx.store.dialect, [usage]);
    // A ready file's bytes are kept: stored_gigabyte_days from now on.
    if (verdict.ok) await touchStorageMeter(trx, ctx, { id: current.id, accountId: current.account_id }, now);
    if (!verdict.ok) {
      await writeEvent(trx, ctx, {
        accountId: current.account_id,
        type: 'file.rejected',
        object: toFileResource(next),
      });
    }
    return !verdict.ok;
  });
  if (rejected) {
    await dropRejectedBytes(ctx.store.db, fileId);
    await releaseBlob(ctx, row.blob_key);
  }
}
