import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchHandler } from './create-fetch-handler.js';
import { handleNodeRequest } from './node.js';

/** A Fastify plugin (register it, with or without a `prefix`). */
export type FastifyTransmutePlugin = (instance: FastifyInstance) => Promise<void>;

/** Fastify's `frameworkErrors` server option. */
export type FastifyFrameworkErrors = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => void;

/** The URL the API sees: without the plugin's prefix. */
function localUrl(url: string, prefix: string): string {
  return prefix !== '' && url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url;
}

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
      await handleNodeRequest(handler, request.raw, reply.raw, localUrl(request.raw.url ?? '/', prefix));
    };
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    instance.route({ method: [...methods], url: '/*', handler: serve });
    instance.route({ method: [...methods], url: '/', handler: serve });
  };
  return plugin;
}

/** Router errors Fastify answers before any route runs, which the API answers itself under its prefix. */
const ROUTER_ERRORS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * Fastify's `frameworkErrors` option for an instance that mounts the API: Fastify answers a URL it
 * cannot percent-decode with its own JSON 400 before any route runs; with this option such a
 * request under `prefix` gets the API's answer (400 `invalid_parameter`, problem+json, `Request-Id`),
 * like on every other mount. Anything else keeps Fastify's answer.
 *
 * @example
 * const app = Fastify({ frameworkErrors: createFastifyFrameworkErrors(handler) });
 * await app.register(createFastifyPlugin(handler));
 */
export function createFastifyFrameworkErrors(
  handler: FetchHandler,
  options: { prefix?: string } = {},
): FastifyFrameworkErrors {
  const prefix = options.prefix ?? '';
  return (error, request, reply) => {
    const url = request.raw.url ?? '/';
    const path = url.split('?', 1)[0] ?? '';
    const underPrefix = prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
    if (!ROUTER_ERRORS.has(error.code) || !underPrefix) {
      void reply.send(error);
      return;
    }
    reply.hijack();
    handleNodeRequest(handler, request.raw, reply.raw, localUrl(url, prefix)).catch(() =>
      reply.raw.destroy(),
    );
  };
}
