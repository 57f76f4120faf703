import { createServer, type AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createClient } from '@transmute/client';
import { OPERATION_IDS } from '@transmute/contract/operations';
import { describe, expect, it } from 'vitest';
import { createClientApiCaller } from './api-caller.js';
import { createTransmuteMcpServer, type TransmuteMcpServerOptions } from './create-transmute-mcp-server.js';

const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;

/** An API caller over the real client whose `fetch` answers every call with `answer` and counts them. */
function answering(answer: () => Response): { calls: string[]; api: TransmuteMcpServerOptions['api'] } {
  const calls: string[] = [];
  const client = createClient({
    baseUrl: 'http://transmute.test',
    apiKey: 'tmk_test',
    maxRetries: 0,
    fetch: async (input) => {
      calls.push(new Request(input).url);
      return answer();
    },
  });
  return { calls, api: createClientApiCaller(client) };
}

/** A loopback port nobody listens on: bound once, then closed. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function connect(options: TransmuteMcpServerOptions): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createTransmuteMcpServer(options).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

function problemOf(result: unknown): Record<string, unknown> {
  const { isError, structuredContent } = result as CallToolResult;
  expect(isError).toBe(true);
  return structuredContent ?? {};
}

const notCalled = (): Response => new Response('{}', { status: 500 });

describe('createTransmuteMcpServer tool sets', () => {
  const localFiles: TransmuteMcpServerOptions['localFiles'] = () =>
    Promise.resolve({ name: 'a.txt', mediaType: 'text/plain', bytes: new Uint8Array() });

  it('offers the converting and reading tools by default', async () => {
    const client = await connect({ api: answering(notCalled).api, localFiles });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'convert',
      'upload_file',
      'wait_for_job',
      'read_output',
      'getCapabilities',
      'listJobs',
      'createJob',
      'getJob',
      'cancelJob',
      'listJobOutputs',
      'getOutput',
    ]);
  });

  it('offers every operation with adminTools, and the default set at under half its schema size', async () => {
    const admin = await connect({ api: answering(notCalled).api, localFiles, adminTools: true });
    const all = (await admin.listTools()).tools;
    expect(all.map((tool) => tool.name)).toEqual([
      'convert',
      'upload_file',
      'wait_for_job',
      'read_output',
      ...OPERATION_IDS,
    ]);
    const small = (await (await connect({ api: answering(notCalled).api, localFiles })).listTools()).tools;
    expect(JSON.stringify(small).length).toBeLessThan(JSON.stringify(all).length / 2);
  });
});

describe('createTransmuteMcpServer errors', () => {
  it('gives a request id in the API format to arguments refused before any call', async () => {
    const { calls, api } = answering(notCalled);
    const client = await connect({ api });
    for (const [name, args] of [
      ['getJob', {}],
      ['convert', { text: 'a', url: 'https://example.com' }],
      ['wait_for_job', {}],
    ] as const) {
      const problem = problemOf(await client.callTool({ name, arguments: args }));
      expect(problem.request_id, name).toMatch(REQUEST_ID);
    }
    expect(calls).toEqual([]);
  });

  it("keeps the request id of the API's answer", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Not found',
      status: 404,
      code: 'not_found',
      detail: 'No such job.',
      request_id: 'req_AAAAAAAAAAAAAAAAAAAAAAAA',
      retryable: false,
    };
    const { api } = answering(
      () =>
        new Response(JSON.stringify(problem), {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    const client = await connect({ api });
    const result = await client.callTool({ name: 'getJob', arguments: { job_id: 'job_0123456789ab' } });
    expect(problemOf(result)).toMatchObject({ code: 'not_found', request_id: problem.request_id });
  });

  it('gives a request id to an unknown tool (a protocol error) and to a resource read that got no answer', async () => {
    const client = await connect({ api: answering(notCalled).api });
    const unknown: unknown = await client
      .callTool({ name: 'no_such_tool', arguments: {} })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).data).toMatchObject({
      code: 'not_found',
      request_id: expect.stringMatching(REQUEST_ID),
    });

    const baseUrl = `http://127.0.0.1:${String(await refusedPort())}`;
    const api = createClientApiCaller(createClient({ baseUrl, apiKey: 'tmk_test', maxRetries: 0 }));
    const refused = await connect({ api });
    const read: unknown = await refused
      .readResource({ uri: 'transmute://jobs/job_0123456789ab' })
      .catch((error: unknown) => error);
    expect((read as Error).message).toContain('connection_failed');
    expect((read as Error).message).toMatch(/request_id req_[A-Za-z0-9]{24}\)/);
  });

  it('says a server that refused the connection could not be reached, naming it, with a request id', async () => {
    const baseUrl = `http://127.0.0.1:${String(await refusedPort())}`;
    const api = createClientApiCaller(createClient({ baseUrl, apiKey: 'tmk_test', maxRetries: 0 }));
    const client = await connect({ api });
    const result = await client.callTool({ name: 'getJob', arguments: { job_id: 'job_0123456789ab' } });
    const problem = problemOf(result);
    expect(problem).toMatchObject({ code: 'connection_failed' });
    expect(problem.detail).toContain(`Is the server running at ${baseUrl}?`);
    expect(problem.request_id).toMatch(REQUEST_ID);
    expect(problem).not.toHaveProperty('status');
  });
});
