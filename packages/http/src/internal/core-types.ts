/**
 * The framework-neutral request and response the handler works on. The fetch adapter builds them
 * from a Web `Request`; the node:http mount builds them straight from `IncomingMessage`, which
 * spares two object allocations per request on the hot path (see bench/src/http.bench.ts).
 */
export interface CoreRequest {
  method: string;
  /** Path without query string, with the mount prefix already removed. */
  path: string;
  /** Raw query string without `?` ('' when none). */
  query: string;
  /** Header by lower-case name; null when absent. */
  header(name: string): string | null;
  /** The body stream (null when the request has none); called at most once. */
  body(): ReadableStream<Uint8Array> | null;
  /**
   * The whole body at once (empty when there is none), or null as soon as it passes `maxBytes`
   * (the rest is left unread); instead of {@link CoreRequest.body}, never besides it. Mounts that
   * can read their body without a Web stream offer it (node:http: a JSON body on every createJob).
   */
  bytes?(maxBytes: number): Promise<Uint8Array | null>;
}

/** What the handler answers; `body` is a string (JSON), raw bytes, a stream, or nothing. */
export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | ReadableStream<Uint8Array> | null;
}

/** The core: one request in, one response out; never throws. */
export type CoreHandler = (request: CoreRequest) => Promise<CoreResponse>;
