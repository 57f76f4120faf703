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
 * on GET, and a cancel sent on another request cannot reach a running call — waits are bounded;
 * a client that drops the answer's stream does stop its call).
 *
 * @example
 * const response = await handleMcpHttpRequest(request, { api: createClientApiCaller(client) });
 */
export async function handleMcpHttpRequest(
  request: Request,
  options: McpHttpRequestOptions,
): Promise<Response> {
  // The caller chooses the tool set per request (`/mcp?tools=admin`): the tools only ever act with
  // the caller's own credential, so the choice is about the size of its context, not its rights.
  const adminTools = options.adminTools ?? new URL(request.url).searchParams.get('tools') === 'admin';
  const server = createTransmuteMcpServer({ ...options, adminTools });
  const transport = new WebStandardStreamableHTTPServerTransport(
    options.maxBodyBytes === undefined ? {} : { maxRequestBodySize: options.maxBodyBytes },
  );
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  if (response.body === null) {
    await server.close();
    return response;
  }
  const body = closingWhenDone(response.body, () => server.close());
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * The answer's stream, running `close` once it ends or the client goes away. Closing the server
 * aborts what still runs for the request: a client that drops the stream stops its call (and
 * `convert` then cancels the job it created).
 */
function closingWhenDone(
  stream: ReadableStream<Uint8Array>,
  close: () => Promise<void>,
): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  const finish = (): void => {
    close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        finish();
        return;
      }
      controller.enqueue(value);
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason);
    },
  });
}
