import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../src/index.js';
import { createExpressMiddleware } from '../src/express.js';
import { createFastifyPlugin } from '../src/fastify.js';
import { createHonoHandler } from '../src/hono.js';
import { createKoaMiddleware } from '../src/koa.js';
import { createNodeListener } from '../src/node.js';
import { createFakeService } from './fake-service.js';

const AUTH = { authorization: `Bearer tmk_${'a'.repeat(32)}` };

async function listening(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  if (!server.listening) await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const handler = (basePath = ''): FetchHandler =>
  createFetchHandler({ service: createFakeService(), basePath, logger: { error: () => undefined } });

const mounts: Record<string, () => Promise<{ url: string; close: () => Promise<void> }>> = {
  'node with basePath': async () =>
    listening(createServer(createNodeListener(handler('/api'))).listen(0, '127.0.0.1')),
  'express under app.use(prefix)': async () => {
    const app = express();
    app.get('/other', (_req, res) => {
      res.json({ other: true });
    });
    app.use('/api', createExpressMiddleware(handler()));
    return listening(app.listen(0, '127.0.0.1'));
  },
  'fastify with a register prefix': async () => {
    const app = Fastify({ forceCloseConnections: true });
    await app.register(createFastifyPlugin(handler()), { prefix: '/api' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      close: () => app.close(),
    };
  },
  'hono with basePath': async () => {
    const app = new Hono();
    app.all('/api/*', createHonoHandler(handler('/api')));
    return listening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
  },
  'koa with basePath': async () => {
    const app = new Koa();
    app.use(createKoaMiddleware(handler('/api')));
    return listening(app.listen(0, '127.0.0.1'));
  },
};

describe.each(Object.keys(mounts))('%s', (name) => {
  it('serves the API under /api with prefixed Location headers where the handler owns the prefix', async () => {
    const server = await (mounts[name] ?? (() => Promise.reject(new Error(name))))();
    try {
      const read = await fetch(`${server.url}/api/v1/capabilities`, { headers: AUTH });
      expect(read.status).toBe(200);
      const created = await fetch(`${server.url}/api/v1/jobs`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json', 'idempotency-key': 'p1' },
        body: JSON.stringify({ source: { type: 'text', content: 'x' }, output: { profile: 'raw_source' } }),
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toMatch(/\/v1\/jobs\/job_\w+$/);
      const missing = await fetch(`${server.url}/api/v1/nope`, { headers: AUTH });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('request-id')).toMatch(/^req_/);
    } finally {
      await server.close();
    }
  });
});
