import type { CoreRequest, CoreResponse } from './core-types.js';
import type { SeenRequest } from './record-request.js';

/** What the one wrapper made for a request before its surface serves it. */
export interface SurfaceRequest {
  request: CoreRequest;
  requestId: string;
  /**
   * Headers every answer of the request carries, errors included (`Request-Id`, and what a surface
   * learns on the way, such as the rate-limit headers); the wrapper sets them on the response.
   */
  headers: Record<string, string>;
  /** The request span as a W3C traceparent (null without a tracing SDK), carried to its jobs. */
  traceparent: string | null;
  /** What the request turned out to be; starts as the surface's name, a surface may narrow it. */
  seen: SeenRequest;
}

/**
 * One mounted surface of the handler (console, docs, operator routes, blob routes, MCP, `/v1`):
 * the paths it owns and how it answers. It throws a `TransmuteError` for every refusal; the
 * wrapper turns it into the problem body (serve-surface.ts).
 */
export interface Surface {
  /** The operation recorded in metrics, spans and access lines until the surface narrows it. */
  readonly name: string;
  /** True for the paths (mount prefix removed) this surface answers. */
  owns(path: string): boolean;
  serve(request: SurfaceRequest): Promise<CoreResponse>;
}
