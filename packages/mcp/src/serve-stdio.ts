import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTransmuteMcpServer, type TransmuteMcpServerOptions } from './create-transmute-mcp-server.js';

/**
 * Serves the MCP server on this process's stdin/stdout (the transport of `transmute mcp`). Resolves
 * when the client closes stdin; nothing else may write to stdout meanwhile (it is the channel).
 *
 * @example
 * await serveStdio({ api: createClientApiCaller(client), localFiles: readLocalFile });
 */
export async function serveStdio(options: TransmuteMcpServerOptions): Promise<void> {
  const server = createTransmuteMcpServer(options);
  const ended = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  await ended;
  await server.close();
}
