import { TransmuteError, isTransmuteError } from '@transmute/contract';
import type { ExtractedDocument } from '@transmute/plugin-sdk';
import { checkAborted } from '../internal/abort.js';
import { inPluginSpan } from '../internal/plugin-span.js';
import { combineDocuments, type ExtractedPart } from '../internal/combine-documents.js';
import {
  ATTACHMENT_DEFAULTS,
  appendAttachments,
  meterPageCount,
  type AttachmentRun,
  type ReadText,
} from './extract-attachments.js';
import { toStageContext, type RunContext } from './run-context.js';
import type { ScannedItem } from './scanning.js';

async function extractItem(item: ScannedItem, job: AttachmentRun): Promise<ExtractedPart> {
  const { run: ctx, readText } = job;
  if (item.kind === 'text') {
    const document = await readText({ content: item.content, mediaType: item.mediaType, name: item.name });
    return { document, name: item.name, ...(item.fileId ? { fileId: item.fileId } : {}) };
  }
  const stageContext = toStageContext(ctx, item.adapter);
  let document: ExtractedDocument;
  try {
    document = await inPluginSpan(item.adapter.manifest, 'extract', () =>
      item.adapter.extract(item.file, stageContext),
    );
  } catch (error) {
    if (ctx.signal.aborted || isTransmuteError(error)) throw error;
    throw new TransmuteError(
      'extraction_failed',
      `${item.file.name}: ${(error as Error).message || 'extraction failed'}`,
      { cause: error },
    );
  }
  meterPageCount(document, stageContext, ctx.recorder);
  document.metadata.sizeBytes ??= item.file.sizeBytes;
  document.metadata.mediaType ??= item.file.mediaType;
  await appendAttachments(document, job);
  return { document, name: item.file.name, ...(item.file.fileId ? { fileId: item.file.fileId } : {}) };
}

/**
 * Stage extraction (and transcription, when a plugin marks it with `ctx.stage('transcription')`):
 * each source goes through its reader, then the files it embeds (attachments) through theirs as
 * child documents nested after it (`appendAttachments`); several files are concatenated into one
 * document with a heading per file and `fileId` provenance on every node. Inline text goes
 * through `readText`.
 */
export async function extractSources(
  items: readonly ScannedItem[],
  ctx: RunContext,
  readText: ReadText,
): Promise<ExtractedDocument> {
  ctx.progress.stage('extraction');
  const parts: ExtractedPart[] = [];
  const job: AttachmentRun = {
    run: ctx,
    readText,
    budget: { remaining: ctx.options.attachments?.maxPerJob ?? ATTACHMENT_DEFAULTS.maxPerJob },
  };
  for (const [index, item] of items.entries()) {
    checkAborted(ctx.signal);
    parts.push(await extractItem(item, job));
    if (ctx.progress.current === 'transcription') ctx.progress.stage('extraction');
    ctx.progress.within(
      ((index + 1) / items.length) * 100,
      items.length > 1 ? `file ${index + 1} of ${items.length}` : null,
    );
  }
  checkAborted(ctx.signal);
  return combineDocuments(parts);
}
