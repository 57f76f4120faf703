import {
  COMPONENT_SCHEMAS,
  QUERY_KINDS,
  TransmuteError,
  type Job,
  type JsonSchema,
  type OutputContentPage,
} from '@transmute/contract';
import type { LocalFile } from '../api-caller.js';
import { contentPageResult } from './content-page-result.js';
import type { ToolContext, ToolDefinition } from './tool-definition.js';
import { errorResult, jsonResult, problemResult } from './tool-result.js';
import { isTerminal, waitForJob } from './wait-for-job.js';

/** Reads a local file for upload; given only where the server runs on the user's machine (stdio). */
export type LocalFileReader = (path: string, mediaType?: string) => Promise<LocalFile>;

/** Bounds of a wait in seconds: the default and the longest a single tool call may block. */
export const WAIT_SECONDS = { default: 60, max: 300 } as const;

const contentLimit = QUERY_KINDS.content.limit;
const waitSecondsSchema = {
  type: 'integer',
  minimum: 0,
  maximum: WAIT_SECONDS.max,
  default: WAIT_SECONDS.default,
  description: `Longest wait in seconds (at most ${WAIT_SECONDS.max}); a job still running then is returned as it is.`,
} as const;
const pageSizeSchema = {
  type: 'integer',
  minimum: contentLimit.min,
  maximum: contentLimit.max,
  default: contentLimit.default,
  description: 'Characters per content page.',
} as const;
const AGENT_HINT =
  'Profile `agent_context` gives a token-budgeted context pack (summary, key facts, cited chunks): the ' +
  'natural thing to hand an agent; `raw_source` gives the full extracted content as Markdown.';

function stringArg(args: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function numberArg(args: Readonly<Record<string, unknown>>, name: string, fallback: number): number {
  const value = args[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function invalid(field: string, detail: string): TransmuteError {
  return new TransmuteError('invalid_parameter', detail, {
    fieldErrors: [{ field, code: 'invalid_value', detail }],
  });
}

async function readLocal(reader: LocalFileReader, path: string, mediaType?: string): Promise<LocalFile> {
  try {
    return await reader(path, mediaType);
  } catch (error) {
    if (error instanceof TransmuteError) throw error;
    throw invalid('path', `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function waitMs(args: Readonly<Record<string, unknown>>): number {
  return (
    Math.min(Math.max(numberArg(args, 'wait_seconds', WAIT_SECONDS.default), 0), WAIT_SECONDS.max) * 1000
  );
}

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
  const file = await readLocal(reader as LocalFileReader, path as string, stringArg(args, 'media_type'));
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
  const output = args.output ?? { profile: 'raw_source' };
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
  if (format === 'zip')
    return jsonResult(await context.api.call('getOutput', { path: { output_id: outputId } }));
  const limit = numberArg(args, 'page_size', contentLimit.default);
  const page = (await context.api.call(
    'getOutputContent',
    { path: { output_id: outputId }, query: { limit } },
    context.signal,
  )) as OutputContentPage;
  return contentPageResult(page, job);
}

function convertTool(reader: LocalFileReader | undefined): ToolDefinition {
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
        output: { ...(COMPONENT_SCHEMAS.OutputOptions ?? {}), default: { profile: 'raw_source' } },
        wait_seconds: waitSecondsSchema,
        page_size: pageSizeSchema,
      },
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(args, context) {
      try {
        return await runConvert(args, context, reader);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}

function uploadFileTool(reader: LocalFileReader): ToolDefinition {
  return {
    name: 'upload_file',
    title: 'Upload a local file',
    description:
      'Uploads a local file to the account (direct upload, then validation) and returns the file; ' +
      'use its id in createJob with `source: {type: "files", file_ids: [id]}`.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the local file.' },
        media_type: { type: 'string', description: 'Media type when the file name does not tell.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, context) {
      try {
        const path = stringArg(args, 'path');
        if (path === undefined) throw invalid('path', 'path must be a non-empty string.');
        const file = await readLocal(reader, path, stringArg(args, 'media_type'));
        return jsonResult(await context.api.uploadFile(file, context.signal));
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}

const waitForJobTool: ToolDefinition = {
  name: 'wait_for_job',
  title: 'Wait for a job',
  description:
    'Waits until a job is terminal or `wait_seconds` pass, sending progress notifications (percent of ' +
    '100) while it runs, and returns the job. Cancelling the call stops the wait (cancelJob cancels the job).',
  inputSchema: {
    type: 'object',
    properties: {
      job_id: { type: 'string', description: 'Identifier of the job.' },
      wait_seconds: waitSecondsSchema,
    },
    required: ['job_id'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    try {
      const jobId = stringArg(args, 'job_id');
      if (jobId === undefined) throw invalid('job_id', 'job_id must be a non-empty string.');
      const job = (await context.api.call('getJob', { path: { job_id: jobId } }, context.signal)) as Job;
      return jsonResult(await waitForJob(job, context, { timeoutMs: waitMs(args) }));
    } catch (error) {
      return errorResult(error);
    }
  },
};

const readOutputTool: ToolDefinition = {
  name: 'read_output',
  title: 'Read an output page by page',
  description:
    "Returns one page of an output's content and the cursor of the next (`next_cursor`, null on the " +
    `last page). ${AGENT_HINT}`,
  inputSchema: {
    type: 'object',
    properties: {
      output_id: { type: 'string', description: 'Identifier of the output.' },
      cursor: { type: 'string', description: '`next_cursor` of the previous page; omit for the first.' },
      page_size: pageSizeSchema,
    },
    required: ['output_id'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    try {
      const outputId = stringArg(args, 'output_id');
      if (outputId === undefined) throw invalid('output_id', 'output_id must be a non-empty string.');
      const cursor = stringArg(args, 'cursor');
      const query = {
        limit: numberArg(args, 'page_size', contentLimit.default),
        ...(cursor === undefined ? {} : { cursor }),
      };
      const page = (await context.api.call(
        'getOutputContent',
        { path: { output_id: outputId }, query },
        context.signal,
      )) as OutputContentPage;
      return contentPageResult(page);
    } catch (error) {
      return errorResult(error);
    }
  },
};

/**
 * The task tools an agent reaches for first. `upload_file` and `convert`'s `path` exist only with a
 * local file reader (stdio): over HTTP a path would name a file on the server.
 */
export function taskTools(reader: LocalFileReader | undefined): ToolDefinition[] {
  return [
    convertTool(reader),
    ...(reader === undefined ? [] : [uploadFileTool(reader)]),
    waitForJobTool,
    readOutputTool,
  ];
}
