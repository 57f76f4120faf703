import type { Context } from 'hono';
import type { FetchHandler } from './create-fetch-handler.js';

/** A Hono handler. */
export type HonoHandler = (c: Context) => Promise<Response>;

/**
 * Mounts the API on Hono 4: the handler is Web-native, so this only hands over `c.req.raw`.
 * Route every method and path to it (`app.all('*', …)`), or use `app.mount('/api', handler)`
 * which strips the prefix itself.
 *
 * @example
 * app.all('*', createHonoHandler(createFetchHandler({ service })));
 * serve({ fetch: app.fetch, port: 8080 }); // @hono/node-server
 */
export function createHonoHandler(handler: FetchHandler): HonoHandler {
  return (c) => handler(c.req.raw);
}
