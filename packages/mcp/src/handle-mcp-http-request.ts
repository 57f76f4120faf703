import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createTransmuteMcpServer, type TransmuteMcpServerOptions } from './create-transmute-mcp-server.js';

/** Options of {@link handleMcpHttpRequest}. */
export interface McpHttpRequestOptions extends TransmuteMcpServerOptions {
  /** Largest JSON-RPC body accepted (default the SDK's 4 MiB); larger answers 413. */
  maxBodyBytes?: number;
}

/**
 * Answers one Streamable HTTP request, statelessly: a fresh server and transport per request, no
 * session id, the answer streamed as SSE (so progress notifications travel before the result).
 * Stateless because every request is then authenticated and scoped on its own and any instance of
 * the API can answer it; the price is that nothing outlives a request (no server-initiated stream
 * on GET, and a cancel sent on another request cannot reach a running call — waits are bounded).
 *
 * @example
 * const response = await handleMcpHttpRequest(request, { api: createClientApiCaller(client) });
 */
export async function handleMcpHttpRequest(
  request: Request,
  options: McpHttpRequestOptions,
): Promise<Response> {
  const server = createTransmuteMcpServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport(
    options.maxBodyBytes === undefined ? {} : { maxRequestBodySize: options.maxBodyBytes },
  );
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  if (response.body === null) await server.close();
  return response;
}
