import { OPERATION_IDS, REQUEST_BODY_SCHEMAS } from '@transmute/contract';
import { expect, it } from 'vitest';
import { callTool, firstText, structured, type ConnectedClient } from './mcp-clients.js';

/** What the shared cases need from a setup. */
export interface McpSetup {
  /** A connected client of one account (the same for every case of the suite). */
  client(): ConnectedClient;
  /** A loopback page the service may fetch (it allows private networks). */
  pageUrl(): string;
  /** Whether the transport offers local files (stdio: yes; HTTP: no). */
  localFiles: boolean;
}

/** The task tools, offered on every transport (`upload_file` only with local files). */
export function taskTools(localFiles: boolean): string[] {
  return ['convert', ...(localFiles ? ['upload_file'] : []), 'wait_for_job', 'read_output'];
}

/** The operation tools offered without `--admin-tools` / `?tools=admin` (converting and reading). */
export const DEFAULT_OPERATION_TOOLS = [
  'getCapabilities',
  'listJobs',
  'createJob',
  'getJob',
  'cancelJob',
  'listJobOutputs',
  'getOutput',
];

/** Every tool, as offered with `--admin-tools` / `?tools=admin`. */
export function adminToolNames(localFiles: boolean): string[] {
  return [...taskTools(localFiles), ...OPERATION_IDS];
}

/** What `convert` and `read_output` answer besides the page text. */
interface PageAbout {
  job_id?: string;
  job_status?: string;
  output_id: string;
  has_more: boolean;
  next_cursor: string | null;
  next_page?: string;
  data: string;
}

/** A Markdown text of many paragraphs, long enough for several small content pages. */
export const LONG_TEXT = Array.from(
  { length: 12 },
  (_, index) =>
    `## Section ${String(index + 1)}\n\nThe hive number ${String(index + 1)} gave honey in the spring.`,
).join('\n\n');

/** The page served at {@link McpSetup.pageUrl}. */
export const PAGE_HTML =
  '<!doctype html><html><head><title>Orchard notes</title></head><body><main><h1>Orchard notes</h1>' +
  '<p>The pear trees on the south slope flowered early this year, two weeks before the apples.</p>' +
  '<p>Pruning of the old quince is planned for November, after the leaves fall.</p></main></body></html>';

/**
 * The cases every MCP transport must pass with the SDK's own client: tools and resources listed,
 * a text and a loopback URL converted, a cursor followed (tool and resources), progress received,
 * bad arguments answered as tool errors with the problem code.
 */
export function mcpConformanceCases(setup: McpSetup): void {
  it('lists the task tools and the default operation tools, with their body schemas', async () => {
    const { tools } = await setup.client().client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual([...taskTools(setup.localFiles), ...DEFAULT_OPERATION_TOOLS]);
    const createJob = tools.find((tool) => tool.name === 'createJob');
    expect(createJob?.inputSchema.properties?.body).toEqual(
      JSON.parse(JSON.stringify(REQUEST_BODY_SCHEMAS.CreateJobRequest)),
    );
    expect(createJob?.description).toContain('Create a durable conversion job');
    const getJob = tools.find((tool) => tool.name === 'getJob');
    expect(getJob?.inputSchema.required).toEqual(['job_id']);
    const convert = tools.find((tool) => tool.name === 'convert');
    expect(Object.keys(convert?.inputSchema.properties ?? {}).includes('path')).toBe(setup.localFiles);
    expect(convert?.description).toContain('agent_context');
  });

  it('converts a text and follows the cursor with read_output and as resources', async () => {
    const { client } = setup.client();
    const { result } = await callTool(client, 'convert', { text: LONG_TEXT, page_size: 150 });
    expect(result.isError).toBeUndefined();
    const first = structured<PageAbout>(result);
    expect(first.job_status).toBe('succeeded');
    expect(first.has_more).toBe(true);
    expect(firstText(result)).toBe(first.data);
    const pages = [first.data];
    let cursor = first.next_cursor;
    while (cursor !== null) {
      const next = await callTool(client, 'read_output', {
        output_id: first.output_id,
        cursor,
        page_size: 150,
      });
      pages.push(structured<PageAbout>(next.result).data);
      cursor = structured<PageAbout>(next.result).next_cursor;
    }
    expect(pages.length).toBeGreaterThan(2);
    const whole = pages.join('');
    expect(whole).toContain('Section 1');
    expect(whole).toContain('The hive number 12 gave honey in the spring.');

    // A resource page has the server's default size: from the second page on, here the rest.
    const byResource = await client.readResource({ uri: first.next_page ?? '' });
    const [content] = byResource.contents;
    expect(content !== undefined && 'text' in content ? content.text : '').toBe(pages.slice(1).join(''));
    expect(content?._meta).toEqual({ next_cursor: null, next_uri: null });
    const job = await client.readResource({ uri: `transmute://jobs/${first.job_id ?? ''}` });
    const [jobContent] = job.contents;
    expect(JSON.parse(jobContent !== undefined && 'text' in jobContent ? jobContent.text : '')).toMatchObject(
      { id: first.job_id, status: 'succeeded' },
    );
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([
        `transmute://jobs/${first.job_id ?? ''}`,
        `transmute://outputs/${first.output_id}`,
      ]),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      'transmute://jobs/{job_id}',
      'transmute://outputs/{output_id}',
      'transmute://outputs/{output_id}/content{?cursor}',
    ]);
  });

  it('converts a page on a loopback URL', async () => {
    const { result } = await callTool(setup.client().client, 'convert', { url: setup.pageUrl() });
    expect(result.isError).toBeUndefined();
    expect(firstText(result)).toContain('The pear trees on the south slope flowered early');
  });

  it('sends progress notifications while it waits for a job', async () => {
    const { client } = setup.client();
    const created = await callTool(client, 'createJob', {
      body: { source: { type: 'text', content: LONG_TEXT }, output: { profile: 'source_summary' } },
    });
    const jobId = structured<{ id: string }>(created.result).id;
    const { result, progress } = await callTool(client, 'wait_for_job', { job_id: jobId, wait_seconds: 60 });
    expect(structured<{ status: string }>(result).status).toBe('succeeded');
    expect(progress.length).toBeGreaterThan(0);
    // The last notification may race the result on the client (it drops progress after the answer).
    for (const [index, update] of progress.entries()) {
      expect(update.total).toBe(100);
      expect(update.message).toMatch(/^(queued|processing|succeeded)/);
      // MCP: each progress value is larger than the one before.
      if (index > 0) expect(update.progress).toBeGreaterThan(progress[index - 1]?.progress ?? 0);
    }
  });

  it('answers bad arguments with tool errors that carry the problem code and request id', async () => {
    const { client } = setup.client();
    const invalidBody = await callTool(client, 'createJob', { body: { source: { type: 'text' } } });
    expect(invalidBody.result.isError).toBe(true);
    expect(structured(invalidBody.result)).toMatchObject({
      code: 'validation_failed',
      request_id: expect.stringMatching(/^req_/) as unknown,
    });
    expect(firstText(invalidBody.result)).toContain('source.content');
    const badProfile = await callTool(client, 'convert', { text: 'Hello.', output: { profile: 'poem' } });
    expect(structured(badProfile.result)).toMatchObject({ code: 'validation_failed' });
    const unknownJob = await callTool(client, 'getJob', { job_id: 'job_000000000000000000' });
    expect(structured(unknownJob.result)).toMatchObject({ code: 'not_found' });
    const noSource = await callTool(client, 'convert', {});
    expect(structured(noSource.result)).toMatchObject({ code: 'invalid_parameter' });
  });
}
