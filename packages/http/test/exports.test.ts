import { describe, expect, it } from 'vitest';

describe('public exports', () => {
  it('exports exactly the documented API from each entry point', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual([
      'DEFAULT_PLAN_RATE_LIMITS',
      'createFetchHandler',
      'stripBasePath',
      'toWebResponse',
    ]);
    expect(Object.keys(await import('../src/node.js')).sort()).toEqual([
      'createNodeListener',
      'handleNodeRequest',
    ]);
    expect(Object.keys(await import('../src/express.js'))).toEqual(['createExpressMiddleware']);
    expect(Object.keys(await import('../src/fastify.js'))).toEqual(['createFastifyPlugin']);
    expect(Object.keys(await import('../src/hono.js'))).toEqual(['createHonoHandler']);
    expect(Object.keys(await import('../src/koa.js'))).toEqual(['createKoaMiddleware']);
  });
});
