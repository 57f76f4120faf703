import type { ExtractedDocument } from '@transmute/plugin-sdk';
import type { ExtractionTask, ExtractionTaskResult, TaskRunner } from '../engine-types.js';
import { checkAborted } from '../internal/abort.js';
import { combineDocuments } from '../internal/combine-documents.js';
import { ATTACHMENT_DEFAULTS, type AttachmentRun, type ReadText } from './extract-attachments.js';
import {
  DEFAULT_PAGES_PER_TASK,
  mergeExtraction,
  planExtraction,
  runExtractionTask,
} from './extraction-tasks.js';
import type { RunContext } from './run-context.js';
import type { ScannedItem } from './scanning.js';

/** What reading the files of one run shares (its attachment budget). */
export function attachmentRun(ctx: RunContext, readText: ReadText): AttachmentRun {
  return {
    run: ctx,
    readText,
    budget: { remaining: ctx.options.attachments?.maxPerJob ?? ATTACHMENT_DEFAULTS.maxPerJob },
  };
}

/** Runs the tasks here, one after another, in the run's own recorder (progress: tasks done). */
async function runHere(
  items: readonly ScannedItem[],
  tasks: readonly ExtractionTask[],
  job: AttachmentRun,
): Promise<ExtractionTaskResult[]> {
  const ctx = job.run;
  const results: ExtractionTaskResult[] = [];
  for (const [index, task] of tasks.entries()) {
    checkAborted(ctx.signal);
    const item = items[task.file];
    if (item === undefined) throw new Error(`no item ${String(task.file)}`);
    // Each task has the attachment budget of its own, as on another worker.
    const output = await runExtractionTask(item, task, attachmentRun(ctx, job.readText));
    results.push({ output, warnings: [], usage: {} });
    if (ctx.progress.current === 'transcription') ctx.progress.stage('extraction');
    ctx.progress.within(
      ((index + 1) / tasks.length) * 100,
      tasks.length > 1 ? `task ${index + 1} of ${tasks.length}` : null,
    );
  }
  return results;
}

/**
 * Stage extraction (and transcription, when a plugin marks it with `ctx.stage('transcription')`):
 * the items are planned as tasks (a file each; a long document an adapter reads in page ranges,
 * split into ranges: `planExtraction`), the tasks run here or on the task runner's workers, and
 * their outputs merge in order (`mergeExtraction`): each file through its reader, then the files
 * it embeds (attachments) as child documents nested after it; several files are concatenated into
 * one document with a heading per file and `fileId` provenance on every node. Inline text goes
 * through `readText`. A task runner is used for `files` sources only (their files are on every
 * worker); the tasks' warnings and usage are added in task order.
 */
export async function extractSources(
  items: readonly ScannedItem[],
  ctx: RunContext,
  readText: ReadText,
  runner?: TaskRunner,
): Promise<ExtractedDocument> {
  ctx.progress.stage('extraction');
  const job = attachmentRun(ctx, readText);
  const pagesPerTask = runner?.pagesPerTask ?? ctx.options.pagesPerTask ?? DEFAULT_PAGES_PER_TASK;
  const tasks = await planExtraction(items, ctx, pagesPerTask);
  checkAborted(ctx.signal);
  const results =
    runner === undefined
      ? await runHere(items, tasks, job)
      : await runner.run(tasks, (done) =>
          ctx.progress.within((done / tasks.length) * 100, `task ${done} of ${tasks.length}`),
        );
  for (const result of results) {
    for (const warning of result.warnings) ctx.recorder.add(warning);
    for (const [unit, quantity] of Object.entries(result.usage)) {
      ctx.recorder.meter(unit as keyof typeof result.usage, quantity ?? 0);
    }
  }
  checkAborted(ctx.signal);
  const parts = await mergeExtraction(
    items,
    tasks,
    results.map((result) => result.output),
    job,
  );
  return combineDocuments(parts);
}
