export { createTransmuteMcpServer, type TransmuteMcpServerOptions } from './create-transmute-mcp-server.js';
export { handleMcpHttpRequest, type McpHttpRequestOptions } from './handle-mcp-http-request.js';
export { serveStdio } from './serve-stdio.js';
export { createClientApiCaller, type ApiCaller, type LocalFile, type OperationCall } from './api-caller.js';
export { WAIT_SECONDS, type LocalFileReader } from './internal/tool-arguments.js';
export { CONTENT_URI_TEMPLATE, JOB_URI_TEMPLATE, OUTPUT_URI_TEMPLATE } from './internal/resource-uris.js';
