import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { FetchHandler } from './create-fetch-handler.js';
import { handleNodeRequest } from './node.js';

/** An Express middleware. */
export type ExpressMiddleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void;

/**
 * Mounts the API on Express 5. Register it before any body parser (or under a prefix that has
 * none): the handler reads the raw request stream itself, for body limits and streamed uploads.
 * Under a prefix, Express strips it from `req.url`, so the handler needs no `basePath`.
 *
 * @example
 * app.use(createExpressMiddleware(createFetchHandler({ service })));
 * app.use('/api', createExpressMiddleware(handler)); // upload/download URLs then need base_url …/api
 */
export function createExpressMiddleware(handler: FetchHandler): ExpressMiddleware {
  return (req, res, next) => {
    if (req.readableEnded && req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'DELETE') {
      next(new Error('A body parser consumed the request before the Transmute middleware; mount it first.'));
      return;
    }
    handleNodeRequest(handler, req, res, req.url).catch(next);
  };
}
