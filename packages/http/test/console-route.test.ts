import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler } from '../src/index.js';
import { handleConsoleRoute } from '../src/internal/console-route.js';
import type { CoreRequest } from '../src/internal/core-types.js';
import { MOUNTS, startMount, type RunningMount } from './start-mount.js';

// `/console` beside `/v1` (CONTRACT §12a): the built console's files under a strict CSP, on every mount.

const INDEX = '<!doctype html><script type="module" src="./assets/app-Ab12.js"></script><p>console</p>';
const SCRIPT = 'document.title = "console";';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

let harness: Harness;
let root: string;

beforeAll(async () => {
  harness = await startHarness({}, { start: false });
  root = mkdtempSync(join(tmpdir(), 'transmute-console-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'app-Ab12.js'), SCRIPT);
});

afterAll(async () => {
  await harness.close();
  rmSync(root, { recursive: true, force: true });
});

describe.each(MOUNTS)('the console over %s', (mount) => {
  let running: RunningMount;
  beforeAll(async () => {
    running = await startMount(mount, createFetchHandler({ service: harness.service, console: { root } }));
  });
  afterAll(async () => {
    await running.close();
  });

  it('serves index.html at /console with the CSP, nosniff and no-cache', async () => {
    const response = await fetch(`${running.url}/console`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    // From /console the assets are under console/.
    expect(await response.text()).toContain('src="console/assets/app-Ab12.js"');
  });

  it('falls back to index.html below /console, with asset URLs that reach assets/', async () => {
    const top = await fetch(`${running.url}/console/`);
    expect(await top.text()).toContain('src="./assets/app-Ab12.js"');
    const deep = await fetch(`${running.url}/console/jobs/job_123`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-security-policy')).toBe(CSP);
    expect(await deep.text()).toContain('src="../assets/app-Ab12.js"');
  });

  it('serves hashed assets with their type and a year-long immutable cache', async () => {
    const response = await fetch(`${running.url}/console/assets/app-Ab12.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('answers a missing asset, a traversal and another method with problems, not index.html', async () => {
    const missing = await fetch(`${running.url}/console/assets/gone-1234.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(((await missing.json()) as { code: string }).code).toBe('route_not_found');
    const traversal = await fetch(`${running.url}/console/assets/..%2Findex.html`);
    expect(traversal.status).toBe(404);
    await traversal.body?.cancel();
    const post = await fetch(`${running.url}/console`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    await post.body?.cancel();
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${running.url}/console/assets/app-Ab12.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await response.text()).toBe('');
  });
});

describe('a console that is off or not built', () => {
  it('is no route when the handler serves no console', async () => {
    const handler = createFetchHandler({ service: harness.service });
    const response = await handler(new Request('http://127.0.0.1/console'));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('route_not_found');
  });

  it('says how to build it when its directory has no index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'transmute-console-empty-'));
    try {
      const handler = createFetchHandler({ service: harness.service, console: { root: empty } });
      const response = await handler(new Request('http://127.0.0.1/console/'));
      expect(response.status).toBe(404);
      const problem = (await response.json()) as { code: string; detail: string };
      expect(problem.code).toBe('route_not_found');
      expect(problem.detail).toContain('pnpm build');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('keeps /v1 untouched beside the console', async () => {
    const handler = createFetchHandler({ service: harness.service, console: { root } });
    const response = await handler(new Request('http://127.0.0.1/v1/capabilities'));
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});

describe('the console CSP', () => {
  it('lets the page reach the blob store that takes presigned uploads, and no other origin', async () => {
    const page = await handleConsoleRoute(
      {
        method: 'GET',
        path: '/console',
        query: '',
        header: () => null,
        body: () => null,
      } satisfies CoreRequest,
      root,
      ['http://127.0.0.1:4568'],
    );
    expect(page.headers['content-security-policy']).toBe(
      CSP.replace("connect-src 'self';", "connect-src 'self' http://127.0.0.1:4568;"),
    );
  });
});
