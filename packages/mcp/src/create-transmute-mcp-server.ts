import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { createRequestId } from '@transmute/contract';
import type { ApiCaller } from './api-caller.js';
import { operationTools } from './internal/operation-tools.js';
import { registerResources } from './internal/resources.js';
import { taskTools } from './internal/task-tools.js';
import type { LocalFileReader } from './internal/tool-arguments.js';
import type { ToolContext, ToolDefinition } from './internal/tool-definition.js';
import { errorResult } from './internal/tool-result.js';

/** Version reported in `initialize`. */
const SERVER_VERSION = '0.1.0';

/** Options of {@link createTransmuteMcpServer}. */
export interface TransmuteMcpServerOptions {
  /** How the tools reach the API, with the caller's credential. */
  api: ApiCaller;
  /**
   * Reads local files for `upload_file` and `convert`'s `path`. Give it only where the server runs
   * on the user's machine (stdio); without it those tools are not offered.
   */
  localFiles?: LocalFileReader;
  /**
   * Also offer the administration tools: files, deletes, extra outputs, usage and webhooks (every
   * operation of the v1 API). Off by default: the default set converts and reads, and keeps the
   * tool schemas an agent carries in its context small. `transmute mcp --admin-tools`; over HTTP
   * `/mcp?tools=admin`.
   */
  adminTools?: boolean;
}

const INSTRUCTIONS =
  'Transmute converts documents, web pages, media and data into LLM-ready content. Start with ' +
  '`convert` (a text, a URL or a local file) and page through the result with `read_output`. The ' +
  '`agent_context` profile gives a token-budgeted context pack with citations. createJob, getJob, ' +
  'listJobs, cancelJob, listJobOutputs, getOutput and getCapabilities are there for the rest.';

/** The instructions when the administration tools are offered too. */
const ADMIN_INSTRUCTIONS = `${INSTRUCTIONS} Every other v1 operation (files, deletes, usage, webhooks) has its tool too.`;

function toTool(definition: ToolDefinition): Tool {
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    // The contract's JSON Schemas are plain JSON objects: published as they are.
    inputSchema: definition.inputSchema as Tool['inputSchema'],
    annotations: definition.annotations,
  };
}

/**
 * Creates the Transmute MCP server: the task tools (`convert`, `upload_file`, `wait_for_job`,
 * `read_output`), the operation tools of the default set (or, with `adminTools`, one per v1
 * operation of the contract's table) and the `transmute://` resources. Connect it to a transport (stdio, or {@link handleMcpHttpRequest} for Streamable HTTP).
 *
 * Tools are served through the low-level handlers rather than `registerTool`, which takes zod
 * schemas: the contract's JSON Schemas are published verbatim and validated once, by the API.
 *
 * @example
 * const server = createTransmuteMcpServer({ api: createClientApiCaller(createClient({ baseUrl, apiKey })) });
 * await server.connect(new StdioServerTransport());
 */
export function createTransmuteMcpServer(options: TransmuteMcpServerOptions): McpServer {
  const adminTools = options.adminTools === true;
  const server = new McpServer(
    { name: 'transmute', title: 'Transmute', version: SERVER_VERSION },
    {
      instructions: adminTools ? ADMIN_INSTRUCTIONS : INSTRUCTIONS,
      capabilities: { tools: { listChanged: false } },
    },
  );
  const definitions = [...taskTools(options.localFiles), ...operationTools({ adminTools })];
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions.map(toTool) }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const definition = byName.get(request.params.name);
    if (definition === undefined) {
      // A protocol error (JSON-RPC -32602), carrying a request id in its data as every tool error does.
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found.`, {
        code: 'not_found',
        request_id: createRequestId(),
      });
    }
    const token = request.params._meta?.progressToken;
    const context: ToolContext = {
      api: options.api,
      signal: extra.signal,
      async progress(progress, total, message) {
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total, message },
        });
      },
    };
    return definition.run(request.params.arguments ?? {}, context).catch(errorResult);
  });
  registerResources(server, options.api);
  return server;
}
