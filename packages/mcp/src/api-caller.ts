import type { TransmuteClient } from '@transmute/client';
import type { FileResource } from '@transmute/contract';
import { OPERATIONS, type OperationId } from '@transmute/contract/operations';

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

type ClientMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * An {@link ApiCaller} over a `@transmute/client` client. The client's methods take the path
 * parameters in the table's order, then the query (list and content operations), then the body,
 * then the request options, so the arguments follow from the operation's row.
 *
 * @example
 * const api = createClientApiCaller(createClient({ baseUrl, apiKey }));
 * const job = await api.call('getJob', { path: { job_id: 'job_0123456789ab' } });
 */
export function createClientApiCaller(client: TransmuteClient): ApiCaller {
  return {
    async call(operationId, call, signal) {
      const operation = OPERATIONS[operationId];
      const args: unknown[] = [...operation.path.matchAll(/\{([a-z_]+)\}/g)].map(
        ([, name = '']) => call.path?.[name],
      );
      if (operation.query !== 'none') args.push({ ...call.query });
      if (operation.requestBody !== null) args.push(call.body);
      args.push(signal === undefined ? {} : { signal });
      return (client[operationId] as ClientMethod)(...args);
    },
    uploadFile(file, signal) {
      return client.uploadFile(
        { name: file.name, mediaType: file.mediaType, bytes: file.bytes },
        { waitUntilValidated: true, ...(signal === undefined ? {} : { signal }) },
      );
    },
  };
}
