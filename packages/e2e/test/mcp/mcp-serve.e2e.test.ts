import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ROOT, startService, type RunningService } from '../blackbox/support/service.js';
import {
  callTool,
  connectHttp,
  connectStdio,
  firstText,
  servePage,
  structured,
  type ConnectedClient,
  type PageServer,
} from './support/mcp-clients.js';
import { LONG_TEXT, PAGE_HTML, adminToolNames, mcpConformanceCases } from './support/mcp-suite.js';

let service: RunningService;
let page: PageServer;

beforeAll(async () => {
  // The service fetches the test's loopback page: private networks allowed.
  service = await startService({ flags: ['--allow-private-networks'] });
  page = await servePage(PAGE_HTML);
}, 180_000);

afterAll(async () => {
  await page.close();
  await service.stop();
});

function account(index: number): { apiKey: string } {
  const found = service.accounts[index];
  if (found === undefined) throw new Error(`no account ${String(index)}`);
  return found;
}

describe('MCP over Streamable HTTP at /mcp of transmute serve', () => {
  let connected: ConnectedClient;
  beforeAll(async () => {
    connected = await connectHttp(service.baseUrl, account(0).apiKey);
  });
  afterAll(() => connected.close());

  mcpConformanceCases({ client: () => connected, pageUrl: () => page.url, localFiles: false });

  it('offers every operation with /mcp?tools=admin', async () => {
    const admin = await connectHttp(service.baseUrl, account(0).apiKey, '/mcp?tools=admin');
    try {
      const { tools } = await admin.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(adminToolNames(false));
    } finally {
      await admin.close();
    }
  });

  it("keeps account B's token away from account A's jobs", async () => {
    const { result } = await callTool(connected.client, 'createJob', {
      body: { source: { type: 'text', content: LONG_TEXT }, output: { profile: 'raw_source' } },
    });
    const jobId = structured<{ id: string }>(result).id;
    const other = await connectHttp(service.baseUrl, account(1).apiKey, '/mcp?tools=admin');
    try {
      for (const name of ['getJob', 'cancelJob', 'deleteJob', 'listJobOutputs', 'wait_for_job']) {
        const answer = await callTool(other.client, name, { job_id: jobId });
        expect(answer.result.isError, name).toBe(true);
        expect(structured(answer.result), name).toMatchObject({ code: 'not_found' });
      }
      const listed = await callTool(other.client, 'listJobs', {});
      expect(structured<{ data: { id: string }[] }>(listed.result).data.map((job) => job.id)).not.toContain(
        jobId,
      );
      await expect(other.client.readResource({ uri: `transmute://jobs/${jobId}` })).rejects.toThrow(
        /not_found/,
      );
      const { resources } = await other.client.listResources();
      expect(resources.map((resource) => resource.uri)).not.toContain(`transmute://jobs/${jobId}`);
    } finally {
      await other.close();
    }
    const own = await callTool(connected.client, 'getJob', { job_id: jobId });
    expect(structured(own.result)).toMatchObject({ id: jobId });
  });

  it('answers a missing or invalid bearer on /mcp with the 401 problem', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(`${service.baseUrl}/mcp`, { method: 'POST', headers, body });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(await missing.json()).toMatchObject({ code: 'unauthenticated', status: 401 });
    const invalid = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer tmk_not_a_real_key' },
      body,
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toMatchObject({ code: 'invalid_token' });
    await expect(connectHttp(service.baseUrl, 'tmk_not_a_real_key')).rejects.toThrow();
  });

  it('answers GET on /mcp with 405 (stateless: no server-initiated stream)', async () => {
    const response = await fetch(`${service.baseUrl}/mcp`, {
      headers: { authorization: `Bearer ${account(0).apiKey}`, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('MCP over stdio: transmute mcp --base-url against transmute serve', () => {
  let connected: ConnectedClient;
  beforeAll(async () => {
    connected = await connectStdio(['--base-url', service.baseUrl, '--api-key', account(0).apiKey]);
  }, 120_000);
  afterAll(() => connected.close());

  mcpConformanceCases({ client: () => connected, pageUrl: () => page.url, localFiles: true });

  it('converts a local PDF by uploading it to the server', async () => {
    const { result } = await callTool(connected.client, 'convert', {
      path: join(ROOT, 'fixtures/ocr/two-column.pdf'),
    });
    expect(result.isError, JSON.stringify(result.content)).toBeUndefined();
    expect(firstText(result)).toContain('Reading Order in Two Columns');
  });

  it('offers every operation with --admin-tools', async () => {
    const admin = await connectStdio([
      '--base-url',
      service.baseUrl,
      '--api-key',
      account(0).apiKey,
      '--admin-tools',
    ]);
    try {
      const { tools } = await admin.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(adminToolNames(true));
      const usage = await callTool(admin.client, 'getUsage', {});
      expect(usage.result.isError).toBeUndefined();
    } finally {
      await admin.close();
    }
  }, 120_000);
});
