import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import type { FetchHandler } from '../src/index.js';
import { createExpressMiddleware } from '../src/express.js';
import { createFastifyFrameworkErrors, createFastifyPlugin } from '../src/fastify.js';
import { createHonoHandler } from '../src/hono.js';
import { createKoaMiddleware } from '../src/koa.js';
import { attachProblemHandlers, createNodeServer } from '../src/node.js';

/** The five mounts. */
export const MOUNTS = ['node', 'express', 'fastify', 'hono', 'koa'] as const;
export type MountName = (typeof MOUNTS)[number];

/** A running server: its base URL and how to stop it. */
export interface RunningMount {
  url: string;
  close(): Promise<void>;
}

function urlOf(server: Server): string {
  const address = server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

async function listen(server: Server): Promise<RunningMount> {
  if (!server.listening) await once(server, 'listening');
  return {
    url: urlOf(server),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the handler on loopback behind one mount. Every server gets the problem handlers, as a
 * user's server should (`attachProblemHandlers`): node's own parse errors answer problem+json too.
 */
export async function startMount(name: MountName, handler: FetchHandler): Promise<RunningMount> {
  switch (name) {
    case 'node':
      return listen(createNodeServer(handler).listen(0, '127.0.0.1'));
    case 'express': {
      const app = express();
      app.use(createExpressMiddleware(handler));
      return listen(attachProblemHandlers(app.listen(0, '127.0.0.1'), handler));
    }
    case 'fastify': {
      const app = Fastify({
        forceCloseConnections: true,
        frameworkErrors: createFastifyFrameworkErrors(handler),
      });
      await app.register(createFastifyPlugin(handler));
      await app.listen({ port: 0, host: '127.0.0.1' });
      attachProblemHandlers(app.server, handler);
      return { url: urlOf(app.server), close: () => app.close() };
    }
    case 'hono': {
      const app = new Hono();
      app.all('*', createHonoHandler(handler));
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      return listen(attachProblemHandlers(server, handler));
    }
    case 'koa': {
      const app = new Koa();
      app.use(createKoaMiddleware(handler));
      return listen(attachProblemHandlers(app.listen(0, '127.0.0.1'), handler));
    }
  }
}
