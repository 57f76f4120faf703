import { describe, expect, it } from 'vitest';

describe('public exports', () => {
  it('exports exactly the documented API from each entry point', async () => {
    expect(Object.keys(await import('../src/index.js')).sort()).toEqual([
      'DEFAULT_PLAN_RATE_LIMITS',
      'ROUTES',
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

  it('routes exactly the 25 operations of the spec', async () => {
    const { ROUTES } = await import('../src/index.js');
    expect(ROUTES).toHaveLength(25);
    expect(new Set(ROUTES.map((route) => route.operation)).size).toBe(25);
  });
});

describe('routing table', () => {
  it('matches the contract operation table (method, path) one to one', async () => {
    const { ROUTES } = await import('../src/index.js');
    const { API_OPERATIONS } = await import('@transmute/contract');
    const ours = ROUTES.map((route) => `${route.operation} ${route.method} ${route.path}`).sort();
    const theirs = API_OPERATIONS.map((op) => `${op.operationId} ${op.method} ${op.path}`).sort();
    expect(ours).toEqual(theirs);
  });
});
