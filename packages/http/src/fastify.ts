import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchHandler } from './create-fetch-handler.js';
import { handleNodeRequest } from './node.js';

/** A Fastify plugin (register it, with or without a `prefix`). */
export type FastifyTransmutePlugin = (instance: FastifyInstance) => Promise<void>;

/**
 * Mounts the API on Fastify 5 as an encapsulated plugin: inside it every content-type parser is
 * replaced by one that leaves the body unread, so the handler streams the raw request itself (body
 * limits, uploads), and replies are hijacked so the handler writes the raw response.
 *
 * @example
 * await app.register(createFastifyPlugin(createFetchHandler({ service })));
 * await app.register(createFastifyPlugin(handler), { prefix: '/api' });
 */
export function createFastifyPlugin(handler: FetchHandler): FastifyTransmutePlugin {
  const plugin = async (instance: FastifyInstance): Promise<void> => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', (_request, _payload, done) => {
      done(null);
    });
    const prefix = instance.prefix;
    const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.hijack();
      const url = request.raw.url ?? '/';
      const local = prefix !== '' && url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url;
      await handleNodeRequest(handler, request.raw, reply.raw, local);
    };
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    instance.route({ method: [...methods], url: '/*', handler: serve });
    instance.route({ method: [...methods], url: '/', handler: serve });
  };
  return plugin;
}
