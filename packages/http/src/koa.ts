import type { Context, Next } from 'koa';
import type { FetchHandler } from './create-fetch-handler.js';
import { handleNodeRequest } from './node.js';

/** A Koa middleware. */
export type KoaMiddleware = (ctx: Context, next: Next) => Promise<void>;

/**
 * Mounts the API on Koa 3. The handler writes the raw response itself (`ctx.respond = false`)
 * and reads the raw request stream, so register it before any body parser. With koa-mount the
 * prefix is already stripped from `ctx.url`.
 *
 * @example
 * app.use(createKoaMiddleware(createFetchHandler({ service })));
 */
export function createKoaMiddleware(handler: FetchHandler): KoaMiddleware {
  return async (ctx) => {
    ctx.respond = false;
    await handleNodeRequest(handler, ctx.req, ctx.res, ctx.url);
  };
}
