import type { Job, OutputContentPage } from '@transmute/contract';
import { contentPageResult } from './content-page-result.js';
import { convertTool } from './convert-tool.js';
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
import type { ToolDefinition } from './tool-definition.js';
import { jsonResult } from './tool-result.js';
import { waitForJob } from './wait-for-job.js';

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
      const path = stringArg(args, 'path');
      if (path === undefined) throw invalid('path', 'path must be a non-empty string.');
      const file = await readLocal(reader, path, stringArg(args, 'media_type'));
      return jsonResult(await context.api.uploadFile(file, context.signal));
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
    const jobId = stringArg(args, 'job_id');
    if (jobId === undefined) throw invalid('job_id', 'job_id must be a non-empty string.');
    const job = (await context.api.call('getJob', { path: { job_id: jobId } }, context.signal)) as Job;
    return jsonResult(await waitForJob(job, context, { timeoutMs: waitMs(args) }));
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
