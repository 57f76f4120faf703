import {
  COMPONENT_SCHEMAS,
  TransmuteError,
  type Job,
  type JsonSchema,
  type OutputContentPage,
} from '@transmute/contract';
import { contentPageResult } from './content-page-result.js';
import {
  AGENT_HINT,
  contentLimit,
  invalid,
  numberArg,
  pageSizeSchema,
  readLocal,
  stringArg,
  waitMs,
  waitSecondsSchema,
  type LocalFileReader,
} from './tool-arguments.js';
import type { ToolContext, ToolDefinition } from './tool-definition.js';
import { jsonResult, problemResult } from './tool-result.js';
import { isTerminal, waitForJob } from './wait-for-job.js';

/** The output a conversion makes when the call names none: the extracted content as Markdown. */
const DEFAULT_OUTPUT = { profile: 'raw_source' } as const;

/** The answer for a job that ended without a result, or is still running after the wait. */
function unfinished(job: Job): ReturnType<typeof jsonResult> {
  if (!isTerminal(job)) {
    return jsonResult({ job, next: `Still ${job.status}: call wait_for_job with job_id ${job.id}.` });
  }
  // A job's failure travels as its status and warnings; the tool error names the status as its code.
  const detail = job.warnings.length > 0 ? job.warnings.join(' ') : `The job ended ${job.status}.`;
  return problemResult({ code: `job_${job.status}`, detail, request_id: '' });
}

/** The job's source from exactly one of `text`, `url` or `path` (uploaded first). */
async function toSource(
  args: Readonly<Record<string, unknown>>,
  context: ToolContext,
  reader: LocalFileReader | undefined,
): Promise<Record<string, unknown>> {
  const text = stringArg(args, 'text');
  const url = stringArg(args, 'url');
  const path = reader === undefined ? undefined : stringArg(args, 'path');
  const given = [text, url, path].filter((value) => value !== undefined).length;
  if (given !== 1) {
    const names = reader === undefined ? '`text` or `url`' : '`text`, `url` or `path`';
    throw invalid('source', `Give exactly one of ${names}.`);
  }
  if (text !== undefined) return { type: 'text', content: text };
  if (url !== undefined) return { type: 'url', url };
  if (reader === undefined || path === undefined) throw invalid('path', 'No local files here.');
  const file = await readLocal(reader, path, stringArg(args, 'media_type'));
  const uploaded = await context.api.uploadFile(file, context.signal);
  if (uploaded.status !== 'ready') {
    const detail = `The file was ${uploaded.status}: ${uploaded.warnings.join(' ') || 'not accepted.'}`;
    throw new TransmuteError('validation_failed', detail);
  }
  return { type: 'files', file_ids: [uploaded.id] };
}

async function runConvert(
  args: Readonly<Record<string, unknown>>,
  context: ToolContext,
  reader: LocalFileReader | undefined,
): Promise<ReturnType<typeof jsonResult>> {
  const source = await toSource(args, context, reader);
  const output = args.output ?? DEFAULT_OUTPUT;
  const created = (await context.api.call('createJob', { body: { source, output } }, context.signal)) as Job;
  let job: Job;
  try {
    job = await waitForJob(created, context, { timeoutMs: waitMs(args) });
  } catch (error) {
    // The call made this job: the client's cancel cancels it too.
    if (context.signal.aborted) {
      await context.api.call('cancelJob', { path: { job_id: created.id } }).catch(() => undefined);
    }
    throw error;
  }
  const outputId = job.output_ids[0];
  if (job.status !== 'succeeded' || outputId === undefined) return unfinished(job);
  const format = (output as { format?: unknown }).format;
  // A zip is not paginable: its manifest names the artifacts' download URLs.
  if (format === 'zip') {
    return jsonResult(await context.api.call('getOutput', { path: { output_id: outputId } }, context.signal));
  }
  const limit = numberArg(args, 'page_size', contentLimit.default);
  const page = (await context.api.call(
    'getOutputContent',
    { path: { output_id: outputId }, query: { limit } },
    context.signal,
  )) as OutputContentPage;
  return contentPageResult(page, job);
}

/** `convert`: a text, a URL or (with a reader) a local file → job → wait → first content page. */
export function convertTool(reader: LocalFileReader | undefined): ToolDefinition {
  const pathProperty: Record<string, JsonSchema> =
    reader === undefined
      ? {}
      : {
          path: { type: 'string', description: 'A local file to upload and convert (PDF, DOCX, HTML, …).' },
          media_type: { type: 'string', description: 'Media type of `path` when its name does not tell.' },
        };
  return {
    name: 'convert',
    title: 'Convert a text, a URL or a file and read the result',
    description:
      `Converts ${reader === undefined ? 'a text or a URL' : 'a text, a URL or a local file'} into LLM-ready ` +
      'content: creates a job, waits for it (with progress notifications), and returns the first page ' +
      `of the output with a cursor for \`read_output\`. ${AGENT_HINT}`,
    inputSchema: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'Text (plain, Markdown or HTML) to convert.' },
        url: { type: 'string', format: 'uri', description: 'A web page or document address to fetch.' },
        ...pathProperty,
        output: { ...(COMPONENT_SCHEMAS.OutputOptions ?? {}), default: DEFAULT_OUTPUT },
        wait_seconds: waitSecondsSchema,
        page_size: pageSizeSchema,
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: (args, context) => runConvert(args, context, reader),
  };
}
