import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceConfig } from '@transmute/service';
import { startHarness, waitForJob, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler, type MetricsRouteOptions } from '../src/index.js';

// `/healthz`, `/readyz` and `/metrics` beside `/v1` (CONTRACT §12a), on the real service.

const JOB_BODY = {
  source: { type: 'text', content: '# Metrics\n\nCounted text.' },
  output: { profile: 'raw_source' },
};

interface Started {
  harness: Harness;
  apiKey: string;
  handler: FetchHandler;
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no metric ${name} in the scrape`);
  return found;
}

/** The value of the sample of `name` whose labels include `labels` (0 when there is none). */
function sampleValue(
  families: PrometheusFamily[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const sample = family(families, name).metrics.find((entry) =>
    Object.entries(labels).every(([key, value]) => entry.labels?.[key] === value),
  );
  return Number(sample?.value ?? 0);
}

/**
 * The observation count of a histogram's series, read from the `_count` line of the text: the
 * parser merges a histogram's labelled series into one and drops their labels.
 */
function histogramCount(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith(`${name}_count{`) && wanted.every((pair) => entry.includes(pair)));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe('operator routes', () => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });

  async function start(config: Partial<ServiceConfig> = {}, metrics?: MetricsRouteOptions): Promise<Started> {
    const harness = await startHarness(config);
    harnesses.push(harness);
    const { apiKey } = await harness.service.admin.createApiKey(harness.caller.accountId);
    const handler = createFetchHandler({
      service: harness.service,
      basePath: '/api',
      logger: { error: () => undefined },
      ...(metrics === undefined ? {} : { metrics }),
    });
    return { harness, apiKey, handler };
  }

  const get = (
    handler: FetchHandler,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<Response> => handler(new Request(`http://localhost/api${path}`, { headers }));

  async function scrapeText(handler: FetchHandler, headers: Record<string, string> = {}): Promise<string> {
    const response = await get(handler, '/metrics', headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }
  const scrape = async (
    handler: FetchHandler,
    headers: Record<string, string> = {},
  ): Promise<PrometheusFamily[]> => parsePrometheusTextFormat(await scrapeText(handler, headers));

  it('answers /healthz and /readyz with every check passing on a running service', async () => {
    const { handler } = await start();
    expect(await (await get(handler, '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get(handler, '/readyz');
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(ready.status).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual([
      'blob_store',
      'migrations',
      'shutdown',
      'store',
      'workers',
    ]);
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);
  });

  it('answers /readyz 503 once the service is shutting down', async () => {
    const { harness, handler } = await start();
    const closing = harness.service.close();
    const response = await get(handler, '/readyz');
    const body = (await response.json()) as { status: string; checks: { shutdown: { ok: boolean } } };
    await closing;
    expect(response.status).toBe(503);
    expect(body.status).toBe('not_ready');
    expect(body.checks.shutdown.ok).toBe(false);
  });

  it('answers /readyz 503 while draining, with the store still reachable', async () => {
    const { harness, handler } = await start();
    harness.service.beginShutdown();
    const response = await get(handler, '/readyz');
    const body = (await response.json()) as { checks: Record<string, { ok: boolean; detail: string }> };
    expect(response.status).toBe(503);
    expect(body.checks.shutdown).toEqual({ ok: false, detail: 'shutting down' });
    expect(body.checks.store?.ok).toBe(true);
    expect((await get(handler, '/healthz')).status).toBe(200);
  });

  it('reports a process without workers as ready', async () => {
    const { handler } = await start({ workerConcurrency: 0 });
    const body = (await (await get(handler, '/readyz')).json()) as {
      checks: { workers: { detail: string } };
    };
    expect(body.checks.workers.detail).toBe('no workers in this process');
  });

  it('refuses methods other than GET and HEAD on the operator routes', async () => {
    const { handler } = await start();
    const response = await handler(new Request('http://localhost/api/readyz', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('serves Prometheus text whose request and job values move after requests and a job', async () => {
    const { harness, apiKey, handler } = await start();
    const auth = { authorization: `Bearer ${apiKey}` };
    const before = await scrape(handler);
    expect(sampleValue(before, 'transmute_http_requests_total', { operation: 'getCapabilities' })).toBe(0);
    expect(family(before, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');

    expect((await get(handler, '/v1/capabilities', auth)).status).toBe(200);
    expect((await get(handler, '/v1/capabilities')).status).toBe(401);
    const created = await handler(
      new Request('http://localhost/api/v1/jobs', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'metrics-job' },
        body: JSON.stringify(JOB_BODY),
      }),
    );
    expect(created.status).toBe(201);
    const job = (await created.json()) as { id: string };
    await waitForJob(harness, job.id, ['succeeded']);
    // The worker records the run's duration after the job's end is committed: wait for the record,
    // read off the registry itself (a scrape would count as a request).
    const observed = async (): Promise<boolean> =>
      (await harness.service.metrics.jobDuration.get()).values.some(
        (sample) => sample.metricName === 'transmute_job_duration_seconds_count' && sample.value > 0,
      );
    for (let tries = 0; tries < 100 && !(await observed()); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const text = await scrapeText(handler);
    const after = parsePrometheusTextFormat(text);
    const requests = (labels: Record<string, string>): number =>
      sampleValue(after, 'transmute_http_requests_total', labels);
    expect(requests({ operation: 'getCapabilities', status: '200' })).toBe(1);
    expect(requests({ operation: 'getCapabilities', status: '401' })).toBe(1);
    expect(requests({ operation: 'createJob', status: '201' })).toBe(1);
    expect(requests({ operation: 'metrics', status: '200' })).toBe(1);
    const latency = { operation: 'createJob', status: '201' };
    expect(histogramCount(text, 'transmute_http_request_duration_seconds', latency)).toBe(1);
    expect(sampleValue(after, 'transmute_jobs', { state: 'succeeded' })).toBe(1);
    expect(sampleValue(after, 'transmute_queue_depth')).toBe(0);
    expect(sampleValue(after, 'transmute_queue_oldest_age_seconds')).toBe(0);
    const jobLabels = { source_type: 'text', outcome: 'completed' };
    expect(histogramCount(text, 'transmute_job_duration_seconds', jobLabels)).toBe(1);
    expect(text).toMatch(/^transmute_job_stage_duration_seconds_count\{stage="[a-z_]+"\} [1-9]/m);
  });

  it('counts queued jobs and the age of the oldest one', async () => {
    const { harness, apiKey, handler } = await start({ workerConcurrency: 0 });
    for (const key of ['q1', 'q2']) {
      const response = await handler(
        new Request('http://localhost/api/v1/jobs', {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify(JOB_BODY),
        }),
      );
      expect(response.status).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const families = await scrape(handler);
    expect(sampleValue(families, 'transmute_queue_depth')).toBe(2);
    expect(sampleValue(families, 'transmute_jobs', { state: 'queued' })).toBe(2);
    expect(sampleValue(families, 'transmute_queue_oldest_age_seconds')).toBeGreaterThan(0);
    expect(harness.service.metrics.registry).not.toBe((await start()).harness.service.metrics.registry);
  });

  it('keeps /metrics behind its bearer token when one is set, and off when disabled', async () => {
    const { handler } = await start({}, { token: 'scrape-secret' });
    expect((await get(handler, '/metrics')).status).toBe(401);
    expect((await get(handler, '/metrics', { authorization: 'Bearer wrong' })).status).toBe(401);
    await scrape(handler, { authorization: 'Bearer scrape-secret' });
    const { handler: closed } = await start({}, false);
    expect((await get(closed, '/metrics')).status).toBe(404);
  });
});
