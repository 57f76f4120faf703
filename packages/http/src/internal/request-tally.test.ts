import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestTally } from './request-tally.js';

const BOUNDS = [0.005, 0.01, 0.1, 1];
const SERVED: [string, number, number][] = [
  ['getJob', 200, 0.002],
  ['getJob', 200, 0.005],
  ['getJob', 404, 0.03],
  ['createJob', 201, 0.2],
  ['createJob', 201, 7],
  ['metrics', 200, 0.01],
];

/** The same requests counted by prom-client's own instruments, as the HTTP layer did before. */
function reference(): Registry {
  const registry = new Registry();
  const labelNames = ['operation', 'status'] as const;
  const requests = new Counter({
    name: 'transmute_http_requests_total',
    help: 'HTTP requests by operation and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'transmute_http_request_duration_seconds',
    help: 'HTTP request latency until the response head, by operation and status.',
    labelNames,
    buckets: BOUNDS,
    registers: [registry],
  });
  for (const [operation, status, seconds] of SERVED) {
    requests.inc({ operation, status: String(status) });
    duration.observe({ operation, status: String(status) }, seconds);
  }
  return registry;
}

function tallied(): Registry {
  const registry = new Registry();
  const tally = new RequestTally(registry, BOUNDS);
  for (const [operation, status, seconds] of SERVED) tally.record(operation, status, seconds);
  return registry;
}

describe('RequestTally', () => {
  it('exposes the text prom-client’s counter and histogram expose for the same requests', async () => {
    expect(await tallied().metrics()).toBe(await reference().metrics());
  });

  it('reads as JSON as prom-client’s instruments do', async () => {
    expect(await tallied().getMetricsAsJSON()).toEqual(await reference().getMetricsAsJSON());
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = tallied();
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('operation=');
  });
});
