import type { ConvertSource, ExtractionTask, ExtractionTaskResult } from '../engine-types.js';
import { checkAborted } from '../internal/abort.js';
import { createRunRecorder } from '../internal/usage-meter.js';
import { attachmentRun } from '../stages/extraction.js';
import { runExtractionTask } from '../stages/extraction-tasks.js';
import { scanSources } from '../stages/scanning.js';
import type { PipelineContext } from './pipeline-context.js';

/**
 * One extraction task of a `files` source, on whichever worker claimed it: its file is scanned
 * again (routing is cheap and decides the same reader; what scanning warns was said by the
 * prepare that planned the task), then read whole or in its page range. The result carries the
 * task's own warnings and usage, for the merge.
 */
export async function runTask(
  source: Extract<ConvertSource, { type: 'files' }>,
  task: ExtractionTask,
  ctx: PipelineContext,
): Promise<ExtractionTaskResult> {
  const file = source.files[task.file];
  if (file === undefined) throw new Error(`the source has no file ${String(task.file)}`);
  ctx.progress.stage('scanning');
  const [item] = await scanSources([{ kind: 'file', file }], { ...ctx, recorder: createRunRecorder() });
  if (item === undefined) throw new Error('scanning lost the file');
  ctx.progress.stage('extraction');
  const output = await runExtractionTask(
    item,
    task,
    attachmentRun(ctx, (input) => ctx.cpu.run('read-text', input, ctx)),
  );
  checkAborted(ctx.signal);
  return { output, warnings: [...ctx.recorder.warnings], usage: { ...ctx.recorder.usage } };
}
