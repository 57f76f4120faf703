import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import type { FetchHandler } from '@transmute/http';
import { createExpressMiddleware } from '@transmute/http/express';
import { createFastifyPlugin } from '@transmute/http/fastify';
import { createHonoHandler } from '@transmute/http/hono';
import { createKoaMiddleware } from '@transmute/http/koa';
import { createNodeListener } from '@transmute/http/node';

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

/** Starts the handler on loopback behind one mount. */
export async function startMount(name: MountName, handler: FetchHandler): Promise<RunningMount> {
  switch (name) {
    case 'node':
      return listen(createServer(createNodeListener(handler)).listen(0, '127.0.0.1'));
    case 'express': {
      const app = express();
      app.use(createExpressMiddleware(handler));
      return listen(app.listen(0, '127.0.0.1'));
    }
    case 'fastify': {
      const app = Fastify({ forceCloseConnections: true });
      await app.register(createFastifyPlugin(handler));
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { url: urlOf(app.server), close: () => app.close() };
    }
    case 'hono': {
      const app = new Hono();
      app.all('*', createHonoHandler(handler));
      return listen(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
    }
    case 'koa': {
      const app = new Koa();
      app.use(createKoaMiddleware(handler));
      return listen(app.listen(0, '127.0.0.1'));
    }
  }
}
