import type { CallInput, TransmuteClient } from '@transmute/client';
import type { FileResource } from '@transmute/contract';
import type { OperationId } from '@transmute/contract/operations';

/** What one operation call carries: path parameters, query parameters and the JSON body. */
export interface OperationCall {
  path?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string | number>>;
  body?: unknown;
}

/** A local file read into memory, ready to upload. */
export interface LocalFile {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

/**
 * The small, transport-neutral way the MCP tools reach the v1 API. Every call carries the caller's
 * own credential: over HTTP the request's bearer, over stdio the configured API key (or the local
 * account of `transmute mcp --local`). Failures throw `TransmuteApiError`.
 */
export interface ApiCaller {
  /** Calls one operation of the contract's table and returns its parsed body (undefined for 204). */
  call(operationId: OperationId, call: OperationCall, signal?: AbortSignal): Promise<unknown>;
  /** Direct upload (intent → PUT → complete), then waits until the file leaves `validating`. */
  uploadFile(file: LocalFile, signal?: AbortSignal): Promise<FileResource>;
}

/**
 * An {@link ApiCaller} over a `@transmute/client` client: each call goes to the client's
 * `call(operationId, input)`, which takes the operation's path parameters, query and body by name.
 *
 * @example
 * const api = createClientApiCaller(createClient({ baseUrl, apiKey }));
 * const job = await api.call('getJob', { path: { job_id: 'job_0123456789ab' } });
 */
export function createClientApiCaller(client: TransmuteClient): ApiCaller {
  return {
    call(operationId, call, signal) {
      // The tools build each operation's input from its row of the table; the id is known only at
      // run time here, so the input is the table's shape for any operation.
      const input = { path: call.path, query: call.query, body: call.body } as CallInput<OperationId>;
      return client.call(operationId, input, signal === undefined ? {} : { signal });
    },
    uploadFile(file, signal) {
      return client.uploadFile(
        { name: file.name, mediaType: file.mediaType, bytes: file.bytes },
        { waitUntilValidated: true, ...(signal === undefined ? {} : { signal }) },
      );
    },
  };
}
