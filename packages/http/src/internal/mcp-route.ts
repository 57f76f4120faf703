import type * as Client from '@transmute/client';
import { TransmuteError } from '@transmute/contract';
import type * as Mcp from '@transmute/mcp';
import type { Authenticator } from './authenticate.js';
import type { CoreRequest, CoreResponse } from './core-types.js';
import type { SeenRequest } from './record-request.js';
import type { Surface } from './surface.js';

/** What the `/mcp` route needs from the handler. */
export interface McpRouteSettings {
  authenticate: Authenticator;
  /** The v1 API as a Web function; every tool call goes through it with the caller's credential. */
  callApi: (request: Request) => Promise<Response>;
  /** Largest MCP request body: a `convert` text may be as large as a createJob body. */
  maxBodyBytes: number;
}

/** The path of the MCP endpoint, beside `/v1` (CONTRACT §12a). */
export const MCP_PATH = '/mcp';

/** Headers of the Streamable HTTP transport that the MCP transport reads. */
const FORWARDED_HEADERS = [
  'accept',
  'content-type',
  'content-length',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
] as const;

/**
 * The MCP server and the client its tools call the API with, loaded on the first `/mcp` request: a
 * server that is never asked over MCP does not load the MCP SDK (a fifth of `serve`'s start-up).
 */
const loadMcp = (): Promise<[typeof Client, typeof Mcp]> =>
  Promise.all([import('@transmute/client'), import('@transmute/mcp')]);
let mcpModules: ReturnType<typeof loadMcp> | undefined;

/** The address in-process API calls are made to; the handler never looks at the host. */
const IN_PROCESS_BASE = 'http://transmute.internal';

function toWebRequest(request: CoreRequest): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.header(name);
    if (value !== null) headers.set(name, value);
  }
  const body = request.method === 'POST' ? request.body() : null;
  // The query goes along: `?tools=admin` chooses the MCP tool set.
  const query = request.query === '' ? '' : `?${request.query}`;
  return new Request(`${IN_PROCESS_BASE}${MCP_PATH}${query}`, {
    method: request.method,
    headers,
    ...(body === null ? {} : { body, duplex: 'half' }),
  });
}

async function serveMcp(
  request: CoreRequest,
  settings: McpRouteSettings,
  headers: Record<string, string>,
  seen: SeenRequest,
): Promise<CoreResponse> {
  // As on /v1, the method is checked before the credential. Stateless Streamable HTTP: no
  // server-initiated stream on GET, no session to DELETE.
  if (request.method !== 'POST') {
    throw new TransmuteError('method_not_allowed', 'Use POST: this MCP endpoint is stateless.', {
      headers: { allow: 'POST' },
    });
  }
  const authorization = request.header('authorization');
  seen.accountId = (await settings.authenticate(authorization)).id;
  const credential = (authorization ?? '').replace(/^\s*Bearer\s+/i, '').trim();
  const [{ createClient }, { createClientApiCaller, handleMcpHttpRequest }] = await (mcpModules ??=
    loadMcp());
  // The tools call the API through the same handler, with the caller's own credential.
  const client = createClient({
    baseUrl: IN_PROCESS_BASE,
    apiKey: credential,
    maxRetries: 0,
    fetch: (input, init) => settings.callApi(new Request(input, init)),
  });
  const response = await handleMcpHttpRequest(toWebRequest(request), {
    api: createClientApiCaller(client),
    maxBodyBytes: settings.maxBodyBytes,
  });
  const answer: Record<string, string> = { ...headers };
  response.headers.forEach((value, name) => {
    answer[name] = value;
  });
  return { status: response.status, headers: answer, body: response.body };
}

/**
 * `/mcp` (Model Context Protocol, Streamable HTTP) beside the API as a mounted surface: POST only
 * (405 with `Allow`), bearer authentication as for `/v1` (a missing or bad credential answers the
 * 401 problem), then one stateless MCP exchange whose tools reach the API in-process under the
 * caller's account (each tool call is an API request with an access line of its own).
 */
export function mcpSurface(settings: McpRouteSettings): Surface {
  return {
    name: 'mcp',
    owns: (path) => path === MCP_PATH,
    serve: ({ request, headers, seen }) => serveMcp(request, settings, headers, seen),
  };
}
