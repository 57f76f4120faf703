import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from '../../blackbox/support/service.js';
import { cliNodeArgs } from '../../../../../scripts/cli-under-test.js';

/** An MCP client and everything its transport's other side wrote to stderr. */
export interface ConnectedClient {
  client: Client;
  stderr(): string;
  close(): Promise<void>;
}

/** `transmute mcp <args>` as a child process, with the SDK's client on its stdio. */
export async function connectStdio(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ConnectedClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliNodeArgs(), 'mcp', ...args],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'transmute-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The SDK's client over Streamable HTTP to `<baseUrl>/mcp` (or `path`), with a bearer credential. */
export async function connectHttp(
  baseUrl: string,
  credential: string,
  path = '/mcp',
): Promise<ConnectedClient> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}${path}`), {
    requestInit: { headers: { authorization: `Bearer ${credential}` } },
  });
  const client = new Client({ name: 'transmute-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => '', close: () => client.close() };
}

/** Calls a tool and returns its result with the progress notifications received meanwhile. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ result: CallToolResult; progress: Progress[] }> {
  const progress: Progress[] = [];
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    onprogress: (update) => progress.push(update),
    timeout: options.timeoutMs ?? 120_000,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  })) as CallToolResult;
  return { result, progress };
}

/** The structured content of a tool result. */
export function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.structuredContent === undefined) {
    throw new Error(`No structured content: ${JSON.stringify(result.content)}`);
  }
  return result.structuredContent as T;
}

/** The text of a tool result's first content item. */
export function firstText(result: CallToolResult): string {
  const [first] = result.content;
  if (first?.type !== 'text') throw new Error(`No text content: ${JSON.stringify(result.content)}`);
  return first.text;
}

/** A web page served on loopback, for URL sources. */
export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `html` at `/page.html` on 127.0.0.1 (the service must allow private networks to fetch it). */
export async function servePage(html: string): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    if (req.url !== '/page.html') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/page.html`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
