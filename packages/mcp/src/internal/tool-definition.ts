import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '@transmute/contract';
import type { ApiCaller } from '../api-caller.js';

/** What a running tool may use: the API, the client's cancel signal, and progress notifications. */
export interface ToolContext {
  api: ApiCaller;
  /** Aborted when the client cancels the call (`notifications/cancelled`) or the transport closes. */
  signal: AbortSignal;
  /** Sends `notifications/progress` when the client asked for them (`_meta.progressToken`); else nothing. */
  progress(progress: number, total: number, message: string): Promise<void>;
}

/** One tool: its name, description and JSON Schema as `tools/list` publishes them, and what it does. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
  /** Runs the tool; what it throws becomes a tool error carrying the problem (`errorResult`). */
  run(args: Readonly<Record<string, unknown>>, context: ToolContext): Promise<CallToolResult>;
}
