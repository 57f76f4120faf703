import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Variables } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import type { Job, JobList, OutputContentPage } from '@transmute/contract';
import type { ApiCaller } from '../api-caller.js';
import {
  CONTENT_URI_TEMPLATE,
  JOB_URI_TEMPLATE,
  OUTPUT_URI_TEMPLATE,
  contentUri,
  jobUri,
  outputUri,
} from './resource-uris.js';
import { toToolProblem, withRequestId } from './tool-result.js';

/** How many recent jobs (and their outputs) `resources/list` names. */
const RECENT_JOBS = 20;
const JSON_TYPE = 'application/json';

function variable(variables: Variables, name: string): string {
  const value = variables[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Runs an API read; a problem becomes an error whose message carries its code, detail and request id
 * (a fresh one when no API answer gave one).
 */
async function read<T>(run: () => Promise<unknown>): Promise<T> {
  try {
    return (await run()) as T;
  } catch (error) {
    const problem = withRequestId(toToolProblem(error));
    throw new Error(`${problem.code}: ${problem.detail} (request_id ${problem.request_id})`, {
      cause: error,
    });
  }
}

function jsonContents(uri: URL, value: unknown): ReadResourceResult {
  return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(value, null, 2) }] };
}

async function recentJobs(api: ApiCaller, signal: AbortSignal): Promise<Job[]> {
  const list = await read<JobList>(() => api.call('listJobs', { query: { limit: RECENT_JOBS } }, signal));
  return list.data;
}

function outputResources(jobs: readonly Job[]): Resource[] {
  return jobs.flatMap((job) =>
    job.output_ids.map((outputId) => ({
      uri: outputUri(outputId),
      name: outputId,
      title: `Output ${outputId} of job ${job.id}`,
      mimeType: JSON_TYPE,
    })),
  );
}

/**
 * Registers the `transmute://` resources: jobs and outputs (JSON, listing the caller's recent ones)
 * and the content pages of an output (`…/content{?cursor}`; each page names the next in `_meta`).
 */
export function registerResources(server: McpServer, api: ApiCaller): void {
  server.registerResource(
    'job',
    new ResourceTemplate(JOB_URI_TEMPLATE, {
      list: async (extra) => ({
        resources: (await recentJobs(api, extra.signal)).map((job) => ({
          uri: jobUri(job.id),
          name: job.id,
          title: `Job ${job.id} (${job.status})`,
          mimeType: JSON_TYPE,
        })),
      }),
    }),
    { title: 'Job', description: 'A conversion job: status, progress, output ids.', mimeType: JSON_TYPE },
    async (uri, variables, extra) =>
      jsonContents(
        uri,
        await read(() =>
          api.call('getJob', { path: { job_id: variable(variables, 'job_id') } }, extra.signal),
        ),
      ),
  );
  server.registerResource(
    'output',
    new ResourceTemplate(OUTPUT_URI_TEMPLATE, {
      list: async (extra) => ({ resources: outputResources(await recentJobs(api, extra.signal)) }),
    }),
    {
      title: 'Output',
      description:
        'An output of a job: profile, format, status and artifact manifest. `agent_context` outputs are ' +
        'the ones to hand an agent.',
      mimeType: JSON_TYPE,
    },
    async (uri, variables, extra) => {
      const outputId = variable(variables, 'output_id');
      return jsonContents(
        uri,
        await read(() => api.call('getOutput', { path: { output_id: outputId } }, extra.signal)),
      );
    },
  );
  server.registerResource(
    'output-content',
    new ResourceTemplate(CONTENT_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Output content page',
      description:
        "One page of an output's content (Markdown or JSONL); `_meta.next_uri` names the next page. " +
        'Read the content of an `agent_context` output to give an agent its context pack.',
    },
    async (uri, variables, extra) => {
      const outputId = variable(variables, 'output_id');
      const cursor = variable(variables, 'cursor');
      const page = await read<OutputContentPage>(() =>
        api.call(
          'getOutputContent',
          { path: { output_id: outputId }, query: cursor === '' ? {} : { cursor } },
          extra.signal,
        ),
      );
      const next = page.page.has_more ? page.page.next_cursor : null;
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: page.media_type,
            text: page.data,
            _meta: { next_cursor: next, next_uri: next === null ? null : contentUri(outputId, next) },
          },
        ],
      };
    },
  );
}
