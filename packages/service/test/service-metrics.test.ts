import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricValue } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from './support/harness.js';

// The service's own instruments move with webhook deliveries, blob store failures and failed jobs.

let harness: Harness | undefined;
let server: Server | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  server?.closeAllConnections();
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  server = undefined;
});

async function answering(status: number): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook`;
}

/**
 * The sum of a metric's series whose labels include `labels` (a histogram's observation counts),
 * through prom-client's own reading of the registry.
 */
async function valueOf(h: Harness, name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = h.service.metrics.registry.getSingleMetric(name);
  if (metric === undefined) throw new Error(`no metric ${name}`);
  const { values } = (await metric.get()) as { values: (MetricValue<string> & { metricName?: string })[] };
  return values
    .filter((value) => value.metricName === undefined || value.metricName === `${name}_count`)
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('service metrics', () => {
  it('counts and times webhook deliveries by outcome', async () => {
    const fast = { retryDelaysSeconds: [30], pollIntervalMs: 50, timeoutMs: 2000, sweepIntervalMs: 0 };
    harness = await startHarness({ allowPrivateNetworks: true, webhooks: fast });
    const url = await answering(500);
    const endpoint = await harness.service.createWebhookEndpoint(harness.caller, {
      url,
      events: ['job.queued'],
    });
    await harness.service.testWebhookEndpoint(harness.caller, endpoint.id);
    const h = harness;
    await waitFor(async () =>
      (await valueOf(h, 'transmute_webhook_deliveries_total')) > 0 ? true : undefined,
    );
    expect(await valueOf(h, 'transmute_webhook_deliveries_total', { outcome: 'http_error' })).toBe(1);
    expect(await valueOf(h, 'transmute_webhook_delivery_duration_seconds', { outcome: 'http_error' })).toBe(
      1,
    );
  });

  it('counts blob store failures by operation', async () => {
    harness = await startHarness({ workerConcurrency: 0 });
    const job = await harness.service.createJob(harness.caller, {
      source: { type: 'text', content: 'Some text.' },
      output: { profile: 'raw_source' },
    });
    // A stored document that is not there: the worker's read of it fails in the blob store.
    await harness.store.db
      .updateTable('jobs')
      .set({ document_key: 'sha256/00/0000000000000000000000000000000000000000000000000000000000000000' })
      .where('id', '=', job.id)
      .execute();
    await harness.close(true);
    harness = await startHarness({}, { dir: harness.dir });
    const h = harness;
    await waitFor(async () =>
      (await valueOf(h, 'transmute_blob_store_errors_total')) > 0 ? true : undefined,
    );
    expect(await valueOf(h, 'transmute_blob_store_errors_total', { operation: 'getBytes' })).toBeGreaterThan(
      0,
    );
    // Bytes gone are not a bug: the job fails with the stable code for them.
    expect(
      await valueOf(h, 'transmute_plugin_failures_total', { code: 'stored_data_missing' }),
    ).toBeGreaterThan(0);
    expect(
      await valueOf(h, 'transmute_job_duration_seconds', { source_type: 'text', outcome: 'failed' }),
    ).toBe(1);
  });
});
