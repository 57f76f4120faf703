import { TransmuteError, isTransmuteError } from '@transmute/contract';
import type { ExtractedDocument, PagedReading, SourceAdapter, SourceFile } from '@transmute/plugin-sdk';
import type { ExtractionTask } from '../engine-types.js';
import { inPluginSpan } from '../internal/plugin-span.js';
import type { ExtractedPart } from '../internal/combine-documents.js';
import { appendAttachments, meterPageCount, type AttachmentRun } from './extract-attachments.js';
import { toStageContext, type RunContext } from './run-context.js';
import type { ScannedItem } from './scanning.js';

/** Pages per extraction task of a long document, unless the engine or the task runner says otherwise. */
export const DEFAULT_PAGES_PER_TASK = 25;

/** A plugin's failure as a failure code (a plugin that throws a plain error: `extraction_failed`). */
async function asPluginFailure<T>(ctx: RunContext, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (ctx.signal.aborted || isTransmuteError(error)) throw error;
    throw new TransmuteError(
      'extraction_failed',
      `${name}: ${(error as Error).message || 'extraction failed'}`,
      {
        cause: error,
      },
    );
  }
}

/** The adapter's paged reading, when the item is a file read by an adapter that offers one. */
function pagedReadingOf(
  item: ScannedItem,
): { file: SourceFile; adapter: SourceAdapter; pages: PagedReading } | null {
  if (item.kind !== 'plugin' || item.adapter.pages === undefined) return null;
  return { file: item.file, adapter: item.adapter, pages: item.adapter.pages };
}

/**
 * The extraction tasks of scanned items, in order: one per file, and a long document an adapter
 * can read in page ranges split into ranges of `pagesPerTask` pages.
 */
export async function planExtraction(
  items: readonly ScannedItem[],
  ctx: RunContext,
  pagesPerTask: number,
): Promise<ExtractionTask[]> {
  const tasks: ExtractionTask[] = [];
  for (const [index, item] of items.entries()) {
    const paged = pagedReadingOf(item);
    const count =
      paged === null
        ? 0
        : await asPluginFailure(ctx, paged.file.name, () =>
            inPluginSpan(paged.adapter.manifest, 'extract', () =>
              paged.pages.countPages(paged.file, toStageContext(ctx, paged.adapter)),
            ),
          );
    if (count <= pagesPerTask) {
      tasks.push({ file: index });
      continue;
    }
    for (let first = 1; first <= count; first += pagesPerTask) {
      tasks.push({ file: index, pages: { first, last: Math.min(count, first + pagesPerTask - 1) } });
    }
  }
  return tasks;
}

/** A file after its reader: page count metered, size and type noted, its attachments read after it. */
async function finishPart(
  item: ScannedItem & { kind: 'plugin' },
  document: ExtractedDocument,
  job: AttachmentRun,
  metered: Set<string> | null,
): Promise<ExtractedPart> {
  if (metered !== null) meterPageCount(document, { metered }, job.run.recorder);
  document.metadata.sizeBytes ??= item.file.sizeBytes;
  document.metadata.mediaType ??= item.file.mediaType;
  await appendAttachments(document, job);
  return { document, name: item.file.name, ...(item.file.fileId ? { fileId: item.file.fileId } : {}) };
}

/**
 * Runs one task: a whole item (its reader, then its attachments) → its {@link ExtractedPart}; a
 * page range → the adapter's reading of those pages. Both are JSON.
 */
export async function runExtractionTask(
  item: ScannedItem,
  task: ExtractionTask,
  job: AttachmentRun,
): Promise<unknown> {
  const ctx = job.run;
  if (item.kind === 'text') {
    const document = await job.readText({
      content: item.content,
      mediaType: item.mediaType,
      name: item.name,
    });
    return {
      document,
      name: item.name,
      ...(item.fileId ? { fileId: item.fileId } : {}),
    } satisfies ExtractedPart;
  }
  const stageContext = toStageContext(ctx, item.adapter);
  const range = task.pages;
  const paged = pagedReadingOf(item);
  if (range !== undefined && paged !== null) {
    return asPluginFailure(ctx, item.file.name, () =>
      inPluginSpan(item.adapter.manifest, 'extract', () =>
        paged.pages.readPages(item.file, range, stageContext),
      ),
    );
  }
  const document = await asPluginFailure(ctx, item.file.name, () =>
    inPluginSpan(item.adapter.manifest, 'extract', () => item.adapter.extract(item.file, stageContext)),
  );
  return finishPart(item, document, job, stageContext.metered);
}

/**
 * The parts of the items from their tasks' outputs (in task order): a whole item's part as it
 * came, the page ranges of one document assembled by its adapter into one part.
 */
export async function mergeExtraction(
  items: readonly ScannedItem[],
  tasks: readonly ExtractionTask[],
  outputs: readonly unknown[],
  job: AttachmentRun,
): Promise<ExtractedPart[]> {
  const parts: ExtractedPart[] = [];
  for (const [index, item] of items.entries()) {
    const mine = tasks.flatMap((task, position) => (task.file === index ? [position] : []));
    const paged = pagedReadingOf(item);
    const [first] = mine;
    if (first === undefined) throw new Error(`no extraction task for item ${String(index)}`);
    if (paged === null || tasks[first]?.pages === undefined) {
      parts.push(outputs[first] as ExtractedPart);
      continue;
    }
    const readings = mine.map((position) => outputs[position]);
    const stageContext = toStageContext(job.run, paged.adapter);
    const document = await asPluginFailure(job.run, paged.file.name, () =>
      inPluginSpan(paged.adapter.manifest, 'extract', () =>
        paged.pages.assemble(paged.file, readings, stageContext),
      ),
    );
    // The ranges metered their pages.
    parts.push(await finishPart(item as ScannedItem & { kind: 'plugin' }, document, job, null));
  }
  return parts;
}
