import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_ERRORS,
  buildOpenApiDocument,
  FAILURE_CODES,
  renderOpenApi,
  type ApiErrorCode,
} from '@transmute/contract';
import { DOCS_CONTENT_SECURITY_POLICY } from '@transmute/docs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';
import { toProblem } from '../src/internal/problem.js';
import { attachProblemHandlers, createNodeListener } from '../src/node.js';
import { createFakeService } from './fake-service.js';
import { MOUNTS, startMount, type RunningMount } from './start-mount.js';

// `{base}/docs`, `{base}/openapi.json` and `{base}/openapi.yaml` beside `/v1` (CONTRACT §12a).

async function expectPage(url: string, text: string): Promise<void> {
  const response = await fetch(url);
  expect({ url, status: response.status }).toEqual({ url, status: 200 });
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toBe(DOCS_CONTENT_SECURITY_POLICY);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const body = await response.text();
  expect(body).toContain(text);
  // The one script is the site's own file (copy buttons); nothing inline.
  expect(body).toMatch(/<script src="(\.\.\/)*copy\.js" defer><\/script>/);
  expect(body.replace(/<script src="(\.\.\/)*copy\.js" defer><\/script>/, '')).not.toMatch(
    /<script|\sstyle=|\son[a-z]+=/i,
  );
}

describe('the Content-Security-Policy of the docs', () => {
  it('allows nothing but the site itself: no inline script or style, no framing, no base', () => {
    const directives = new Map(
      DOCS_CONTENT_SECURITY_POLICY.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(Object.fromEntries(directives)).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    });
  });
});

describe.each(MOUNTS)('docs and OpenAPI on the %s mount', (mount) => {
  let running: RunningMount;
  beforeAll(async () => {
    const handler = createFetchHandler({ service: createFakeService(), logger: { error: () => undefined } });
    running = await startMount(mount, handler);
  });
  afterAll(() => running.close());

  it('serves openapi.json and openapi.yaml equal to the contract document', async () => {
    const json = await fetch(`${running.url}/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const jsonText = await json.text();
    expect(jsonText).toBe(renderOpenApi('json'));
    expect(JSON.parse(jsonText)).toEqual(buildOpenApiDocument());
    const yaml = await fetch(`${running.url}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    const yamlText = await yaml.text();
    expect(yamlText).toBe(renderOpenApi('yaml'));
    expect(parseYaml(yamlText)).toEqual(buildOpenApiDocument());
  });

  it('redirects /docs to /docs/ and serves the pages with a strict CSP', async () => {
    const bare = await fetch(`${running.url}/docs`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(new URL(bare.headers.get('location') ?? '', `${running.url}/docs`).href).toBe(
      `${running.url}/docs/`,
    );
    await expectPage(`${running.url}/docs/`, 'Transmute documentation');
    await expectPage(`${running.url}/docs/reference.html`, 'createJob');
    await expectPage(`${running.url}/docs/problems/not_found`, 'How to fix it');
    await expectPage(`${running.url}/docs/problems/not_found.html`, 'How to fix it');
    const style = await fetch(`${running.url}/docs/style.css`);
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const script = await fetch(`${running.url}/docs/copy.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves a page for every job failure code, and the profiles page', async () => {
    for (const code of Object.keys(FAILURE_CODES))
      await expectPage(`${running.url}/docs/failures/${code}`, 'What to do');
    await expectPage(`${running.url}/docs/profiles.html`, 'dataset_markdown');
  });

  it('answers /favicon.ico with the site icon, not a 404', async () => {
    const icon = await fetch(`${running.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it('answers an unknown page 404 route_not_found and a POST 405, as problems', async () => {
    const missing = await fetch(`${running.url}/docs/problems/no_such_code`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('route_not_found');
    const posted = await fetch(`${running.url}/docs/`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${running.url}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(renderOpenApi('json')));
  });
});

describe('docs under a base path', () => {
  it('redirects {base}/docs to {base}/docs/ and serves the problem pages there', async () => {
    const handler = createFetchHandler({ service: createFakeService(), basePath: '/api' });
    const bare = await handler(new Request('http://localhost/api/docs'));
    expect(new URL(bare.headers.get('location') ?? '', 'http://localhost/api/docs').href).toBe(
      'http://localhost/api/docs/',
    );
    const page = await handler(new Request('http://localhost/api/docs/problems/rate_limited'));
    expect(page.status).toBe(200);
  });
});

describe('problem type URIs of a real server point at its own docs', () => {
  let harness: Harness;
  let server: Server;
  let base: string;
  let apiKey: string;
  let handler: FetchHandler;

  beforeAll(async () => {
    // The service's public base URL is the server's own address, as `transmute serve` sets it.
    server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    harness = await startHarness({ baseUrl: base });
    ({ apiKey } = await harness.service.admin.createApiKey(harness.caller.accountId));
    handler = createFetchHandler({ service: harness.service, logger: { error: () => undefined } });
    server.on('request', createNodeListener(handler));
    attachProblemHandlers(server, handler);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await harness.close();
  });

  const send = (path: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const key = init.key === undefined ? apiKey : init.key;
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    return fetch(`${base}${path}`, { ...init, headers });
  };

  it('defaults the docs base to {base}/docs', () => {
    expect(handler.docsBaseUrl).toBe(`${base}/docs`);
  });

  it.each<[ApiErrorCode, () => Promise<Response>]>([
    ['route_not_found', () => send('/v1/nothing-here')],
    ['unauthenticated', () => send('/v1/jobs', { key: null })],
    ['invalid_token', () => send('/v1/jobs', { key: `tmk_${'z'.repeat(32)}` })],
    ['method_not_allowed', () => send('/v1/jobs', { method: 'PUT' })],
    ['not_found', () => send('/v1/jobs/job_doesnotexist01')],
    ['invalid_parameter', () => send('/v1/jobs?bogus=1')],
    ['idempotency_key_missing', () => send('/v1/jobs', { method: 'POST', body: '{}' })],
    [
      'validation_failed',
      () =>
        send('/v1/jobs', {
          method: 'POST',
          body: JSON.stringify({ source: { type: 'text' } }),
          headers: { 'content-type': 'application/json', 'idempotency-key': 'docs-test-1' },
        }),
    ],
  ])('a real %s answer links a page that answers 200', async (code, request) => {
    const response = await request();
    const problem = (await response.json()) as { code: string; type: string };
    expect(problem.code).toBe(code);
    expect(problem.type).toBe(`${base}/docs/problems/${code}`);
    await expectPage(problem.type, code);
  });

  it('every catalogue code has a page at the type URI the server emits for it', async () => {
    for (const code of Object.keys(API_ERRORS) as ApiErrorCode[]) {
      const { type } = toProblem(code, '', [], { requestId: 'req_docs', docsBaseUrl: handler.docsBaseUrl });
      await expectPage(type, API_ERRORS[code].title);
    }
  });
});
