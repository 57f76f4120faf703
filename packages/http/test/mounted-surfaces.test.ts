import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

// Every mounted surface goes through one wrapper: whatever the surface, an answer carries a
// Request-Id, an error is a problem body naming that id, and the request is counted in the metrics
// and traced under the surface's operation. A surface wired around the wrapper fails here.

/** One failing request per surface, with the operation it is recorded under and the problem code. */
const FAILURES = [
  { surface: 'console', method: 'POST', path: '/console', operation: 'console', code: 'method_not_allowed' },
  { surface: 'docs', method: 'GET', path: '/docs/no-such-page', operation: 'docs', code: 'route_not_found' },
  {
    surface: 'openapi',
    method: 'DELETE',
    path: '/openapi.json',
    operation: 'openapi',
    code: 'method_not_allowed',
  },
  { surface: 'operator', method: 'POST', path: '/healthz', operation: 'healthz', code: 'method_not_allowed' },
  { surface: 'upload', method: 'PUT', path: '/uploads/not-a-token', operation: 'upload', code: 'not_found' },
  {
    surface: 'artifact',
    method: 'POST',
    path: '/artifacts/x',
    operation: 'artifact',
    code: 'method_not_allowed',
  },
  { surface: 'mcp', method: 'POST', path: '/mcp', operation: 'mcp', code: 'unauthenticated' },
  { surface: 'v1', method: 'GET', path: '/v1/jobs', operation: 'listJobs', code: 'unauthenticated' },
  { surface: 'no route', method: 'GET', path: '/nowhere', operation: 'unmatched', code: 'route_not_found' },
] as const;

/** One successful request per surface. */
const SUCCESSES = [
  { path: '/console', operation: 'console' },
  { path: '/docs/', operation: 'docs' },
  { path: '/openapi.json', operation: 'openapi' },
  { path: '/healthz', operation: 'healthz' },
] as const;

describe('the table of mounted surfaces', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let harness: Harness;
  let handler: FetchHandler;
  let root: string;

  beforeAll(async () => {
    trace.setGlobalTracerProvider(provider);
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    harness = await startHarness({}, { start: false });
    root = mkdtempSync(join(tmpdir(), 'transmute-surfaces-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><p>console</p>');
    handler = createFetchHandler({
      service: harness.service,
      console: { root },
      logger: { error: () => undefined },
    });
  });

  afterAll(async () => {
    await harness.close();
    await provider.shutdown();
    trace.disable();
    context.disable();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(FAILURES)(
    'answers a failed $surface request with a problem body and its request id',
    async (failure) => {
      exporter.reset();
      const response = await handler(
        new Request(`http://localhost${failure.path}`, { method: failure.method }),
      );
      const requestId = response.headers.get('request-id');
      expect(requestId).toMatch(/^req_/);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await response.json()) as { code: string; status: number; request_id: string };
      expect(problem).toMatchObject({ code: failure.code, status: response.status, request_id: requestId });
      const spans = exporter.getFinishedSpans();
      expect(spans.map((span) => span.name)).toEqual([`transmute.request ${failure.operation}`]);
      expect(spans[0]?.attributes['http.response.status_code']).toBe(response.status);
    },
  );

  it.each(SUCCESSES)('answers $path with a request id and a traced span', async (success) => {
    exporter.reset();
    const response = await handler(new Request(`http://localhost${success.path}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      `transmute.request ${success.operation}`,
    ]);
  });

  it('counts every surface in the request metrics under its operation', async () => {
    const text = await (await handler(new Request('http://localhost/metrics'))).text();
    const requests = parsePrometheusTextFormat(text).find(
      (family) => family.name === 'transmute_http_requests_total',
    );
    const counted = new Set(
      (requests?.metrics ?? []).map((sample) => `${sample.labels?.operation} ${sample.labels?.status}`),
    );
    for (const failure of FAILURES) {
      const status =
        failure.code === 'method_not_allowed' ? 405 : failure.code === 'unauthenticated' ? 401 : 404;
      expect(counted, failure.surface).toContain(`${failure.operation} ${status}`);
    }
    for (const success of SUCCESSES) expect(counted, success.path).toContain(`${success.operation} 200`);
  });
});
